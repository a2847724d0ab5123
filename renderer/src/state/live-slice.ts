// Going live: the local ingest, the checklist, the relay's targets, recording; follows `live` events.
import { create } from 'zustand';
import type { ChannelChoice, CompanionBridge, DestinationInput, LiveState, SafetyCopyChoice } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorCode, shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface LiveSliceState {
  readonly live: LiveState | null;
  readonly channels: readonly ChannelChoice[] | null;
  /** The revealed local key, until hidden again. */
  readonly revealedKey: string | null;
  /** Which action runs now (its button waits). */
  readonly busy: 'go-live' | 'end' | 'record' | 'channel' | 'key' | 'reconnect' | 'dismiss' | 'destination' | 'bridge' | 'copy' | 'port' | null;
  readonly error: ShownError | null;
  /** The code of `error` (the panel offers the channel choice for a channel's errors). */
  readonly errorCode: string | null;
  /** The failover note put away (its `since`): a later move is shown again. */
  readonly dismissedMoveSince: number | null;
}

export interface LiveActions {
  load(): Promise<void>;
  chooseChannel(id: string): Promise<void>;
  goLive(): Promise<void>;
  endLive(): Promise<void>;
  reconnectNow(): Promise<void>;
  /** Hides the error shown (this window's and the core's last one). */
  dismissError(): Promise<void>;
  /** Puts away the note about the failover shown now. */
  dismissMoveNote(): void;
  toggleRecording(): Promise<void>;
  setRecordWhenLive(on: boolean): Promise<void>;
  setAutorecord(mode: 'disabled' | 'private' | 'public'): Promise<void>;
  revealKey(): Promise<void>;
  hideKey(): void;
  regenerateKey(): Promise<void>;
  /** Moves the local ingest to this port now and saves it. */
  setIngestPort(port: number): Promise<void>;
  addDestination(destination: DestinationInput): Promise<void>;
  removeDestination(id: string): Promise<void>;
  setDestinationEnabled(id: string, enabled: boolean): Promise<void>;
  reconnectDestination(id: string): Promise<void>;
  setBridge(choice: Pick<LiveState['bridge'], 'enabled' | 'windowSeconds'>): Promise<void>;
  setSafetyCopy(choice: SafetyCopyChoice): Promise<void>;
  uploadSafetyCopies(): Promise<void>;
}

// Initial state
export const initialLiveState: LiveSliceState = { live: null, channels: null, revealedKey: null, busy: null, error: null, errorCode: null, dismissedMoveSince: null };

// Hook (with its actions)
export const useLiveStore = create<LiveSliceState & LiveActions>()((set, get) => {
  async function run(busy: NonNullable<LiveSliceState['busy']>, action: () => Promise<Partial<LiveSliceState>>): Promise<void> {
    if (get().busy) return;
    set({ busy, error: null, errorCode: null });
    try {
      set({ ...(await action()), busy: null });
    } catch (error) {
      set({ busy: null, error: shownError(error), errorCode: errorCode(error) });
    }
  }
  return {
    ...initialLiveState,
    load: async () => {
      try {
        set({ live: await bridge().live.state(), error: null });
        set({ channels: await bridge().live.channels() });
      } catch (error) {
        set({ error: shownError(error) });
      }
    },
    chooseChannel: (id) => run('channel', async () => ({ live: await bridge().live.chooseChannel(id) })),
    goLive: () => run('go-live', async () => ({ live: await bridge().live.goLive() })),
    endLive: () => run('end', async () => ({ live: await bridge().live.endLive() })),
    reconnectNow: () => run('reconnect', async () => ({ live: await bridge().live.reconnectNow() })),
    dismissError: async () => {
      const coreError = get().live?.lastError ?? null;
      set({ error: null, errorCode: null });
      if (coreError !== null) await run('dismiss', async () => ({ live: await bridge().live.dismissError() }));
    },
    dismissMoveNote: () => set({ dismissedMoveSince: get().live?.air.movedOn?.since ?? null }),
    toggleRecording: () =>
      run('record', async () => ({ live: get().live?.recording.state === 'recording' ? await bridge().live.stopRecording() : await bridge().live.startRecording() })),
    setRecordWhenLive: (on) => run('record', async () => ({ live: await bridge().live.setRecordWhenLive(on) })),
    setAutorecord: (mode) => run('record', async () => ({ live: await bridge().live.setAutorecord(mode) })),
    revealKey: () => run('key', async () => ({ revealedKey: await bridge().live.revealLocalKey() })),
    hideKey: () => set({ revealedKey: null }),
    regenerateKey: () => run('key', async () => ({ live: await bridge().live.regenerateLocalKey(), revealedKey: null })),
    setIngestPort: (port) => run('port', async () => ({ live: await bridge().live.setIngestPort(port) })),
    addDestination: (destination) => run('destination', async () => ({ live: await bridge().live.addDestination(destination) })),
    removeDestination: (id) => run('destination', async () => ({ live: await bridge().live.removeDestination(id) })),
    setDestinationEnabled: (id, enabled) => run('destination', async () => ({ live: await bridge().live.setDestinationEnabled(id, enabled) })),
    reconnectDestination: (id) => run('destination', async () => ({ live: await bridge().live.reconnectDestination(id) })),
    setBridge: (choice) => run('bridge', async () => ({ live: await bridge().live.setBridge(choice) })),
    setSafetyCopy: (choice) => run('copy', async () => ({ live: await bridge().live.setSafetyCopy(choice) })),
    uploadSafetyCopies: () => run('copy', async () => ({ live: await bridge().live.uploadSafetyCopies() })),
  };
});

clearedWhenAccountChanges(useLiveStore, initialLiveState);

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectLive(companion: CompanionBridge): () => void {
  return companion.on('live', (live) => useLiveStore.setState({ live }));
}
