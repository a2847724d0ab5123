// The videos to choose from when adding to a featured list or a playlist: a channel's or all of the user's,
// optionally searched, a page at a time.
import type { VideoChoicePage, VideoChoiceRequest } from '../../preload/contract.js';
import type { PlatformApi } from '../platform/endpoints/index.js';
import { CHANNEL_GONE, explained } from './collection-errors.js';
import { videoRow } from './collection-rows.js';

const VIDEO_CHOICES_PAGE_SIZE = 50;

export class VideoChoiceService {
  readonly #platformApi: () => Promise<PlatformApi>;

  constructor(platformApi: () => Promise<PlatformApi>) {
    this.#platformApi = platformApi;
  }

  /**
   * The typed client reads video lists as iterators, so page N walks the N pages before it (and peeks at
   * the next one to know whether there is more). A picker is rarely paged far; the Videos panel owns the
   * video list calls, and a direct page read belongs there.
   */
  async page(request: VideoChoiceRequest): Promise<VideoChoicePage> {
    const api = await this.#platformApi();
    const options = { pageSize: VIDEO_CHOICES_PAGE_SIZE, q: request.q || undefined };
    const videos = request.channelId === null ? api.videos.listForUser(options) : api.videos.listForChannel(request.channelId, options);
    const skip = (request.page - 1) * VIDEO_CHOICES_PAGE_SIZE;
    return explained(
      async () => {
        const items = [];
        let index = 0;
        for await (const video of videos) {
          if (index++ < skip) continue;
          if (items.length === VIDEO_CHOICES_PAGE_SIZE) return { items, page: request.page, hasPrevious: request.page > 1, hasNext: true };
          items.push(videoRow(video));
        }
        return { items, page: request.page, hasPrevious: request.page > 1, hasNext: false };
      },
      { byStatus: { 404: CHANNEL_GONE } },
    );
  }
}
