// Playlists (spec part B, "Playlists"): the user's playlists, a channel's playlists, and the videos in
// a playlist. A channel playlist can be read without a token; a user's playlist needs one.
import { malformedResponse } from '../malformed-response.js';
import { numberedList, pagedItems, pageOf, type ListPage } from '../paging.js';
import type { PlatformCaller, PlatformRequest } from '../platform-request.js';
import { collectionCapacity, readAuth, segment, send, type CollectionCapacity, type ReadOptions } from './request-parts.js';
import { playlistBody, playlistListBody, playlistVideoBody, playlistVideoListBody, unspecifiedBody, type Playlist, type PlaylistVideo } from './schemas.js';

export interface PlaylistListOptions {
  /** Playlists per request (default 50, at most 50); the iterator asks for every page. */
  readonly pageSize?: number;
  /** Include empty playlists (`filter[include_empty]`, an integer flag; default false). */
  readonly includeEmpty?: boolean;
}

export interface PlaylistVideoListOptions extends ReadOptions {
  /** Videos per request (default 200, at most 200); the iterator asks for every page. */
  readonly pageSize?: number;
  readonly detailLevel?: 'minimal';
}

export interface CreatedPlaylist {
  readonly playlist: Playlist;
  /** The `Location` header: the new playlist's URL, null if the platform left it out. */
  readonly location: string | null;
}

export interface CreatedChannelPlaylist {
  /** The `Location` header, the one thing the spec says this call answers. */
  readonly location: string;
  /** Read from the last segment of `location` (`.../playlists/<playlist_id>.json`). */
  readonly playlistId: string;
}

