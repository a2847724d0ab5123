// The videos in a playlist (spec part B, "Playlists"): listed in playlist order with paging (200 a page),
// read one, add (413 limit_reached when full), remove, and move to a position. Adding and removing answer
// how full the playlist is in the X-Collection-* headers; the list and the playlist read say it too.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { addToPlaylist, moveInPlaylist, positionOf, removeFromPlaylist } from '../state/playlists.js';
import { nowSeconds } from '../state/random.js';
import { findVideo } from './access.js';
import { capacityHeaders, limitReached, type CollectionLimits } from './collection-capacity.js';
import { pageOf, pageRequest, urlPaging } from './paging.js';
import { listDetail, mayAddVideo, ownedPlaylist, permissionDenied, readablePlaylist, visibleTo } from './playlist-access.js';
import { playlistVideoView } from './playlist-representations.js';

export function registerPlaylistVideoRoutes(router: Router, limits: CollectionLimits): void {
  router.get('/playlists/:playlist_id/videos.:format', (context) => listVideos(context, limits));
  router.get('/playlists/:playlist_id/videos/:video_id.:format', getVideo);
  router.put('/playlists/:playlist_id/videos/:video_id.:format', (context) => addVideo(context, limits));
  router.delete('/playlists/:playlist_id/videos/:video_id.:format', (context) => removeVideo(context, limits));
  router.put('/playlists/:playlist_id/videos/:video_id/position.:format', moveVideo);
}

function listVideos(context: RequestContext, limits: CollectionLimits) {
  const { playlist, reader } = readablePlaylist(context);
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 200, maxSize: 200 });
  const detail = listDetail(context);
  // `order` stays the place in the whole playlist, also where a reader does not see every video.
  const shown = playlist.entries
    .map((entry, index) => ({ entry, order: index + 1, video: context.store.video(entry.videoId) }))
    .filter((item) => item.video !== undefined && visibleTo(context.store.data, item.video, reader?.account));
  const page = pageOf(shown, request);
  return ok(
    {
      videos: page.items.map((item) => playlistVideoView(item.video!, item.entry, item.order, detail)),
      paging: urlPaging(context, 'page', request, page, shown.length),
    },
    200,
    capacityHeaders(limits.playlistVideos, playlist.entries.length),
  );
}

function getVideo(context: RequestContext) {
  const { playlist, reader } = readablePlaylist(context);
  const videoId = context.params.video_id ?? '';
  const order = positionOf(playlist, videoId);
  const video = context.store.video(videoId);
  if (order === null || !video) throw notFound(`The video ${videoId} in the playlist ${playlist.id}`);
  if (!visibleTo(context.store.data, video, reader?.account)) throw permissionDenied(`the video ${videoId}`);
  return ok({ video: playlistVideoView(video, playlist.entries[order - 1]!, order, listDetail(context)) });
}

function addVideo(context: RequestContext, limits: CollectionLimits) {
  const { playlist, principal } = ownedPlaylist(context);
  const video = findVideo(context);
  if (!mayAddVideo(context.store.data, video, principal.account)) throw permissionDenied(`the video ${video.id}`);
  // Adding a video that is already there changes nothing and is not an error.
  if (positionOf(playlist, video.id) === null) {
    if (playlist.entries.length >= limits.playlistVideos) throw limitReached(`The playlist ${playlist.id}`, limits.playlistVideos, playlist.entries.length);
    addToPlaylist(playlist, video.id, nowSeconds());
    context.store.changed();
  }
  return empty(200, capacityHeaders(limits.playlistVideos, playlist.entries.length));
}

function removeVideo(context: RequestContext, limits: CollectionLimits) {
  const { playlist } = ownedPlaylist(context);
  const videoId = context.params.video_id ?? '';
  if (!removeFromPlaylist(playlist, videoId, nowSeconds())) throw notFound(`The video ${videoId} in the playlist ${playlist.id}`);
  context.store.changed();
  return empty(200, capacityHeaders(limits.playlistVideos, playlist.entries.length));
}

function moveVideo(context: RequestContext) {
  const { playlist } = ownedPlaylist(context);
  const videoId = context.params.video_id ?? '';
  if (positionOf(playlist, videoId) === null) throw notFound(`The video ${videoId} in the playlist ${playlist.id}`);
  const value = context.form().get('position') ?? '';
  const position = /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  try {
    moveInPlaylist(playlist, videoId, position, nowSeconds());
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new ApiError(400, 'bad_request', value.trim() === '' ? `position is required: 1 to ${playlist.entries.length}.` : error.message);
  }
  context.store.changed();
  return empty(200);
}
