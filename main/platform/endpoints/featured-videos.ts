// The featured videos of a channel (spec part B, "Featured videos of a channel").
import { pagedItems, pageOf } from '../paging.js';
import type { PlatformCaller } from '../platform-request.js';
import { collectionCapacity, readAuth, segment, type CollectionCapacity, type ReadOptions } from './request-parts.js';
import { unspecifiedBody, videoListBody, type Video } from './schemas.js';

export interface FeaturedVideoListOptions extends ReadOptions {
  /** Videos per request (default 50, at most 50); the iterator asks for every page. */
  readonly pageSize?: number;
  readonly detailLevel?: 'minimal';
}

export function featuredVideosApi(caller: PlatformCaller) {
  const path = (channelId: string) => `/channels/${segment(channelId)}/featured-videos.json`;
  return {
    list(channelId: string, options: FeaturedVideoListOptions = {}): AsyncIterable<Video> {
      const endpoint = 'GET /channels/<channel_id>/featured-videos.<format>';
      return pagedItems(endpoint, async (page) => {
        const { body } = await caller.call(
          { method: 'GET', path: path(channelId), query: { page, pagesize: options.pageSize, detail_level: options.detailLevel }, endpoint, auth: readAuth(options) },
          videoListBody,
        );
        return pageOf(body.videos, body.paging);
      });
    },

    /**
     * How full the featured list is ("N of M"), before changing it: the headers of a one-video read. A
     * platform that sends them only with the update (as the spec shows) gives nulls here.
     */
    async capacity(channelId: string): Promise<CollectionCapacity> {
      const endpoint = 'GET /channels/<channel_id>/featured-videos.<format>';
      return collectionCapacity(endpoint, await caller.call({ method: 'GET', path: path(channelId), query: { page: 1, pagesize: 1 }, endpoint }, videoListBody));
    },

    /**
     * Makes these the channel's featured videos (`video_ids[]` entries; no videos is one empty entry, as a
     * form cannot send an empty array). The spec defines no success body, only how full the collection
     * is, in headers; 413 `limit_reached` (a CollectionFullError) when it overflows.
     */
    async set(channelId: string, videoIds: readonly string[]): Promise<CollectionCapacity> {
      const endpoint = 'PUT /channels/<channel_id>/featured-videos.<format>';
      const form = { video_ids: videoIds.length === 0 ? [''] : videoIds };
      return collectionCapacity(endpoint, await caller.call({ method: 'PUT', path: path(channelId), form, endpoint }, unspecifiedBody));
    },
  };
}