export function playlistsApi(caller: PlatformCaller) {
  const playlistPath = (playlistId: string) => `/playlists/${segment(playlistId)}.json`;
  const videoPath = (playlistId: string, videoId: string) => `/playlists/${segment(playlistId)}/videos/${segment(videoId)}`;
  const playlistList = (path: string, endpoint: string, options: PlaylistListOptions, auth: PlatformRequest['auth']) =>
    numberedList(endpoint, async (page) => {
      const query = { page, pagesize: options.pageSize, 'filter[include_empty]': options.includeEmpty === undefined ? undefined : Number(options.includeEmpty) };
      const { body } = await caller.call({ method: 'GET', path, query, endpoint, auth }, playlistListBody);
      return { items: body.playlists, paging: body.paging };
    });
  const channelPlaylistsPath = (channelId: string) => `/channels/${segment(channelId)}/playlists.json`;
  return {
    /** The signed-in user's playlists. */
    listForUser(options: PlaylistListOptions = {}): AsyncIterable<Playlist> {
      return playlistList('/playlists.json', 'GET /playlists.<format>', options, 'user').all();
    },

    /** One page (1-based) of the user's playlists, for a view that pages instead of reading everything. */
    pageForUser(page: number, options: PlaylistListOptions = {}): Promise<ListPage<Playlist>> {
      return playlistList('/playlists.json', 'GET /playlists.<format>', options, 'user').page(page);
    },

    async create(title: string): Promise<CreatedPlaylist> {
      const { body, headers } = await caller.call({ method: 'POST', path: '/playlists.json', form: { title }, endpoint: 'POST /playlists.<format>' }, playlistBody);
      return { playlist: body.playlist, location: headers.get('Location') };
    },

    async get(playlistId: string, options: ReadOptions = {}): Promise<Playlist> {
      const { body } = await caller.call({ method: 'GET', path: playlistPath(playlistId), endpoint: 'GET /playlists/<playlist_id>.<format>', auth: readAuth(options) }, playlistBody);
      return body.playlist;
    },

    /**
     * How full the playlist is ("N of M"), before changing it: the headers of the playlist read. A platform
     * that sends them only when videos are added or removed (as the spec shows) gives nulls here.
     */
    async capacity(playlistId: string, options: ReadOptions = {}): Promise<CollectionCapacity> {
      const endpoint = 'GET /playlists/<playlist_id>.<format>';
      return collectionCapacity(endpoint, await caller.call({ method: 'GET', path: playlistPath(playlistId), endpoint, auth: readAuth(options) }, playlistBody));
    },

    async rename(playlistId: string, title: string): Promise<void> {
      await send(caller, { method: 'PUT', path: playlistPath(playlistId), form: { title }, endpoint: 'PUT /playlists/<playlist_id>.<format>' });
    },

    async remove(playlistId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: playlistPath(playlistId), endpoint: 'DELETE /playlists/<playlist_id>.<format>' });
    },

    listVideos(playlistId: string, options: PlaylistVideoListOptions = {}): AsyncIterable<PlaylistVideo> {
      const endpoint = 'GET /playlists/<playlist_id>/videos.<format>';
      return pagedItems(endpoint, async (page) => {
        const { body } = await caller.call(
          {
            method: 'GET',
            path: `/playlists/${segment(playlistId)}/videos.json`,
            query: { page, pagesize: options.pageSize, detail_level: options.detailLevel },
            endpoint,
            auth: readAuth(options),
          },
          playlistVideoListBody,
        );
        return pageOf(body.videos, body.paging);
      });
    },

    /** 404 also when the video is not in the playlist. */
    async getVideo(playlistId: string, videoId: string, options: ReadOptions = {}): Promise<PlaylistVideo> {
      const { body } = await caller.call(
        { method: 'GET', path: `${videoPath(playlistId, videoId)}.json`, endpoint: 'GET /playlists/<playlist_id>/videos/<video_id>.<format>', auth: readAuth(options) },
        playlistVideoBody,
      );
      return body.video;
    },

    /** Adds the video; the answer is how full the playlist is (413 `limit_reached`, a CollectionFullError, when it was full). */
    async addVideo(playlistId: string, videoId: string): Promise<CollectionCapacity> {
      const endpoint = 'PUT /playlists/<playlist_id>/videos/<video_id>.<format>';
      return collectionCapacity(endpoint, await caller.call({ method: 'PUT', path: `${videoPath(playlistId, videoId)}.json`, endpoint }, unspecifiedBody));
    },

    async removeVideo(playlistId: string, videoId: string): Promise<CollectionCapacity> {
      const endpoint = 'DELETE /playlists/<playlist_id>/videos/<video_id>.<format>';
      return collectionCapacity(endpoint, await caller.call({ method: 'DELETE', path: `${videoPath(playlistId, videoId)}.json`, endpoint }, unspecifiedBody));
    },

    /** Moves the video to `position` in the playlist, counted as the videos' `order` is (the sandbox starts at 1). */
    async setVideoPosition(playlistId: string, videoId: string, position: number): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `${videoPath(playlistId, videoId)}/position.json`,
        form: { position },
        endpoint: 'PUT /playlists/<playlist_id>/videos/<video_id>/position.<format>',
      });
    },

    /** 404 when the channel does not show playlists on its page. */
    listForChannel(channelId: string, options: PlaylistListOptions & ReadOptions = {}): AsyncIterable<Playlist> {
      return playlistList(channelPlaylistsPath(channelId), 'GET /channels/<channel_id>/playlists.<format>', options, readAuth(options)).all();
    },

    /** One page (1-based) of a channel's playlists. */
    pageForChannel(channelId: string, page: number, options: PlaylistListOptions & ReadOptions = {}): Promise<ListPage<Playlist>> {
      return playlistList(channelPlaylistsPath(channelId), 'GET /channels/<channel_id>/playlists.<format>', options, readAuth(options)).page(page);
    },

    /** `enabled` (`is_enabled`, an integer flag): shown on the channel page; the platform's default is enabled. */
    async createForChannel(channelId: string, title: string, options: { readonly enabled?: boolean } = {}): Promise<CreatedChannelPlaylist> {
      const endpoint = 'POST /channels/<channel_id>/playlists.<format>';
      const response = await caller.call(
        {
          method: 'POST',
          path: `/channels/${segment(channelId)}/playlists.json`,
          form: { title, is_enabled: options.enabled === undefined ? undefined : Number(options.enabled) },
          endpoint,
        },
        unspecifiedBody,
      );
      const location = response.headers.get('Location');
      const playlistId = location === null ? null : playlistIdIn(location);
      // The playlist exists now, but without its id the app cannot show or use it.
      if (location === null || playlistId === null) throw malformedResponse(endpoint, response.status, 'no Location header naming the new playlist');
      return { location, playlistId };
    },
  };
}

/** The id in `.../playlists/<playlist_id>.<format>`, absolute or relative. */
function playlistIdIn(location: string): string | null {
  const match = /\/playlists\/([^/?#]+?)(?:\.(?:json|xml))?(?:[?#].*)?$/.exec(location);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
