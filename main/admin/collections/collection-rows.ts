// The platform's videos, playlist videos, playlists and events as the rows the contract carries.
import type { CollectionVideo, PlaylistRow, UpcomingEventRow } from '../../../preload/contract.js';
import type { Playlist, PlaylistVideo, UpcomingEvent, Video } from '../../platform/endpoints/schemas.js';

/** Lengths come as decimal strings ("3600.000"); anything else is unknown rather than zero. */
function seconds(length: string | undefined): number | null {
  if (length === undefined) return null;
  const value = Number(length);
  return Number.isFinite(value) && length.trim() !== '' ? value : null;
}

/** A video of the featured list or the picker. Minimal detail gives no title: the id stands in. */
export function videoRow(video: Video): CollectionVideo {
  return { id: video.id, title: video.title ?? `Video ${video.id}`, lengthSeconds: seconds(video.length) };
}

/** A playlist video carries no length (part B, "Playlist video"). */
export function playlistVideoRow(video: PlaylistVideo): CollectionVideo {
  return { id: video.id, title: video.title ?? `Video ${video.id}`, lengthSeconds: null };
}

export function playlistRow(playlist: Playlist): PlaylistRow {
  return {
    id: playlist.id,
    title: playlist.title,
    channelId: playlist.channel_id === null || playlist.channel_id === undefined ? null : String(playlist.channel_id),
    totalDuration: seconds(playlist.total_duration) ?? 0,
    updatedAt: playlist.updated_at,
  };
}

export function eventRow(event: UpcomingEvent): UpcomingEventRow {
  return { id: event.id, title: event.title, description: event.description, start: event.start, duration: event.duration };
}
