// A channel's upcoming events for the Channel panel, a page of 50 at a time (the platform has no call that
// schedules one, so the list is read-only).
import { create } from 'zustand';
import type { UpcomingEventPage } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface UpcomingEventsSliceState {
  readonly channelId: string | null;
  readonly page: UpcomingEventPage | null;
  readonly loading: boolean;
  readonly error: ShownError | null;
}

export interface UpcomingEventsActions {
  load(channelId: string, page?: number): Promise<void>;
}

// Initial state
export const initialUpcomingEventsState: UpcomingEventsSliceState = { channelId: null, page: null, loading: false, error: null };

// Hook (with its actions)
export const useUpcomingEventsStore = create<UpcomingEventsSliceState & UpcomingEventsActions>()((set, get) => ({
  ...initialUpcomingEventsState,
  load: async (channelId, page = 1) => {
    // Another channel's page is not shown while this one's is read.
    set({ channelId, loading: true, error: null, ...(get().page?.channelId === channelId ? {} : { page: null }) });
    try {
      const found = await bridge().upcomingEvents.page(channelId, page);
      if (get().channelId === channelId) set({ page: found, loading: false });
    } catch (error) {
      if (get().channelId === channelId) set({ loading: false, error: shownError(error) });
    }
  },
}));

clearedWhenAccountChanges(useUpcomingEventsStore, initialUpcomingEventsState);
