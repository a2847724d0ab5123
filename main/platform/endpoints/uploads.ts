// Upload by FTP (spec part B, "Upload by FTP"): initialise (FTP details back), upload the file by FTP
// (main/uploads/, not here), say it is ready, then follow its status.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { ftpUploadDetailsSchema, uploadStatusBody, type FtpUploadDetails, type UploadStatus } from './schemas.js';

export interface UploadInit {
  readonly title?: string;
  readonly description?: string;
  /** "level of protection; the allowed levels: not shown" (the sandbox takes 0 public, 1 private). */
  readonly protect?: number;
}

export function uploadsApi(caller: PlatformCaller) {
  const uploadPath = (channelId: string, videoId: string) => `/channels/${segment(channelId)}/uploads/${segment(videoId)}.json`;
  return {
    /** `type=videoupload-ftp` is the one query parameter of a write call in the spec; the rest is form. */
    async init(channelId: string, init: UploadInit = {}): Promise<FtpUploadDetails> {
      const { body } = await caller.call(
        {
          method: 'POST',
          path: `/channels/${segment(channelId)}/uploads.json`,
          query: { type: 'videoupload-ftp' },
          form: { title: init.title, description: init.description, protect: init.protect },
          endpoint: 'POST /channels/<channel_id>/uploads.<format>?type=videoupload-ftp',
        },
        ftpUploadDetailsSchema,
      );
      return body;
    },

    /** Signals that the file is in place on the FTP server. */
    async markReady(channelId: string, videoId: string): Promise<void> {
      await send(caller, { method: 'PUT', path: uploadPath(channelId, videoId), form: { status: 'ready' }, endpoint: 'PUT /channels/<channel_id>/uploads/<video_id>.<format>' });
    },

    async status(channelId: string, videoId: string): Promise<UploadStatus> {
      const { body } = await caller.call({ method: 'GET', path: uploadPath(channelId, videoId), endpoint: 'GET /channels/<channel_id>/uploads/<video_id>.<format>' }, uploadStatusBody);
      return body.status;
    },
  };
}
