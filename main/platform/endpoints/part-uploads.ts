// Upload over HTTP in 1 MB parts, as the platform runs today (docs/platform-api/current.md, "Upload: HTTP
// in 1 MB parts"): create the video (an upload id back), post each part as a multipart form, say the
// upload is complete, then follow its status and transcoding progress. The parts themselves are cut,
// read, sent in parallel and journaled in main/uploads/, not here. Not part of createPlatformApi (the client
// of the spec's parts A and B, checked row by row against them): the part transport takes it on its own.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { UPLOAD_STATUSES } from './schemas.js';

/** "`videoId (integer)`": kept as a string, like every other video id of the app. */
const createdUploadBody = z.looseObject({
  videoId: z.union([z.number().int().nonnegative(), z.string().min(1)]).transform(String),
  uploadId: z.string().min(1),
});
export type CreatedPartUpload = z.output<typeof createdUploadBody>;

/** `progress` is the transcoding's integer percentage; a platform that leaves it out says nothing about it. */
const partUploadStatusBody = z.looseObject({
  status: z.enum(UPLOAD_STATUSES),
  progress: z.number().min(0).max(100).nullable().optional(),
});
export interface PartUploadStatus {
  readonly status: (typeof UPLOAD_STATUSES)[number];
  /** Percent of the transcoding done, or null when the platform did not say. */
  readonly progress: number | null;
}

export interface PartUploadCreate {
  readonly title?: string;
  readonly description?: string;
  readonly protect?: 'public' | 'private';
}

/** One part of a file, as the platform asks for it. */
export interface UploadPart {
  readonly uploadId: string;
  readonly partIndex: number;
  readonly totalPartCount: number;
  readonly totalFileSize: number;
  /** The part's bytes (1 MB, the last part the rest). */
  readonly data: Uint8Array;
  /** The name the `file` field carries. */
  readonly fileName: string;
}

export function partUploadsApi(caller: PlatformCaller) {
  const videoPath = (channelId: string, videoId: string) => `/v2/channels/${segment(channelId)}/uploads/${segment(videoId)}`;
  return {
    async create(channelId: string, create: PartUploadCreate = {}): Promise<CreatedPartUpload> {
      const { body } = await caller.call(
        {
          method: 'POST',
          path: `/v2/channels/${segment(channelId)}/uploads.json`,
          form: { title: create.title, description: create.description, protect: create.protect },
          endpoint: 'POST /v2/channels/{channel_id}/uploads.json',
        },
        createdUploadBody,
      );
      return body;
    },

    /** A repeated part replaces the bytes sent before, so a part is safe to send again (`idempotent`). */
    async part(channelId: string, videoId: string, part: UploadPart): Promise<void> {
      const fields = { uploadId: part.uploadId, partIndex: part.partIndex, totalPartCount: part.totalPartCount, totalFileSize: part.totalFileSize };
      await send(caller, {
        method: 'POST',
        path: `${videoPath(channelId, videoId)}/part.json`,
        body: multipartForm(fields, { name: 'file', fileName: part.fileName, data: part.data }),
        endpoint: 'POST /v2/channels/{channel_id}/uploads/{video_id}/part.json',
        idempotent: true,
      });
    },

    /** Every part is on the platform: it starts processing. */
    async completed(channelId: string, videoId: string, uploadId: string): Promise<void> {
      await send(caller, { method: 'POST', path: `${videoPath(channelId, videoId)}/completed.json`, form: { uploadId }, endpoint: 'POST /v2/channels/{channel_id}/uploads/{video_id}/completed.json' });
    },

    async status(channelId: string, videoId: string): Promise<PartUploadStatus> {
      const { body } = await caller.call(
        { method: 'GET', path: `/channels/${segment(channelId)}/uploads/${segment(videoId)}.json`, endpoint: 'GET /channels/{channel_id}/uploads/{video_id}.json' },
        partUploadStatusBody,
      );
      return { status: body.status, progress: body.progress ?? null };
    },
  };
}

export type PartUploadsApi = ReturnType<typeof partUploadsApi>;

/** A `multipart/form-data` body (RFC 7578): the text fields, then the file. */
export function multipartForm(fields: Readonly<Record<string, string | number>>, file: { name: string; fileName: string; data: Uint8Array }): { data: Uint8Array; contentType: string } {
  const boundary = `companion-${randomBytes(16).toString('hex')}`;
  const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');
  let head = '';
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const data = Buffer.concat([Buffer.from(head, 'utf8'), file.data, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]);
  return { data, contentType: `multipart/form-data; boundary=${boundary}` };
}
