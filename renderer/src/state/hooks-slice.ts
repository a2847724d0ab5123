// A channel's hooks for the Hooks panel: each event's hook and status, register and remove (shown at once,
// put back when the platform refuses), a refresh while a handshake is awaited, and what the built-in
// receiver got, newest first, as it arrives.
import { create } from 'zustand';
import type { ChannelChoice, CompanionBridge, HookDelivery, HookEventName, HookRow, HooksState } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export type HooksBusy = 'load' | HookEventName;

export interface HooksSliceState {
  readonly channels: readonly ChannelChoice[] | null;
  readonly channelId: string | null;
  readonly state: HooksState | null;
  readonly busy: HooksBusy | null;
  readonly error: ShownError | null;
  readonly done: string | null;
  /** Newest first, as many as the receiver keeps. */
  readonly deliveries: readonly HookDelivery[];
}

export interface HooksActions {
  load(): Promise<void>;
  choose(channelId: string): Promise<void>;
  register(event: HookEventName, recipient: string): Promise<boolean>;
  remove(event: HookEventName): Promise<void>;
  /** Reads the chosen channel's hooks again without clearing the view (while a handshake is awaited). */
  refresh(): Promise<void>;
  received(delivery: HookDelivery): void;
}

const DELIVERIES_KEPT = 200;

// Initial state
export const initialHooksState: HooksSliceState = { channels: null, channelId: null, state: null, busy: null, error: null, done: null, deliveries: [] };

function withRow(state: HooksState, row: HookRow): HooksState {
  return { ...state, hooks: state.hooks.map((entry) => (entry.event === row.event ? row : entry)) };
}

function statusOf(state: HooksState, event: HookEventName): HookRow['status'] {
  return state.hooks.find((row) => row.event === event)?.status ?? null;
}

function activeSentence(event: HookEventName): string {
  return `The ${event} hook is active: its recipient answered the platform's handshake.`;
}

// Hook (with its actions)
export const useHooksStore = create<HooksSliceState & HooksActions>()((set, get) => {
  async function read(channelId: string): Promise<void> {
    set({ busy: 'load', channelId, state: null, error: null, done: null });
    try {
      const state = await bridge().hooks.state(channelId);
      if (get().channelId === channelId) set({ state, busy: null });
    } catch (error) {
      set({ busy: null, error: shownError(error) });
    }
  }

  /** One change at a time: the row shows the change at once and is put back on refusal. */
  async function change(event: HookEventName, optimistic: HookRow, request: (channelId: string) => Promise<HooksState>, done: (after: HooksState) => string): Promise<boolean> {
    const { channelId, state, busy } = get();
    if (channelId === null || state === null || busy !== null) return false;
    set({ busy: event, error: null, done: null, state: withRow(state, optimistic) });
    try {
      const after = await request(channelId);
      if (get().channelId === channelId) set({ busy: null, state: after, done: done(after) });
      return true;
    } catch (error) {
      set({ busy: null, state, error: shownError(error) });
      return false;
    }
  }

  return {
    ...initialHooksState,
    load: async () => {
      set({ busy: 'load', error: null });
      let channels: ChannelChoice[];
      try {
        [channels] = await Promise.all([bridge().live.channels(), bridge().hooks.deliveries().then((deliveries) => set({ deliveries }))]);
      } catch (error) {
        set({ channels: [], busy: null, error: shownError(error) });
        return;
      }
      const chosen = get().channelId;
      const next = chosen !== null && channels.some((channel) => channel.id === chosen) ? chosen : ((channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null);
      set({ channels, busy: null });
      if (next !== null) await read(next);
    },
    choose: (channelId) => read(channelId),
    register: (event, recipient) =>
      change(
        event,
        { event, recipient, status: 'pending', atReceiver: recipient === get().state?.receiverUrl },
        (channelId) => bridge().hooks.register(channelId, event, recipient),
        (after) =>
          statusOf(after, event) === 'active'
            ? activeSentence(event)
            : `Registered ${event}. The platform now checks the recipient with a handshake; the hook is active once it answers.`,
      ),
    remove: async (event) => {
      await change(event, { event, recipient: null, status: null, atReceiver: false }, (channelId) => bridge().hooks.remove(channelId, event), () => `Removed the ${event} hook.`);
    },
    refresh: async () => {
      const { channelId, busy } = get();
      if (channelId === null || busy !== null) return;
      try {
        const state = await bridge().hooks.state(channelId);
        if (get().channelId !== channelId || get().busy !== null) return;
        // A hook that was waiting for its handshake and is now active: the line under the form says so.
        const before = get().state;
        const activated = state.hooks.find((row) => row.status === 'active' && before !== null && statusOf(before, row.event) === 'pending');
        set(activated ? { state, done: activeSentence(activated.event) } : { state });
      } catch {
        // A passing refresh failure changes nothing on screen; the next action reports it.
      }
    },
    received: (delivery) => {
      set((current) => ({ deliveries: [delivery, ...current.deliveries].slice(0, DELIVERIES_KEPT) }));
      if (delivery.kind === 'handshake' && delivery.channelId === get().channelId) void get().refresh();
    },
  };
});

clearedWhenAccountChanges(useHooksStore, initialHooksState);

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectHooks(companion: CompanionBridge): () => void {
  return companion.on('hookDelivery', (delivery) => useHooksStore.getState().received(delivery));
}
