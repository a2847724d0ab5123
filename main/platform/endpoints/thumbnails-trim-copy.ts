// A video's thumbnail, trim and partial copy (spec part B, "Thumbnail, trim, copy").
import type { PlatformCaller } from '../platform-request.js';
import { segment, send, sendImage, type ImageFile } from './request-parts.js';
import { copyRequestSchema, copyStatusSchema, trimBody, type CopyRequest, type CopyStatus, type Trim } from './schemas.js';

export interface TrimRange {
  /** Seconds; the trimmed part is at least 10 seconds long. */
  readonly start: number;
  readonly end: number;
}

export interface CopyOrder extends TrimRange {
  readonly title: string;
  readonly description?: string;
}

export function thumbnailsTrimCopyApi(caller: PlatformCaller) {
  const base = (videoId: string) => `/videos/${segment(videoId)}`;
  return {
    /** Under 10 MB and 4000 x 4000 px (sent as the logo is: see sendImage). */
    async uploadThumbnail(videoId: string, image: ImageFile): Promise<void> {
      await sendImage(caller, 'POST', `${base(videoId)}/thumbnail.json`, 'POST /videos/<video_id>/thumbnail.<format>', image);
    },

    /** The thumbnail becomes the frame at `position` seconds; setting the same frame twice is harmless. */
    async setThumbnailFrame(videoId: string, position: number): Promise<void> {
      await send(caller, {
        method: 'POST',
        path: `${base(videoId)}/thumbnail/frame.json`,
        form: { position },
        endpoint: 'POST /videos/<video_id>/thumbnail/frame.<format>',
        idempotent: true,
      });
    },

    /** Playback start and end; the original file is unchanged, and an unsaved auto-recorded video is saved. */
    async setTrim(videoId: string, range: TrimRange): Promise<void> {
      await send(caller, { method: 'PUT', path: `${base(videoId)}/trim.json`, form: { start: range.start, end: range.end }, endpoint: 'PUT /videos/<video_id>/trim.<format>' });
    },

    async getTrim(videoId: string): Promise<Trim> {
      const { body } = await caller.call({ method: 'GET', path: `${base(videoId)}/trim.json`, endpoint: 'GET /videos/<video_id>/trim.<format>' }, trimBody);
      return body.trim;
    },

    async removeTrim(videoId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(videoId)}/trim.json`, endpoint: 'DELETE /videos/<video_id>/trim.<format>' });
    },

    /** Copies a part into a new, unpublished video on the same channel; follow it with `copyStatus`. */
    async copy(videoId: string, order: CopyOrder): Promise<CopyRequest> {
      const { body } = await caller.call(
        {
          method: 'POST',
          path: `${base(videoId)}/copy.json`,
          form: { start: order.start, end: order.end, title: order.title, description: order.description },
          endpoint: 'POST /videos/<video_id>/copy.<format>',
        },
        copyRequestSchema,
      );
      return body;
    },

    async copyStatus(requestId: string): Promise<CopyStatus> {
      const { body } = await caller.call(
        { method: 'GET', path: `/videos-copy-status/${segment(requestId)}.json`, endpoint: 'GET /videos-copy-status/<request_id>.<format>' },
        copyStatusSchema,
      );
      return body;
    },
  };
}
