// Where this run keeps secrets: the OS keychain, or memory without one (the banner then says why and what
// fixes it); follows `keychain` events.
import { create } from 'zustand';
import type { CompanionBridge, KeychainStatus } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';

// Types
export interface KeychainState {
  /** Null until the core first answers. */
  readonly status: KeychainStatus | null;
  /** "Try the keychain again" is running. */
  readonly retrying: boolean;
  readonly retryError: ShownError | null;
}

export interface KeychainActions {
  load(): Promise<void>;
  retry(): Promise<void>;
}

// Initial state
export const initialKeychainState: KeychainState = { status: null, retrying: false, retryError: null };

// Hook (with its actions)
export const useKeychainStore = create<KeychainState & KeychainActions>()((set) => ({
  ...initialKeychainState,
  load: async () => {
    try {
      set({ status: await bridge().app.keychain() });
    } catch {
      // The banner keeps what it had; the connection indicator says why the core is not answering.
    }
  },
  retry: async () => {
    set({ retrying: true, retryError: null });
    try {
      set({ status: await bridge().app.retryKeychain(), retrying: false });
    } catch (error) {
      set({ retrying: false, retryError: shownError(error) });
    }
  },
}));

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectKeychain(companion: CompanionBridge): () => void {
  return companion.on('keychain', (status) => useKeychainStore.setState({ status }));
}
