// What goes with a deleted video or channel from the collections that point at it: featured lists,
// playlists and upcoming events. The store and the channel deletion call these, so no list ever names a
// video or channel that is gone.
import { forgetFeaturedChannel, forgetFeaturedVideo } from './featured-videos.js';
import type { SandboxData } from './model.js';
import { forgetChannelPlaylists, forgetPlaylistVideo } from './playlists.js';
import { nowSeconds } from './random.js';
import { forgetChannelEvents } from './upcoming-events.js';

export function forgetVideoInCollections(data: SandboxData, videoId: string): void {
  forgetFeaturedVideo(data, videoId);
  forgetPlaylistVideo(data, videoId, nowSeconds());
}

/** Call after the channel and its videos were removed from `data`. */
export function forgetChannelCollections(data: SandboxData, channelId: string): void {
  forgetFeaturedChannel(data, channelId);
  forgetChannelPlaylists(data, channelId);
  forgetChannelEvents(data, channelId);
  // The channel's videos went with it, without passing through the store's deleteVideo.
  const remaining = new Set(data.videos.map((video) => video.id));
  const gone = new Set<string>();
  for (const ids of Object.values(data.featured ?? {})) for (const id of ids) if (!remaining.has(id)) gone.add(id);
  for (const playlist of data.playlists?.playlists ?? []) for (const entry of playlist.entries) if (!remaining.has(entry.videoId)) gone.add(entry.videoId);
  for (const id of gone) forgetVideoInCollections(data, id);
}
