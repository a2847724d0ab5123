// Bulk upload: the queue's rows and totals (following `uploads` events), the batch being added (channel,
// description, public or private), the folder browser, and the queue's controls.
import { create } from 'zustand';
import type { AddUploadsResult, ChannelChoice, CompanionBridge, FolderListing, UploadRow, UploadsChange, UploadsUnavailable, UploadTimetable, UploadTotals } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { mergeRows, type UploadsFilter } from './upload-rows';
import { shownError, type ShownError } from './request-outcome';

// Types
export interface UploadBatch {
  readonly channelId: string | null;
  readonly description: string;
  readonly protect: 'public' | 'private';
}

export interface UploadsSliceState {
  readonly loaded: boolean;
  readonly available: boolean;
  readonly reason: UploadsUnavailable | null;
  readonly rows: readonly UploadRow[];
  readonly totals: UploadTotals | null;
  readonly filter: UploadsFilter;
  readonly channels: readonly ChannelChoice[] | null;
  readonly batch: UploadBatch;
  /** What the last add queued and left out (with the reasons). */
  readonly lastAdd: AddUploadsResult | null;
  /** The folder browser's listing while it is open. */
  readonly folder: FolderListing | null;
  /** Which action runs now (its buttons wait); row actions do not block the rest. */
  readonly busy: 'add' | 'browse' | 'queue' | 'settings' | null;
  readonly error: ShownError | null;
}

export interface UploadsActions {
  load(): Promise<void>;
  applyChange(change: UploadsChange): void;
  setFilter(filter: UploadsFilter): void;
  setBatch(change: Partial<UploadBatch>): void;
  add(paths: readonly string[]): Promise<void>;
  dismissAdd(): void;
  browse(path?: string): Promise<void>;
  closeBrowser(): void;
  pauseAll(): Promise<void>;
  resumeAll(): Promise<void>;
  retryFailed(): Promise<void>;
  clearFinished(failed: boolean): Promise<void>;
  setConcurrency(concurrency: number): Promise<void>;
  /** Bytes per second; null: no limit. */
  setSpeedLimit(bytesPerSecond: number | null): Promise<void>;
  /** "Full speed 01:00–07:00, otherwise …"; null: none. */
  setTimetable(timetable: UploadTimetable | null): Promise<void>;
  pauseRow(id: string): Promise<void>;
  resumeRow(id: string): Promise<void>;
  cancelRow(id: string): Promise<void>;
  retryRow(id: string): Promise<void>;
  /** Title, description, protection of a file the platform does not have yet. */
  editRow(id: string, change: { title?: string; description?: string; protect?: 'public' | 'private' }): Promise<void>;
}

// Initial state
export const initialUploadsState: UploadsSliceState = {
  loaded: false,
  available: false,
  reason: null,
  rows: [],
  totals: null,
  filter: 'all',
  channels: null,
  batch: { channelId: null, description: '', protect: 'public' },
  lastAdd: null,
  folder: null,
  busy: null,
  error: null,
};

// Hook (with its actions)
export const useUploadsStore = create<UploadsSliceState & UploadsActions>()((set, get) => {
  async function run(busy: NonNullable<UploadsSliceState['busy']>, action: () => Promise<Partial<UploadsSliceState> | void>): Promise<void> {
    if (get().busy) return;
    set({ busy, error: null });
    try {
      set({ ...(await action()), busy: null });
    } catch (error) {
      set({ busy: null, error: shownError(error) });
    }
  }

  /** A row action: its answer is the row as it is now (the next event says the same, a little later). */
  async function onRow(action: () => Promise<UploadRow>): Promise<void> {
    set({ error: null });
    try {
      const row = await action();
      set((state) => ({ rows: mergeRows(state.rows, [row], []) }));
    } catch (error) {
      set({ error: shownError(error) });
    }
  }

  async function loadChannels(): Promise<void> {
    let channels: ChannelChoice[];
    try {
      channels = await bridge().live.channels();
    } catch {
      channels = [];
    }
    const chosen = get().batch.channelId;
    const keep = chosen !== null && channels.some((channel) => channel.id === chosen);
    const preferred = channels.find((channel) => channel.isDefault) ?? channels[0];
    set((state) => ({ channels, batch: { ...state.batch, channelId: keep ? chosen : (preferred?.id ?? null) } }));
  }

  return {
    ...initialUploadsState,
    load: async () => {
      try {
        const state = await bridge().uploads.state();
        set({ loaded: true, available: state.available, reason: state.reason, rows: state.rows, totals: state.totals, error: null });
      } catch (error) {
        set({ loaded: true, error: shownError(error) });
      }
      await loadChannels();
    },
    applyChange: (change) => {
      const before = get();
      set({
        available: change.available,
        reason: change.reason,
        totals: change.totals,
        rows: change.reset ? change.rows : mergeRows(before.rows, change.rows, change.removed),
      });
      // The queue opened after a sign-in: now there are channels to choose from.
      if (change.reset && change.available && !before.available && before.loaded) void loadChannels();
    },
    setFilter: (filter) => set({ filter }),
    setBatch: (change) => set((state) => ({ batch: { ...state.batch, ...change } })),
    add: (paths) =>
      run('add', async () => {
        const { batch } = get();
        if (batch.channelId === null) throw new Error('Choose the channel the videos go to first.');
        const lastAdd = await bridge().uploads.add({
          paths: [...paths],
          channelId: batch.channelId,
          protect: batch.protect,
          ...(batch.description.trim() === '' ? {} : { description: batch.description }),
        });
        return { lastAdd, folder: null };
      }),
    dismissAdd: () => set({ lastAdd: null }),
    browse: (path) => run('browse', async () => ({ folder: await bridge().uploads.browse(path === undefined ? {} : { path }) })),
    closeBrowser: () => set({ folder: null }),
    pauseAll: () => run('queue', async () => ({ totals: await bridge().uploads.pauseAll() })),
    resumeAll: () => run('queue', async () => ({ totals: await bridge().uploads.resumeAll() })),
    retryFailed: () => run('queue', async () => ({ totals: await bridge().uploads.retryFailed() })),
    clearFinished: (failed) => run('queue', async () => ({ totals: await bridge().uploads.clearFinished({ failed }) })),
    setConcurrency: (concurrency) => run('settings', async () => ({ totals: await bridge().uploads.setSettings({ concurrency }) })),
    setSpeedLimit: (speedLimit) => run('settings', async () => ({ totals: await bridge().uploads.setSettings({ speedLimit }) })),
    setTimetable: (timetable) => run('settings', async () => ({ totals: await bridge().uploads.setSettings({ timetable }) })),
    pauseRow: (id) => onRow(() => bridge().uploads.pause(id)),
    resumeRow: (id) => onRow(() => bridge().uploads.resume(id)),
    cancelRow: (id) => onRow(() => bridge().uploads.cancel(id)),
    retryRow: (id) => onRow(() => bridge().uploads.retry(id)),
    editRow: (id, change) => onRow(() => bridge().uploads.edit(id, change)),
  };
});

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectUploads(companion: CompanionBridge): () => void {
  return companion.on('uploads', (change) => useUploadsStore.getState().applyChange(change));
}
