// Videos (spec part B, "Videos"): a channel's and the user's lists, one video at a detail level, edit
// and delete.
import { numberedList, type ListPage } from '../paging.js';
import type { PlatformCaller, PlatformRequest } from '../platform-request.js';
import { readAuth, segment, send, type ReadOptions } from './request-parts.js';
import { videoBody, videoListBody, type Video } from './schemas.js';

export type VideoProtection = 'public' | 'private';

export interface VideoListOptions {
  /** Videos per request (default 50, at most 50); the iterator asks for every page. */
  readonly pageSize?: number;
  /** Text search: public videos only, and only when `protect` is not set. */
  readonly q?: string;
  /** `recent` (by created_at, the default) or `popular` (by views). */
  readonly sort?: 'recent' | 'popular';
  /** Only videos of these protection levels (`filter[protect]`). */
  readonly protect?: readonly VideoProtection[];
}

export type VideoListPage = ListPage<Video>;

export interface VideoGetOptions extends ReadOptions {
  /** `minimal`: id and links only. `owner`: adds sensitive data such as `stream.dhls`; needs the owner's token. */
  readonly detailLevel?: 'minimal' | 'owner';
}

export interface VideoEdit {
  readonly title?: string;
  readonly description?: string;
  readonly protect?: VideoProtection;
}

export function videosApi(caller: PlatformCaller) {
  const videoList = (path: string, endpoint: string, options: VideoListOptions, auth: PlatformRequest['auth']) =>
    numberedList(endpoint, async (page) => {
      // filter[protect] is "comma separated without whitespace"; an empty set is no filter.
      const query = { page, pagesize: options.pageSize, q: options.q, sort: options.sort, 'filter[protect]': options.protect?.join(',') || undefined };
      const { body } = await caller.call({ method: 'GET', path, query, endpoint, auth }, videoListBody);
      return { items: body.videos, paging: body.paging };
    });
  const channelList = (channelId: string) => `/channels/${segment(channelId)}/videos.json`;
  const CHANNEL_LIST = 'GET /channels/<channel_id>/videos.<format>';
  const USER_LIST = 'GET /users/self/videos.<format>';
  const videoPath = (videoId: string) => `/videos/${segment(videoId)}.json`;
  return {
    /** A protected channel's list is its owner's only (401 otherwise). */
    listForChannel(channelId: string, options: VideoListOptions & ReadOptions = {}): AsyncIterable<Video> {
      return videoList(channelList(channelId), CHANNEL_LIST, options, readAuth(options)).all();
    },

    listForUser(options: VideoListOptions = {}): AsyncIterable<Video> {
      return videoList('/users/self/videos.json', USER_LIST, options, 'user').all();
    },

    /** One page (1-based) of a channel's videos, for a view that pages instead of reading everything. */
    pageForChannel(channelId: string, page: number, options: VideoListOptions & ReadOptions = {}): Promise<VideoListPage> {
      return videoList(channelList(channelId), CHANNEL_LIST, options, readAuth(options)).page(page);
    },

    /** One page (1-based) of the user's videos. */
    pageForUser(page: number, options: VideoListOptions = {}): Promise<VideoListPage> {
      return videoList('/users/self/videos.json', USER_LIST, options, 'user').page(page);
    },

    /** A video of a protected channel comes at the minimal level without a token. */
    async get(videoId: string, options: VideoGetOptions = {}): Promise<Video> {
      const { body } = await caller.call(
        { method: 'GET', path: videoPath(videoId), query: { detail_level: options.detailLevel }, endpoint: 'GET /videos/<video_id>.<format>', auth: readAuth(options) },
        videoBody,
      );
      return body.video;
    },

    /** Every field is OPTIONAL in the later revision of the spec, which is followed. */
    async edit(videoId: string, edit: VideoEdit): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: videoPath(videoId),
        form: { title: edit.title, description: edit.description, protect: edit.protect },
        endpoint: 'PUT /videos/<video_id>.<format>',
      });
    },

    async remove(videoId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: videoPath(videoId), endpoint: 'DELETE /videos/<video_id>.<format>' });
    },
  };
}
