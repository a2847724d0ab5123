// What the core says about itself (name, version, shell), loaded once the bridge answers.
import { create } from 'zustand';
import type { AppInfo } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';

// Types
export interface AppInfoState {
  readonly info: AppInfo | null;
  readonly error: ShownError | null;
}

export interface AppInfoActions {
  load(): Promise<void>;
}

// Initial state
export const initialAppInfoState: AppInfoState = { info: null, error: null };

// Hook (with its actions)
export const useAppInfoStore = create<AppInfoState & AppInfoActions>()((set) => ({
  ...initialAppInfoState,
  load: async () => {
    try {
      set({ info: await bridge().app.info(), error: null });
    } catch (error) {
      set({ error: shownError(error) });
    }
  },
}));
