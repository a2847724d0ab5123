// Playlists for the Playlists panel: the user's and a channel's, a page at a time; create, rename, delete;
// a playlist's videos in order with how full it is; add, remove and move a video. The platform's refusals
// become sentences that say what to do.
import type { NewPlaylist, PlaylistContents, PlaylistPage, PlaylistPageRequest, PlaylistRow, NamespaceImplementation, playlistsNamespace } from '../../../preload/contract.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { CHANNEL_GONE, explained, PLAYLIST_GONE, playlistFull } from './collection-errors.js';
import { playlistRow, playlistVideoRow } from './collection-rows.js';

const BAD_TITLE = `The platform refused this title. Give the playlist a title of 1 to 100 characters on one line.`;
const VIDEO_OR_PLAYLIST_GONE = 'This playlist, or the video, no longer exists. Reload the playlist.';

export class PlaylistService extends PlatformBackedService implements NamespaceImplementation<typeof playlistsNamespace> {
  /** Empty playlists too: a playlist just created holds nothing yet, and the streamer must see it to fill it. */
  async page(request: PlaylistPageRequest): Promise<PlaylistPage> {
    const api = await this.api();
    const { channelId, page } = request;
    const found = await explained(
      () => (channelId === null ? api.playlists.pageForUser(page, { includeEmpty: true }) : api.playlists.pageForChannel(channelId, page, { includeEmpty: true })),
      { byStatus: { 404: 'This channel no longer exists, or it does not show playlists on its page. Reload the list of channels.' } },
    );
    return { channelId, items: found.items.map(playlistRow), page, hasPrevious: found.hasPrevious, hasNext: found.hasNext };
  }

  async create(request: NewPlaylist): Promise<PlaylistRow> {
    const api = await this.api();
    const { channelId, title } = request;
    const byStatus = { 400: BAD_TITLE, 404: CHANNEL_GONE };
    if (channelId === null) return playlistRow((await explained(() => api.playlists.create(title), { byStatus })).playlist);
    // The channel creation answers only where the playlist is (its Location): it is read from there.
    const created = await explained(() => api.playlists.createForChannel(channelId, title), { byStatus });
    return playlistRow(await api.playlists.get(created.playlistId));
  }

  async rename(playlistId: string, title: string): Promise<PlaylistRow> {
    const api = await this.api();
    await explained(() => api.playlists.rename(playlistId, title), { byStatus: { 400: BAD_TITLE, 404: PLAYLIST_GONE } });
    return playlistRow(await explained(() => api.playlists.get(playlistId), { byStatus: { 404: PLAYLIST_GONE } }));
  }

  async remove(playlistId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.playlists.remove(playlistId), { byStatus: { 404: PLAYLIST_GONE } });
    return null;
  }

  async contents(playlistId: string): Promise<PlaylistContents> {
    const api = await this.api();
    const capacity = await explained(() => api.playlists.capacity(playlistId), { byStatus: { 404: PLAYLIST_GONE } });
    return this.#contents(api, playlistId, capacity);
  }

  async addVideo(playlistId: string, videoId: string): Promise<PlaylistContents> {
    const api = await this.api();
    const capacity = await explained(() => api.playlists.addVideo(playlistId, videoId), {
      full: playlistFull,
      byStatus: { 403: "This video is someone else's private video, or the playlist is not yours. Choose one of your videos or a public one.", 404: VIDEO_OR_PLAYLIST_GONE },
    });
    return this.#contents(api, playlistId, capacity);
  }

  async removeVideo(playlistId: string, videoId: string): Promise<PlaylistContents> {
    const api = await this.api();
    const capacity = await explained(() => api.playlists.removeVideo(playlistId, videoId), {
      byStatus: { 404: 'This video is not in the playlist any more (or the playlist is gone). Reload the playlist.' },
    });
    return this.#contents(api, playlistId, capacity);
  }

  /** `position` counts from 1, as the playlist's `order` does. */
  async moveVideo(playlistId: string, videoId: string, position: number): Promise<PlaylistContents> {
    const api = await this.api();
    await explained(() => api.playlists.setVideoPosition(playlistId, videoId, position), {
      byStatus: { 400: 'That place is outside the playlist: it changed meanwhile. Reload the playlist and move the video again.', 404: VIDEO_OR_PLAYLIST_GONE },
    });
    return this.contents(playlistId);
  }

  async #contents(api: PlatformApi, playlistId: string, capacity: PlaylistContents['capacity']): Promise<PlaylistContents> {
    const videos = [];
    for await (const video of api.playlists.listVideos(playlistId)) videos.push(video);
    // The list comes in playlist order; `order` (when sent) is the platform's word on it.
    videos.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    return { playlistId, videos: videos.map(playlistVideoRow), capacity };
  }
}
