// A channel's featured videos for the Playlists panel: the list with how full it is, and changes to it.
// The platform replaces the list as a whole (part B, "Featured videos of a channel"), so adding, removing
// and reordering are one call each: the list as it should be.
import type { FeaturedVideos, NamespaceImplementation, featuredNamespace } from '../../../preload/contract.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { CHANNEL_GONE, explained, featuredFull } from './collection-errors.js';
import { videoRow } from './collection-rows.js';

const FEATURED_GONE = 'This channel no longer exists, or it does not show featured videos (a password-locked channel shows them to its owner only). Reload the list of channels.';

export class FeaturedVideoService extends PlatformBackedService implements NamespaceImplementation<typeof featuredNamespace> {
  async state(channelId: string): Promise<FeaturedVideos> {
    const api = await this.api();
    const capacity = await explained(() => api.featuredVideos.capacity(channelId), { byStatus: { 404: FEATURED_GONE } });
    return { channelId, videos: await this.#videos(api, channelId), capacity };
  }

  async set(channelId: string, videoIds: readonly string[]): Promise<FeaturedVideos> {
    const api = await this.api();
    const capacity = await explained(() => api.featuredVideos.set(channelId, [...new Set(videoIds)]), {
      full: featuredFull,
      byStatus: {
        403: 'A channel can feature only your own videos, on a channel of yours. Choose one of your videos.',
        404: `A video in the list, or the channel, no longer exists. ${CHANNEL_GONE}`,
      },
    });
    return { channelId, videos: await this.#videos(api, channelId), capacity };
  }

  async #videos(api: PlatformApi, channelId: string) {
    const videos = [];
    for await (const video of api.featuredVideos.list(channelId)) videos.push(videoRow(video));
    return videos;
  }
}
