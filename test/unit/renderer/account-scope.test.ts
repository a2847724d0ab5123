import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../preload/contract.js';

// No bridge is connected here: importing a slice calls nothing (the bridge is injected by connectBridge).
const { forgetAccountData, isAnotherAccount, useAccountScopeStore } = await import('../../../renderer/src/state/account-scope');
const { useSessionStore } = await import('../../../renderer/src/state/session-slice');

/** Slices that hold no account's data: the window, the core link, the app's own settings, the session itself. */
const NOT_ACCOUNT_DATA = new Set(['app-info', 'app-status', 'connection', 'desktop-settings', 'keychain', 'navigation', 'notices', 'session',
  // The upload queue is the core's: it closes on sign-out and reopens for the next sign-in (uploads e2e).
  'uploads']);

const sliceModules = import.meta.glob<Record<string, unknown>>('../../../renderer/src/state/*-slice.ts');
const accountSlices = Object.keys(sliceModules)
  .map((path) => /([a-z-]+)-slice\.ts$/.exec(path)![1]!)
  .filter((name) => !NOT_ACCOUNT_DATA.has(name));

type Store = { getState(): Record<string, unknown>; setState(partial: Record<string, unknown>): void };

async function sliceModule(name: string): Promise<{ store: Store; initial: Record<string, unknown> }> {
  const module = await sliceModules[`../../../renderer/src/state/${name}-slice.ts`]!();
  const store = Object.entries(module).find(([key]) => /^use[A-Za-z]+Store$/.test(key))![1] as Store;
  const initial = Object.entries(module).find(([key]) => /^initial[A-Za-z]+State$/.test(key))![1] as Record<string, unknown>;
  return { store, initial };
}

function session(overrides: Partial<SessionInfo>): SessionInfo {
  return {
    profile: 'sandbox', profileKind: 'sandbox', platform: null, status: 'signed-in', user: 'demo', tokenType: 'mac', scopes: ['broadcaster'],
    expiresAt: null, expiresSoon: false, renewable: false, dialect: 'spec', lastError: null, ...overrides,
  } as SessionInfo;
}

beforeEach(() => {
  useSessionStore.setState({ session: null });
});

describe('account scope', () => {
  it('tells another account from the same one', () => {
    const demo = session({});
    expect(isAnotherAccount(null, demo)).toBe(false);
    expect(isAnotherAccount(session({ user: null }), demo)).toBe(false);
    expect(isAnotherAccount(demo, session({ status: 'expired' }))).toBe(false);
    expect(isAnotherAccount(demo, session({ expiresAt: 5 }))).toBe(false);
    expect(isAnotherAccount(demo, session({ status: 'signed-out', user: null }))).toBe(true);
    expect(isAnotherAccount(session({ status: 'signed-out', user: null }), session({ status: 'signed-out', user: null }))).toBe(false);
    expect(isAnotherAccount(demo, session({ profile: 'studio' }))).toBe(true);
    expect(isAnotherAccount(session({ status: 'expired' }), session({ user: 'rival' }))).toBe(true);
  });

  it.each(accountSlices)('the %s slice goes back to its initial state when the account changes', async (name) => {
    const { store, initial } = await sliceModule(name);
    const field = Object.keys(initial).find((key) => key !== 'busy' && key !== 'loading') ?? Object.keys(initial)[0]!;
    store.setState({ [field]: 'left from the last account' });
    forgetAccountData();
    expect(store.getState()[field]).toEqual(initial[field]);
    // Its actions stay.
    expect(Object.values(store.getState()).some((value) => typeof value === 'function')).toBe(true);
  });

  it('a sign-out clears the slices and moves the generation on; a user name learned later does not', async () => {
    const { store, initial } = await sliceModule('channel');
    useSessionStore.setState({ session: session({ user: null }) });
    store.setState({ channelId: '2' });
    const generation = useAccountScopeStore.getState().generation;

    useSessionStore.setState({ session: session({ user: 'demo' }) });
    expect(store.getState().channelId).toBe('2');
    expect(useAccountScopeStore.getState().generation).toBe(generation);

    useSessionStore.setState({ session: session({ status: 'signed-out', user: null }) });
    expect(store.getState().channelId).toEqual(initial.channelId);
    expect(useAccountScopeStore.getState().generation).toBe(generation + 1);
  });
});
