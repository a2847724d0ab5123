// How playlists and playlist videos look in API answers (spec part B, "Playlist", "Playlist video").
import type { Video } from '../state/model.js';
import type { Playlist, PlaylistEntry } from '../state/playlists.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import type { DetailLevel } from './representations.js';
import { webAddresses } from './web-addresses.js';

export function playlistView(playlist: Playlist, store: SandboxStore): Record<string, unknown> {
  // "sum of video durations in seconds", written as the videos' own `length` (three decimals).
  const seconds = playlist.entries.reduce((sum, entry) => sum + Number(store.video(entry.videoId)?.length ?? 0), 0);
  return {
    id: playlist.id,
    title: playlist.title,
    total_duration: seconds.toFixed(3),
    created_at: playlist.createdAt,
    updated_at: playlist.updatedAt,
    // An integer in the spec; a user's playlist is on no channel.
    channel_id: playlist.channelId === null ? null : Number(playlist.channelId),
  };
}

/** `order` is the video's 1-based position in the playlist; minimal is `id` and `order` only. */
export function playlistVideoView(video: Video, entry: PlaylistEntry, order: number, detail: DetailLevel): Record<string, unknown> {
  if (detail === 'minimal') return { id: video.id, order };
  return {
    id: video.id,
    title: video.title,
    number_of_thumbnails: 1,
    picture_revision: 1,
    channel_id: video.channelId,
    video_views: video.views,
    thumbnail: webAddresses.videoThumbnail(video.id),
    created_at: video.createdAt,
    // When the video was put in the playlist; the video's own upload time is in the video resource.
    added_at: entry.addedAt,
    order,
  };
}
