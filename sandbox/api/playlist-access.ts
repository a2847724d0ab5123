// Who may read and change a playlist and its videos (spec part B, "Playlists"): a user's playlist is its
// owner's alone (401 invalid_token without a token, 403 permission_denied for anyone else); a channel
// playlist is public while enabled and its channel is not password-locked, and only the channel's owner
// and its active managers change it.
import { ApiError, notFound } from '../http/api-error.js';
import type { RequestContext } from '../http/request-context.js';
import type { Principal } from '../auth/principal.js';
import type { Account, SandboxData, Video } from '../state/model.js';
import { findPlaylist, type Playlist } from '../state/playlists.js';
import { canManageChannel, canManageVideo, requireToken } from './access.js';
import type { DetailLevel } from './representations.js';

/** A video a reader may see in a featured list or a playlist: public ones, and those the reader owns or manages. */
export function visibleTo(data: SandboxData, video: Video, account: Account | undefined): boolean {
  return video.protect === 'public' || canManageVideo(data, account, video);
}

/** Whose videos go in a playlist: the user's own (and those they manage), and other users' public videos. */
export function mayAddVideo(data: SandboxData, video: Video, account: Account): boolean {
  return video.protect === 'public' || canManageVideo(data, account, video);
}

/** The owner of the playlist, or, for a channel playlist, an active manager of that channel. */
function mayChange(context: RequestContext, playlist: Playlist, account: Account): boolean {
  if (account.id === playlist.ownerId) return true;
  const channel = playlist.channelId === null ? undefined : context.store.channel(playlist.channelId);
  return channel !== undefined && canManageChannel(context.store.data, account, channel);
}

/** `detail_level`: absent (the default fields) or `minimal`. */
export function listDetail(context: RequestContext): DetailLevel {
  const level = context.query.get('detail_level');
  if (level === null || level === '') return 'default';
  if (level === 'minimal') return 'minimal';
  throw new ApiError(400, 'bad_request', `detail_level can only be minimal (got ${JSON.stringify(level)}).`);
}

export function playlistOr404(context: RequestContext): Playlist {
  const id = context.params.playlist_id ?? '';
  const playlist = findPlaylist(context.store.data, id);
  if (!playlist) throw notFound(`The playlist ${id}`);
  return playlist;
}

/** The playlist for reading, with the reader (null without a token), or the spec's 401/403/404. */
export function readablePlaylist(context: RequestContext): { playlist: Playlist; reader: Principal | null } {
  const playlist = playlistOr404(context);
  if (playlist.channelId === null) {
    // "playlist not on a channel needs a token"
    const reader = requireToken(context, 'invalid_token');
    if (reader.account.id !== playlist.ownerId) throw permissionDenied(`the playlist ${playlist.id}`);
    return { playlist, reader };
  }
  const reader = context.principal();
  if (reader !== null && mayChange(context, playlist, reader.account)) return { playlist, reader };
  const channel = context.store.channel(playlist.channelId);
  if (!channel) throw notFound(`The channel ${playlist.channelId}`);
  if (channel.password !== null) {
    throw new ApiError(401, 'invalid_token', reader ? 'This channel is protected: only its owner may read its playlists.' : (context.authProblem() ?? 'This channel is protected: read its playlists with a token of its owner.'));
  }
  // "channel playlists not enabled": a disabled playlist is not shown to anyone but the owner.
  if (!playlist.enabled) throw new ApiError(404, 'not_found', `The playlist ${playlist.id} is not shown on its channel.`);
  return { playlist, reader };
}

/** The playlist for changing: 404, then 401 invalid_token, then 403 permission_denied. */
export function ownedPlaylist(context: RequestContext): { playlist: Playlist; principal: Principal } {
  const playlist = playlistOr404(context);
  const principal = requireToken(context, 'invalid_token');
  if (!mayChange(context, playlist, principal.account)) throw permissionDenied(`the playlist ${playlist.id}`);
  return { playlist, principal };
}

export function permissionDenied(what: string): ApiError {
  return new ApiError(403, 'permission_denied', `You have no access to ${what}.`);
}
