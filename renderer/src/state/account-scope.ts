// What one account showed must not be shown to the next: the slices that hold an account's data
// (channels, videos, managers, …) go back to their initial state when the account changes (signed out,
// another profile, another user), and `generation` moves on so the open panel mounts again and loads
// the new account's data. The session slice says when (it alone sees the session change).
import { create, type StoreApi } from 'zustand';
import type { SessionInfo } from '../../../preload/contract.js';

// Types
export interface AccountScopeState {
  /** Counts account changes seen by this window; the app shell keys the open panel by it. */
  readonly generation: number;
}

// Initial state
export const initialAccountScopeState: AccountScopeState = { generation: 0 };

// Hook
export const useAccountScopeStore = create<AccountScopeState>()(() => ({ ...initialAccountScopeState }));

const resets: (() => void)[] = [];

/** Puts `store` back to `initial` whenever the account changes (its actions stay). */
export function clearedWhenAccountChanges<S>(store: StoreApi<S>, initial: Partial<S>): void {
  resets.push(() => store.setState(initial));
}

/**
 * Whether going from `before` to `after` is another account's data: a sign-out, another profile, or
 * another user name. A first answer, a user name learned after sign-in, an expiry or a refreshed token
 * are the same account.
 */
export function isAnotherAccount(before: SessionInfo | null, after: SessionInfo | null): boolean {
  if (!before || !after) return false;
  if (before.profile !== after.profile) return true;
  if (before.status !== 'signed-out' && after.status === 'signed-out') return true;
  return before.user !== null && after.user !== null && before.user !== after.user;
}

/** Clears every registered slice and moves the generation on. */
export function forgetAccountData(): void {
  for (const reset of resets) reset();
  useAccountScopeStore.setState((state) => ({ generation: state.generation + 1 }));
}
