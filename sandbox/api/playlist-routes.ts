// Playlists themselves (spec part B, "Playlists"): the user's playlists and a channel's playlists, listed
// with paging and filter[include_empty]; created (201, Location), read, renamed and deleted. The videos
// in a playlist are in playlist-video-routes.ts.
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { createPlaylist, deletePlaylist, playlistData, type Playlist } from '../state/playlists.js';
import { nowSeconds } from '../state/random.js';
import { canManageChannel, findChannel, requireToken } from './access.js';
import { capacityHeaders, type CollectionLimits } from './collection-capacity.js';
import { pageOf, pageRequest, urlPaging } from './paging.js';
import { ownedPlaylist, permissionDenied, readablePlaylist } from './playlist-access.js';
import { playlistView } from './playlist-representations.js';

const MAX_TITLE_LENGTH = 100;

export function registerPlaylistRoutes(router: Router, limits: CollectionLimits): void {
  router.get('/playlists.:format', listUserPlaylists);
  router.post('/playlists.:format', createUserPlaylist);
  router.get('/playlists/:playlist_id.:format', (context) => getPlaylist(context, limits));
  router.put('/playlists/:playlist_id.:format', renamePlaylist);
  router.delete('/playlists/:playlist_id.:format', removePlaylist);
  router.get('/channels/:channel_id/playlists.:format', listChannelPlaylists);
  router.post('/channels/:channel_id/playlists.:format', createChannelPlaylist);
}

function titleOf(context: RequestContext): string {
  const title = context.form().get('title')?.trim() ?? '';
  if (title === '' || title.length > MAX_TITLE_LENGTH || [...title].some((character) => character.charCodeAt(0) < 0x20)) {
    throw new ApiError(400, 'bad_request', `title is required: 1 to ${MAX_TITLE_LENGTH} characters without control characters.`);
  }
  return title;
}

/** An integer flag as the spec writes them (`1`/`0`); `true`/`false` are accepted too. */
function flag(value: string | null, name: string, fallback: boolean): boolean {
  if (value === null || value === '') return fallback;
  const lowered = value.toLowerCase();
  if (lowered === '1' || lowered === 'true') return true;
  if (lowered === '0' || lowered === 'false') return false;
  throw new ApiError(400, 'bad_request', `${name} takes 1 or 0 (got ${JSON.stringify(value)}).`);
}

function playlistList(context: RequestContext, candidates: Playlist[]) {
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 50, maxSize: 50 });
  // "true returns empty playlists; default false"
  const includeEmpty = flag(context.query.get('filter[include_empty]'), 'filter[include_empty]', false);
  const playlists = candidates.filter((playlist) => includeEmpty || playlist.entries.length > 0);
  const page = pageOf(playlists, request);
  return ok({
    playlists: page.items.map((playlist) => playlistView(playlist, context.store)),
    paging: urlPaging(context, 'page', request, page, playlists.length),
  });
}

function created(context: RequestContext, playlist: Playlist) {
  context.store.changed();
  return ok({ playlist: playlistView(playlist, context.store) }, 201, { Location: `${context.urls.apiUrl}/playlists/${playlist.id}.json` });
}

function listUserPlaylists(context: RequestContext) {
  const principal = requireToken(context, 'invalid_token');
  return playlistList(context, playlistData(context.store.data).playlists.filter((playlist) => playlist.channelId === null && playlist.ownerId === principal.account.id));
}

function createUserPlaylist(context: RequestContext) {
  const principal = requireToken(context, 'invalid_token');
  const title = titleOf(context);
  return created(context, createPlaylist(context.store.data, { ownerId: principal.account.id, channelId: null, title, enabled: true, now: nowSeconds() }));
}

function getPlaylist(context: RequestContext, limits: CollectionLimits) {
  const { playlist } = readablePlaylist(context);
  return ok({ playlist: playlistView(playlist, context.store) }, 200, capacityHeaders(limits.playlistVideos, playlist.entries.length));
}

function renamePlaylist(context: RequestContext) {
  const { playlist } = ownedPlaylist(context);
  playlist.title = titleOf(context);
  playlist.updatedAt = nowSeconds();
  context.store.changed();
  return ok({ playlist: playlistView(playlist, context.store) });
}

function removePlaylist(context: RequestContext) {
  const { playlist } = ownedPlaylist(context);
  deletePlaylist(context.store.data, playlist);
  context.store.changed();
  return empty(200);
}

function listChannelPlaylists(context: RequestContext) {
  const channel = findChannel(context);
  const principal = context.principal();
  const isOwner = principal !== null && canManageChannel(context.store.data, principal.account, channel);
  // "playlists not shown on its page": a password-locked channel shows them to its owner only (the row lists only 404).
  if (channel.password !== null && !isOwner) throw new ApiError(404, 'not_found', `The channel ${channel.id} does not show its playlists.`);
  const mine = playlistData(context.store.data).playlists.filter((playlist) => playlist.channelId === channel.id && (isOwner || playlist.enabled));
  return playlistList(context, mine);
}

function createChannelPlaylist(context: RequestContext) {
  const channel = findChannel(context);
  const principal = requireToken(context, 'invalid_token');
  if (!canManageChannel(context.store.data, principal.account, channel)) throw permissionDenied(`the channel ${channel.id}`);
  const title = titleOf(context);
  const enabled = flag(context.form().get('is_enabled'), 'is_enabled', true);
  return created(context, createPlaylist(context.store.data, { ownerId: channel.ownerId, channelId: channel.id, title, enabled, now: nowSeconds() }));
}
