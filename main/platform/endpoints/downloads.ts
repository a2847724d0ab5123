// Temporary download files of a video (spec part B, "Download"): ask for one, poll until it is
// `available`, then use `download_url` within 24 hours. Own videos only.
import type { PlatformCaller } from '../platform-request.js';
import { segment } from './request-parts.js';
import { downloadableBody, type Downloadable } from './schemas.js';

export type DownloadFormat = 'mp4' | 'flv';

export function downloadsApi(caller: PlatformCaller) {
  const path = (videoId: string, videoFormat: DownloadFormat) => `/videos/${segment(videoId)}/downloadable/${segment(videoFormat)}.json`;
  return {
    async get(videoId: string, videoFormat: DownloadFormat): Promise<Downloadable> {
      const { body } = await caller.call(
        { method: 'GET', path: path(videoId, videoFormat), endpoint: 'GET /videos/<video_id>/downloadable/<video_format>.<format>' },
        downloadableBody,
      );
      return body.downloadable;
    },

    /**
     * Asks for the file to be generated (an empty body). Asking again only reports the same file's
     * state (`pending`, then `available`), so a retry is safe.
     */
    async request(videoId: string, videoFormat: DownloadFormat): Promise<Downloadable> {
      const { body } = await caller.call(
        { method: 'POST', path: path(videoId, videoFormat), endpoint: 'POST /videos/<video_id>/downloadable/<video_format>.<format>', idempotent: true },
        downloadableBody,
      );
      return body.downloadable;
    },
  };
}
