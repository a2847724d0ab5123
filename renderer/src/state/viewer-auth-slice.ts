// Viewer authentication (the hash lock) of the chosen channel: read, set basic or advanced with the
// entry-point address and the shared secret, remove. The secret is sent once and never read back.
import { create } from 'zustand';
import type { HashLockChange, HashLockView } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface ViewerAuthState {
  readonly channelId: string | null;
  /** Null: no viewer authentication on the channel (or not read yet: see `loaded`). */
  readonly lock: HashLockView | null;
  readonly loaded: boolean;
  readonly busy: boolean;
  readonly error: ShownError | null;
  readonly done: string | null;
}

export interface ViewerAuthActions {
  load(channelId: string): Promise<void>;
  /** Resolves true when the platform took it (the form then forgets the secret). */
  save(change: HashLockChange): Promise<boolean>;
  remove(): Promise<void>;
}

// Initial state
export const initialViewerAuthState: ViewerAuthState = { channelId: null, lock: null, loaded: false, busy: false, error: null, done: null };

// Hook (with its actions)
export const useViewerAuthStore = create<ViewerAuthState & ViewerAuthActions>()((set, get) => ({
  ...initialViewerAuthState,
  load: async (channelId) => {
    set({ channelId, lock: null, loaded: false, busy: true, error: null, done: null });
    try {
      const lock = await bridge().security.hashLock(channelId);
      if (get().channelId === channelId) set({ lock, loaded: true, busy: false });
    } catch (error) {
      set({ busy: false, error: shownError(error) });
    }
  },
  save: async (change) => {
    const { channelId, busy } = get();
    if (channelId === null || busy) return false;
    set({ busy: true, error: null, done: null });
    try {
      const result = await bridge().security.setHashLock(channelId, change);
      set({ busy: false, lock: result.lock, loaded: true, done: result.created ? 'Viewer authentication is on: viewers sign in through your service.' : 'Viewer authentication is replaced with the new address and secret.' });
      return true;
    } catch (error) {
      set({ busy: false, error: shownError(error) });
      return false;
    }
  },
  remove: async () => {
    const { channelId, busy } = get();
    if (channelId === null || busy) return;
    set({ busy: true, error: null, done: null });
    try {
      await bridge().security.removeHashLock(channelId);
      set({ busy: false, lock: null, done: 'Viewer authentication is off.' });
    } catch (error) {
      set({ busy: false, error: shownError(error) });
    }
  },
}));

clearedWhenAccountChanges(useViewerAuthStore, initialViewerAuthState);
