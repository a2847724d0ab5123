// Playlists as the sandbox keeps them (spec part B, "Playlists"): a user's playlists (no channel) and a
// channel's playlists, each an ordered list of videos. Positions are 1-based, as the `order` of a playlist
// video: the first video is at 1. The ordering rules live here so they can be tested without HTTP.

export interface PlaylistEntry {
  readonly videoId: string;
  /** Unix seconds: when the video was put in the playlist. */
  readonly addedAt: number;
}

export interface Playlist {
  readonly id: string;
  /** The user the playlist belongs to; for a channel playlist, the channel's owner. */
  readonly ownerId: string;
  /** Null for a user's playlist. */
  readonly channelId: string | null;
  title: string;
  /** Channel playlists only: shown on the channel page (`is_enabled`). User playlists are always true. */
  enabled: boolean;
  readonly createdAt: number;
  updatedAt: number;
  /** In playlist order. */
  entries: PlaylistEntry[];
}

export interface PlaylistData {
  playlists: Playlist[];
  nextId: number;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface PlaylistHolder {
  playlists?: PlaylistData;
}

/** The playlists part of the state; state files written before it existed get an empty one. */
export function playlistData(data: PlaylistHolder): PlaylistData {
  data.playlists ??= { playlists: [], nextId: 3000 };
  return data.playlists;
}

export function findPlaylist(data: PlaylistHolder, id: string): Playlist | undefined {
  return data.playlists?.playlists.find((playlist) => playlist.id === id);
}

export function createPlaylist(data: PlaylistHolder, fields: { ownerId: string; channelId: string | null; title: string; enabled: boolean; now: number }): Playlist {
  const store = playlistData(data);
  const playlist: Playlist = {
    id: String(store.nextId++),
    ownerId: fields.ownerId,
    channelId: fields.channelId,
    title: fields.title,
    enabled: fields.enabled,
    createdAt: fields.now,
    updatedAt: fields.now,
    entries: [],
  };
  store.playlists.push(playlist);
  return playlist;
}

export function deletePlaylist(data: PlaylistHolder, playlist: Playlist): void {
  const store = playlistData(data);
  store.playlists = store.playlists.filter((candidate) => candidate !== playlist);
}

/** The 1-based position of a video in the playlist, or null when it is not in it. */
export function positionOf(playlist: Playlist, videoId: string): number | null {
  const index = playlist.entries.findIndex((entry) => entry.videoId === videoId);
  return index < 0 ? null : index + 1;
}

/** Appends the video; false (and no change) when it is already in the playlist. */
export function addToPlaylist(playlist: Playlist, videoId: string, now: number): boolean {
  if (positionOf(playlist, videoId) !== null) return false;
  playlist.entries.push({ videoId, addedAt: now });
  playlist.updatedAt = now;
  return true;
}

/** Takes the video out; false when it was not in the playlist. The videos after it move up one place. */
export function removeFromPlaylist(playlist: Playlist, videoId: string, now: number): boolean {
  if (positionOf(playlist, videoId) === null) return false;
  playlist.entries = playlist.entries.filter((entry) => entry.videoId !== videoId);
  playlist.updatedAt = now;
  return true;
}

/**
 * Moves a video of the playlist to `position` (1 to the number of videos); the videos in between shift by
 * one place. Throws a RangeError for a position out of range or a video not in the playlist.
 */
export function moveInPlaylist(playlist: Playlist, videoId: string, position: number, now: number): void {
  const from = positionOf(playlist, videoId);
  if (from === null) throw new RangeError(`The video ${videoId} is not in the playlist ${playlist.id}.`);
  if (!Number.isInteger(position) || position < 1 || position > playlist.entries.length) {
    throw new RangeError(`position must be a whole number from 1 to ${playlist.entries.length}.`);
  }
  const entries = [...playlist.entries];
  const [moved] = entries.splice(from - 1, 1);
  entries.splice(position - 1, 0, moved!);
  playlist.entries = entries;
  playlist.updatedAt = now;
}

/** Takes a deleted video out of every playlist. */
export function forgetPlaylistVideo(data: PlaylistHolder, videoId: string, now: number): void {
  for (const playlist of data.playlists?.playlists ?? []) removeFromPlaylist(playlist, videoId, now);
}

/** Deletes a deleted channel's playlists. */
export function forgetChannelPlaylists(data: PlaylistHolder, channelId: string): void {
  if (!data.playlists) return;
  data.playlists.playlists = data.playlists.playlists.filter((playlist) => playlist.channelId !== channelId);
}
