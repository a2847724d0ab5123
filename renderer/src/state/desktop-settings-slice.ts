// The Settings panel's desktop section: global hotkeys and start at login, checked and applied by main.
import { create } from 'zustand';
import type { DesktopSettings, DesktopSettingsChange } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';

// Types
export interface DesktopSettingsState {
  readonly settings: DesktopSettings | null;
  readonly busy: boolean;
  /** Why the last save was refused (a clash, a key that does not exist), in sentences. */
  readonly error: ShownError | null;
  readonly done: string | null;
}

export interface DesktopSettingsActions {
  load(): Promise<void>;
  save(change: DesktopSettingsChange): Promise<boolean>;
}

// Initial state
export const initialDesktopSettingsState: DesktopSettingsState = { settings: null, busy: false, error: null, done: null };

// Hook (with its actions)
export const useDesktopSettingsStore = create<DesktopSettingsState & DesktopSettingsActions>()((set, get) => ({
  ...initialDesktopSettingsState,
  load: async () => {
    try {
      set({ settings: await bridge().desktop.settings(), error: null });
    } catch (error) {
      set({ error: shownError(error) });
    }
  },
  save: async (change) => {
    if (get().busy) return false;
    set({ busy: true, error: null, done: null });
    try {
      const settings = await bridge().desktop.update(change);
      const held = settings.hotkeys.some((hotkey) => hotkey.problem !== null);
      set({ settings, busy: false, done: held ? null : 'Saved.' });
      return true;
    } catch (error) {
      set({ busy: false, error: shownError(error) });
      return false;
    }
  },
}));
