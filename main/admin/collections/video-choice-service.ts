// The videos to choose from when adding to a featured list or a playlist: a channel's or all of the user's,
// optionally searched, a page at a time.
import type { VideoChoicePage, VideoChoiceRequest, NamespaceImplementation, videoChoicesNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { CHANNEL_GONE, explained } from './collection-errors.js';
import { videoRow } from './collection-rows.js';

const VIDEO_CHOICES_PAGE_SIZE = 50;

export class VideoChoiceService extends PlatformBackedService implements NamespaceImplementation<typeof videoChoicesNamespace> {
  async page(request: VideoChoiceRequest): Promise<VideoChoicePage> {
    const api = await this.api();
    const options = { pageSize: VIDEO_CHOICES_PAGE_SIZE, q: request.q || undefined };
    return explained(
      async () => {
        const page = request.channelId === null ? await api.videos.pageForUser(request.page, options) : await api.videos.pageForChannel(request.channelId, request.page, options);
        return { items: page.items.map(videoRow), page: request.page, hasPrevious: page.hasPrevious, hasNext: page.hasNext };
      },
      { byStatus: { 404: CHANNEL_GONE } },
    );
  }
}
