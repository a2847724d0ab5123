import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessToken } from '../../../main/platform/access-token.js';
import { TokenKeeper, type TokenVault } from '../../../main/session/token-keeper.js';

const NOW = 1_800_000_000;

function bearer(accessToken: string, expiresAt: number | null, refreshToken?: string): AccessToken {
  return { type: 'bearer', accessToken, expiresAt, scopes: [], ...(refreshToken === undefined ? {} : { refreshToken }) };
}

/** A vault in memory: the keeper's side of the keychain. */
function memoryVault(): TokenVault & { items: Map<string, AccessToken> } {
  const items = new Map<string, AccessToken>();
  return {
    items,
    token: async (kind) => items.get(kind) ?? null,
    saveToken: async (kind, token) => void items.set(kind, token),
    deleteToken: async (kind) => items.delete(kind),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenKeeper', () => {
  it('gives the user token until it runs out or the platform refuses it, then null and the status says expired', async () => {
    let now = NOW;
    const vault = memoryVault();
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => undefined, now: () => now });
    expect(keeper.status()).toBe('signed-out');
    await keeper.signedIn(bearer('u1', NOW + 100));
    expect(vault.items.get('user')?.accessToken).toBe('u1');
    expect(await keeper.token('user')).toMatchObject({ accessToken: 'u1' });
    now = NOW + 100;
    expect([keeper.status(), await keeper.token('user')]).toEqual(['expired', null]);
    await keeper.signedIn(bearer('u2', null));
    expect(keeper.refused()).toBe(true);
    expect(keeper.refused()).toBe(false);
    expect([keeper.status(), await keeper.token('user')]).toEqual(['expired', null]);
    await keeper.forget();
    expect([keeper.status(), vault.items.size]).toEqual(['signed-out', 0]);
  });

  it('asks the platform for one client token however many calls want it at once, and keeps it until near its end', async () => {
    let now = NOW;
    const vault = memoryVault();
    let grants = 0;
    const clientGrant = async () => {
      grants += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return bearer(`c${grants}`, now + 3600);
    };
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant, onDeadline: () => undefined, now: () => now });
    const tokens = await Promise.all([keeper.token('client'), keeper.token('client'), keeper.token('client')]);
    expect([grants, ...tokens.map((token) => token?.accessToken)]).toEqual([1, 'c1', 'c1', 'c1']);
    expect((await keeper.token('client'))?.accessToken).toBe('c1');
    now += 3600 - 30;
    expect((await keeper.token('client'))?.accessToken).toBe('c2');
    await keeper.clientRefused();
    expect(vault.items.has('client')).toBe(false);
  });

  it('wakes the session when the user token enters its last hour and when it runs out', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
    const vault = memoryVault();
    const deadlines: number[] = [];
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => deadlines.push(Math.floor(Date.now() / 1000)) });
    await keeper.signedIn(bearer('u', NOW + 7200));
    await vi.advanceTimersByTimeAsync(7200 * 1000);
    expect(deadlines).toEqual([NOW + 3600, NOW + 7200]);
    keeper.stop();
  });
});

describe('TokenKeeper renewal', () => {
  it('renews a token about to run out once for all calls, and uses what the renewal kept in the vault', async () => {
    let now = NOW;
    const vault = memoryVault();
    const renewed: string[] = [];
    const renew = async (old: AccessToken) => {
      renewed.push(old.accessToken);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const fresh = bearer(`${old.accessToken}+`, now + 3600);
      await vault.saveToken('user', fresh);
      return fresh;
    };
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => undefined, renew, now: () => now });
    await keeper.signedIn(bearer('u', NOW + 3600));
    expect((await keeper.token('user'))?.accessToken).toBe('u');
    now = NOW + 3600 - 30;
    const tokens = await Promise.all([keeper.token('user'), keeper.token('user'), keeper.token('user')]);
    expect([renewed, tokens.map((token) => token?.accessToken)]).toEqual([['u'], ['u+', 'u+', 'u+']]);
    expect(vault.items.get('user')?.accessToken).toBe('u+');
    keeper.stop();
  });

  it('a refused token is renewed once for every call that met it; without renewal there is nothing to retry with', async () => {
    const vault = memoryVault();
    let renewals = 0;
    const renew = async (old: AccessToken) => {
      renewals += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return bearer(`${old.accessToken}+`, NOW + 7200);
    };
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => undefined, renew, now: () => NOW });
    await keeper.signedIn(bearer('u', NOW + 7200));
    const refused = (await keeper.token('user'))!;
    const retried = await Promise.all([keeper.renewRefused(refused), keeper.renewRefused(refused)]);
    expect([renewals, retried.map((token) => token?.accessToken)]).toEqual([1, ['u+', 'u+']]);
    // A call that still held the old token after the renewal gets the new one without another renewal.
    expect([(await keeper.renewRefused(refused))?.accessToken, renewals]).toEqual(['u+', 1]);
    const plain = new TokenKeeper({ vault: () => memoryVault(), clientGrant: async () => null, onDeadline: () => undefined, now: () => NOW });
    await plain.signedIn(bearer('v', NOW + 7200));
    expect(await plain.renewRefused((await plain.token('user'))!)).toBeNull();
    keeper.stop();
    plain.stop();
  });

  it('renews a renewable sign-in shortly before its token runs out even when no call asks, and says so', async () => {
    vi.useFakeTimers({ now: NOW * 1000 });
    try {
      const vault = memoryVault();
      const deadlines: number[] = [];
      const renew = async (old: AccessToken): Promise<AccessToken> => bearer(`${old.accessToken}+`, Math.floor(Date.now() / 1000) + 7200, 'r+');
      const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => deadlines.push(Math.floor(Date.now() / 1000)), renew, now: () => Math.floor(Date.now() / 1000) });
      await keeper.signedIn(bearer('u', NOW + 7200, 'r'));
      await vi.advanceTimersByTimeAsync((7200 - 60) * 1000);
      expect([keeper.user?.accessToken, keeper.status()]).toEqual(['u+', 'signed-in']);
      expect(deadlines).toContain(NOW + 7200 - 60);
      keeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed renewal leaves an expired token expired, and a token still valid in use', async () => {
    let now = NOW;
    const vault = memoryVault();
    const keeper = new TokenKeeper({ vault: () => vault, clientGrant: async () => null, onDeadline: () => undefined, renew: async () => Promise.reject(new Error('refresh refused')), now: () => now });
    await keeper.signedIn(bearer('u', NOW + 100));
    now = NOW + 50;
    expect((await keeper.token('user'))?.accessToken).toBe('u');
    now = NOW + 100;
    expect([await keeper.token('user'), keeper.status()]).toEqual([null, 'expired']);
    keeper.stop();
  });
});
