// The Channel panel's channel: which one is chosen, its details, and the edit and delete calls. An edit
// shows at once and is rolled back when the platform refuses it.
import { create } from 'zustand';
import type { ChannelChoice, ChannelDetails, ChannelEdit } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface ChannelState {
  readonly channels: readonly ChannelChoice[] | null;
  readonly channelId: string | null;
  readonly details: ChannelDetails | null;
  /** Which request runs: its form waits. */
  readonly busy: 'load' | 'save' | 'delete' | null;
  /** What went wrong with the last action, in words. */
  readonly error: ShownError | null;
  /** What the last action did, in words (cleared by the next one). */
  readonly done: string | null;
}

export interface ChannelActions {
  load(): Promise<void>;
  choose(channelId: string): Promise<void>;
  save(edit: ChannelEdit): Promise<void>;
  remove(confirmTitle: string): Promise<void>;
}

// Initial state
export const initialChannelState: ChannelState = { channels: null, channelId: null, details: null, busy: null, error: null, done: null };

// Hook (with its actions)
export const useChannelStore = create<ChannelState & ChannelActions>()((set, get) => {
  async function readDetails(channelId: string): Promise<void> {
    set({ channelId, details: null, busy: 'load', error: null, done: null });
    try {
      const details = await bridge().channel.details(channelId);
      if (get().channelId === channelId) set({ details, busy: null });
    } catch (error) {
      set({ busy: null, error: shownError(error) });
    }
  }

  return {
    ...initialChannelState,
    load: async () => {
      set({ busy: 'load', error: null });
      let channels: ChannelChoice[];
      try {
        channels = await bridge().live.channels();
      } catch (error) {
        set({ channels: [], busy: null, error: shownError(error) });
        return;
      }
      const chosen = get().channelId;
      const keep = chosen !== null && channels.some((channel) => channel.id === chosen);
      const next = keep ? chosen : (channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null;
      set({ channels, busy: null });
      if (next !== null) await readDetails(next);
      else set({ channelId: null, details: null });
    },
    choose: (channelId) => readDetails(channelId),
    save: async (edit) => {
      const before = get().details;
      if (!before || get().busy) return;
      // Optimistic: the form and the channel list show the edit while the platform takes it.
      set((state) => ({
        details: { ...before, ...edit },
        channels: state.channels?.map((channel) => (channel.id === before.id ? { ...channel, title: edit.title } : channel)) ?? null,
        busy: 'save',
        error: null,
        done: null,
      }));
      try {
        const details = await bridge().channel.edit(before.id, edit);
        set({ details, busy: null, done: 'Saved.' });
      } catch (error) {
        set((state) => ({
          details: before,
          channels: state.channels?.map((channel) => (channel.id === before.id ? { ...channel, title: before.title } : channel)) ?? null,
          busy: null,
          error: shownError(error),
        }));
      }
    },
    remove: async (confirmTitle) => {
      const details = get().details;
      if (!details || get().busy) return;
      set({ busy: 'delete', error: null, done: null });
      try {
        const channels = await bridge().channel.remove(details.id, { confirmTitle });
        const next = (channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null;
        set({ channels, channelId: next, details: null, busy: null, done: `Deleted the channel "${details.title}".` });
        if (next !== null) {
          const kept = get().done;
          await readDetails(next);
          set({ done: kept });
        }
      } catch (error) {
        set({ busy: null, error: shownError(error) });
      }
    },
  };
});

clearedWhenAccountChanges(useChannelStore, initialChannelState);
