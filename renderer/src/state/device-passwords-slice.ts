// Device passwords: one page of the list at a time, create (the generated password is held here only
// until the streamer dismisses it; the app keeps it nowhere else), delete with an optimistic removal.
import { create } from 'zustand';
import type { CreatedDevicePassword, DevicePasswordPage, NewDevicePassword } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface DevicePasswordsSliceState {
  readonly page: DevicePasswordPage | null;
  readonly loading: boolean;
  readonly creating: boolean;
  /** User names whose deletion is running. */
  readonly deleting: readonly string[];
  /** The password just created: shown once, then forgotten. */
  readonly created: CreatedDevicePassword | null;
  readonly error: ShownError | null;
}

export interface DevicePasswordsActions {
  load(page?: number): Promise<void>;
  /** Resolves true when the password was made (the form then clears). */
  create(request: NewDevicePassword): Promise<boolean>;
  remove(userName: string): Promise<void>;
  forgetCreated(): void;
}

// Initial state
export const initialDevicePasswordsState: DevicePasswordsSliceState = { page: null, loading: false, creating: false, deleting: [], created: null, error: null };

// Hook (with its actions)
export const useDevicePasswordsStore = create<DevicePasswordsSliceState & DevicePasswordsActions>()((set, get) => ({
  ...initialDevicePasswordsState,
  load: async (page = get().page?.page ?? 1) => {
    set({ loading: true });
    try {
      set({ page: await bridge().devicePasswords.page({ page }), loading: false, error: null });
    } catch (error) {
      set({ loading: false, error: shownError(error) });
    }
  },
  create: async (request) => {
    if (get().creating) return false;
    set({ creating: true, error: null, created: null });
    try {
      const created = await bridge().devicePasswords.create(request);
      set({ creating: false, created });
      await get().load();
      return true;
    } catch (error) {
      set({ creating: false, error: shownError(error) });
      return false;
    }
  },
  remove: async (userName) => {
    const before = get().page;
    if (!before || get().deleting.includes(userName)) return;
    set((current) => ({ deleting: [...current.deleting, userName], error: null, page: { ...before, items: before.items.filter((item) => item.userName !== userName) } }));
    try {
      await bridge().devicePasswords.remove(userName);
      set((current) => ({ deleting: current.deleting.filter((name) => name !== userName) }));
      await get().load();
    } catch (error) {
      // Put the row back where it was, unless the platform says it is gone anyway.
      const gone = (error as { code?: unknown }).code === 'not_found';
      set((current) => ({ deleting: current.deleting.filter((name) => name !== userName), ...(gone ? {} : { page: before }), error: shownError(error) }));
    }
  },
  forgetCreated: () => set({ created: null }),
}));

clearedWhenAccountChanges(useDevicePasswordsStore, initialDevicePasswordsState);
