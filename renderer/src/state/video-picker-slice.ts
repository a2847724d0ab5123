// The videos to add to a featured list or a playlist: a channel's or all of the user's, searched, a page at
// a time. One picker is open at a time; `target` says for which list.
import { create } from 'zustand';
import type { VideoChoicePage } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export type PickerTarget = 'featured' | 'playlist';

export interface VideoPickerSliceState {
  readonly target: PickerTarget | null;
  /** Whose videos: a channel's, or (null) all of the user's. */
  readonly channelId: string | null;
  readonly q: string;
  readonly page: VideoChoicePage | null;
  readonly loading: boolean;
  readonly error: ShownError | null;
}

export interface VideoPickerActions {
  open(target: PickerTarget, channelId: string | null): Promise<void>;
  close(): void;
  search(q: string): Promise<void>;
  goTo(page: number): Promise<void>;
}

// Initial state
export const initialVideoPickerState: VideoPickerSliceState = { target: null, channelId: null, q: '', page: null, loading: false, error: null };

// Hook (with its actions)
export const useVideoPickerStore = create<VideoPickerSliceState & VideoPickerActions>()((set, get) => {
  async function read(page: number): Promise<void> {
    const { target, channelId, q } = get();
    if (target === null) return;
    set({ loading: true, error: null });
    try {
      const found = await bridge().videoChoices.page({ channelId, q: q === '' ? undefined : q, page });
      const now = get();
      if (now.target === target && now.channelId === channelId && now.q === q) set({ page: found, loading: false });
    } catch (error) {
      set({ loading: false, error: shownError(error) });
    }
  }

  return {
    ...initialVideoPickerState,
    open: async (target, channelId) => {
      set({ ...initialVideoPickerState, target, channelId });
      await read(1);
    },
    close: () => set({ ...initialVideoPickerState }),
    search: async (q) => {
      set({ q: q.trim(), page: null });
      await read(1);
    },
    goTo: (page) => read(page),
  };
});

clearedWhenAccountChanges(useVideoPickerStore, initialVideoPickerState);
