// Renewing a sign-in of today's platform with its refresh token (docs/platform-api/current.md, "refresh").
// A refresh token buys one new token, and the answer carries the next refresh token: the old one is dead from
// then on. Two processes of the same profile (the app and a `companion` command) share the keychain item, so
// a renewal holds the profile's refresh lock from reading the vault to keeping the new token in it; a process
// that finds the vault already holds a newer token than the one it was about to renew uses that one instead
// of spending a refresh token nobody has any more.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AccessToken } from '../platform/access-token.js';
import { refreshTokenGrant } from '../platform/oauth/token-grants.js';
import { tryLockFile } from '../pid-lock-file.js';
import type { TokenVault } from './token-keeper.js';

export interface RefreshRenewalOptions {
  /** The lock of the active profile's renewals (a file in the data folder, shared by its processes). */
  readonly lockFile: () => string;
  readonly vault: () => TokenVault;
  /** The token endpoint and the app's registration for the active profile. */
  readonly platform: () => Promise<{ readonly tokenUrl: string; readonly clientId: string; readonly clientSecret: string | null }>;
  /** How long to wait for another process's renewal before giving up (the token then stays as it is). */
  readonly lockWaitMs?: number;
}

const LOCK_POLL_MS = 50;
const DEFAULT_LOCK_WAIT_MS = 30_000;

/** The TokenKeeper's renewal hook for a profile of today's platform: null for a token without a refresh token. */
export function refreshRenewal(options: RefreshRenewalOptions): (token: AccessToken) => Promise<AccessToken | null> {
  return async (token) => {
    if (token.type !== 'bearer' || token.refreshToken === undefined) return null;
    const release = await takeLock(options.lockFile(), options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
    try {
      const vault = options.vault();
      const stored = await vault.token('user');
      // Signed out meanwhile (by another process): nothing to renew.
      if (stored === null) return null;
      // Another process renewed first: its token is the one to use, and ours can no longer be refreshed.
      if (stored.accessToken !== token.accessToken) return stored;
      const platform = await options.platform();
      const fresh = await refreshTokenGrant({ ...platform, refreshToken: token.refreshToken, scopes: token.scopes });
      // A platform that does not rotate leaves the refresh token as it was (RFC 6749 §6).
      const kept: AccessToken = fresh.type === 'bearer' && fresh.refreshToken === undefined ? { ...fresh, refreshToken: token.refreshToken } : fresh;
      await vault.saveToken('user', kept);
      return kept;
    } finally {
      release();
    }
  };
}

async function takeLock(file: string, waitMs: number): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const attempt = tryLockFile(file);
    if (attempt.held) return () => attempt.release();
    if (Date.now() >= deadline) {
      throw new Error(`Another Broadcaster Companion process (pid ${attempt.owner}) has been renewing this profile's sign-in for ${Math.round(waitMs / 1000)} s.`);
    }
    await sleep(LOCK_POLL_MS);
  }
}
