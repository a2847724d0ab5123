// Who is signed in to which platform profile; follows the core's `session` events.
import { create } from 'zustand';
import type { CompanionBridge, ProfileAddresses, ProfilesInfo, SessionInfo } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { forgetAccountData, isAnotherAccount } from './account-scope';
import { errorCode, shownError, type ShownError } from './request-outcome';

// Types
export interface SessionState {
  readonly session: SessionInfo | null;
  readonly profiles: ProfilesInfo | null;
  /** A sign-in, sign-out or profile switch is running: its buttons wait. */
  readonly busy: boolean;
  /** What went wrong with the last action, in words, and its code (the panel offers the control that fixes some). */
  readonly error: ShownError | null;
  readonly errorCode: string | null;
}

export interface SessionActions {
  load(): Promise<void>;
  /** `tokenType`: absent, the shell's choice (see SignInOptions). */
  signIn(offline: boolean, tokenType?: 'mac' | 'bearer'): Promise<void>;
  signOut(): Promise<void>;
  switchProfile(name: string): Promise<void>;
  /** True once saved; false with `error` saying what is wrong. */
  setProfileAddresses(addresses: ProfileAddresses): Promise<boolean>;
}

// Initial state
export const initialSessionState: SessionState = { session: null, profiles: null, busy: false, error: null, errorCode: null };

// Hook (with its actions)
export const useSessionStore = create<SessionState & SessionActions>()((set, get) => {
  async function run(action: () => Promise<Partial<SessionState> | void>): Promise<void> {
    if (get().busy) return;
    set({ busy: true, error: null, errorCode: null });
    try {
      set({ ...(await action()), busy: false });
    } catch (error) {
      set({ busy: false, error: shownError(error), errorCode: errorCode(error) });
    }
  }

  return {
    ...initialSessionState,
    load: () => run(async () => ({ session: await bridge().session.info(), profiles: await bridge().session.profiles() })),
    signIn: (offline, tokenType) =>
      run(async () => {
        const start = await bridge().session.signIn(tokenType === undefined ? { offline } : { offline, tokenType });
        if (start.kind === 'navigate') {
          // Browser mode: the platform's login page takes over this tab and sends it back when done.
          window.location.assign(start.url);
          return { busy: true };
        }
        return { session: start.session };
      }),
    signOut: () => run(async () => ({ session: await bridge().session.signOut() })),
    switchProfile: (name) => run(async () => ({ session: await bridge().session.switchProfile(name), profiles: await bridge().session.profiles() })),
    setProfileAddresses: async (addresses) => {
      await run(async () => ({ session: await bridge().session.setProfileAddresses(addresses), profiles: await bridge().session.profiles() }));
      return get().error === null;
    },
  };
});

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectSession(companion: CompanionBridge): () => void {
  return companion.on('session', (session) => useSessionStore.setState({ session }));
}

useSessionStore.subscribe((state, previous) => {
  if (isAnotherAccount(previous.session, state.session)) forgetAccountData();
});
