// Channel managers: the list, invite, alias, active flag and channel access. Changes show at once and
// are rolled back when the platform refuses them; a plan without managers is a note, not an error.
import { create } from 'zustand';
import type { InviteManager, ManagerChange, ManagerRow, ManagersState } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorOrPlanNote, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface ManagersSliceState {
  readonly state: ManagersState | null;
  readonly loading: boolean;
  /** The invite form's request is running. */
  readonly inviting: boolean;
  /** User ids whose change is running (their row's controls wait). */
  readonly pending: readonly string[];
  readonly error: ShownError | null;
  /** The last refusal was the plan's (402): shown as a plan note, not as a failure. */
  readonly planNote: string | null;
}

export interface ManagersActions {
  load(): Promise<void>;
  /** Resolves true when the manager was added (the form then clears). */
  invite(request: InviteManager): Promise<boolean>;
  change(userId: string, change: ManagerChange): Promise<void>;
  setChannel(userId: string, channelId: string, granted: boolean): Promise<void>;
  remove(userId: string): Promise<void>;
  dismissError(): void;
}

// Initial state
export const initialManagersState: ManagersSliceState = { state: null, loading: false, inviting: false, pending: [], error: null, planNote: null };

// Hook (with its actions)
export const useManagersStore = create<ManagersSliceState & ManagersActions>()((set, get) => {
  const replaceRow = (row: ManagerRow) =>
    set((current) => (current.state ? { state: { ...current.state, managers: current.state.managers.map((entry) => (entry.userId === row.userId ? row : entry)) } } : {}));

  /** Shows `optimistic` at once, runs `request`, keeps its answer or puts the row back as it was. */
  async function optimistic(userId: string, patch: (row: ManagerRow) => ManagerRow, request: () => Promise<ManagerRow | null>): Promise<void> {
    const before = get().state?.managers.find((row) => row.userId === userId);
    if (!before || get().pending.includes(userId)) return;
    set((current) => ({ pending: [...current.pending, userId], error: null }));
    replaceRow(patch(before));
    try {
      const after = await request();
      if (after) replaceRow(after);
      else set((current) => (current.state ? { state: { ...current.state, managers: current.state.managers.filter((row) => row.userId !== userId) } } : {}));
    } catch (error) {
      replaceRow(before);
      set(errorOrPlanNote(error));
    } finally {
      set((current) => ({ pending: current.pending.filter((id) => id !== userId) }));
    }
  }

  return {
    ...initialManagersState,
    load: async () => {
      set({ loading: true });
      try {
        const state = await bridge().managers.state();
        set({ state, loading: false, error: null, planNote: state.planNote });
      } catch (error) {
        set({ loading: false, ...errorOrPlanNote(error) });
      }
    },
    invite: async (request) => {
      if (get().inviting) return false;
      set({ inviting: true, error: null });
      try {
        const row = await bridge().managers.invite(request);
        set((current) => ({ inviting: false, state: current.state ? { ...current.state, managers: [...current.state.managers, row] } : current.state }));
        return true;
      } catch (error) {
        set({ inviting: false, ...errorOrPlanNote(error) });
        return false;
      }
    },
    change: (userId, change) =>
      optimistic(userId, (row) => ({ ...row, active: change.active, alias: change.alias ?? row.alias }), () => bridge().managers.change(userId, change)),
    setChannel: (userId, channelId, granted) =>
      optimistic(
        userId,
        (row) => ({ ...row, channels: granted ? [...row.channels, channelId] : row.channels.filter((id) => id !== channelId) }),
        () => bridge().managers.setChannel(userId, channelId, granted),
      ),
    remove: (userId) =>
      optimistic(
        userId,
        (row) => row,
        async () => {
          await bridge().managers.remove(userId);
          return null;
        },
      ),
    dismissError: () => set({ error: null }),
  };
});

clearedWhenAccountChanges(useManagersStore, initialManagersState);
