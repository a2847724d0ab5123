// A channel's featured videos for the Playlists panel: the list with how full it is ("N of M"); add, remove
// and reorder shown at once and put back when the platform refuses (a full list, 413, among others). The
// platform replaces the list as a whole, so every change sends the list as it should be.
import { create } from 'zustand';
import type { CollectionVideo, FeaturedVideos } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { movedWithin } from './moved-within';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface FeaturedVideosSliceState {
  readonly channelId: string | null;
  readonly featured: FeaturedVideos | null;
  readonly busy: 'load' | 'change' | null;
  readonly error: ShownError | null;
  readonly done: string | null;
}

export interface FeaturedVideosActions {
  load(channelId: string): Promise<void>;
  add(video: CollectionVideo): Promise<void>;
  remove(videoId: string): Promise<void>;
  /** Moves the video at `from` to `to` (indexes in the list). */
  move(from: number, to: number): Promise<void>;
}

// Initial state
export const initialFeaturedVideosState: FeaturedVideosSliceState = { channelId: null, featured: null, busy: null, error: null, done: null };

// Hook (with its actions)
export const useFeaturedVideosStore = create<FeaturedVideosSliceState & FeaturedVideosActions>()((set, get) => {
  /** One change at a time: the list shows it at once and is put back on refusal. */
  async function change(videos: readonly CollectionVideo[], done: string): Promise<void> {
    const { channelId, featured, busy } = get();
    if (channelId === null || featured === null || busy !== null) return;
    set({ busy: 'change', error: null, done: null, featured: { ...featured, videos: [...videos] } });
    try {
      const after = await bridge().featured.set(channelId, videos.map((video) => video.id));
      if (get().channelId === channelId) set({ busy: null, featured: after, done });
    } catch (error) {
      if (get().channelId === channelId) set({ busy: null, featured, error: shownError(error) });
    }
  }

  return {
    ...initialFeaturedVideosState,
    load: async (channelId) => {
      set({ channelId, featured: null, busy: 'load', error: null, done: null });
      try {
        const featured = await bridge().featured.state(channelId);
        if (get().channelId === channelId) set({ featured, busy: null });
      } catch (error) {
        if (get().channelId === channelId) set({ busy: null, error: shownError(error) });
      }
    },
    add: async (video) => {
      const videos = get().featured?.videos ?? [];
      if (videos.some((entry) => entry.id === video.id)) return;
      await change([...videos, video], `Featured “${video.title}”.`);
    },
    remove: async (videoId) => {
      const videos = get().featured?.videos ?? [];
      const removed = videos.find((video) => video.id === videoId);
      if (!removed) return;
      await change(
        videos.filter((video) => video.id !== videoId),
        `“${removed.title}” is no longer featured.`,
      );
    },
    move: async (from, to) => {
      const videos = get().featured?.videos ?? [];
      const moved = movedWithin(videos, from, to);
      if (moved === null) return;
      await change(moved, `Moved “${videos[from]!.title}” to place ${to + 1}.`);
    },
  };
});

clearedWhenAccountChanges(useFeaturedVideosStore, initialFeaturedVideosState);
