// The session over a real keychain (scripts/with-keyring.mjs) and the real embedded sandbox: sign-in, the
// expiry warning an hour before, expiry, a token the platform refuses, sign-out. The clock is the one
// thing the test moves.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { discoverUser } from '../../../main/session/discover-user.js';
import { SessionService } from '../../../main/session/session-service.js';
import { keytarSecretStore } from '../../../main/vault/secret-store.js';
import { Vault } from '../../../main/vault/vault.js';
import type { SessionInfo } from '../../../preload/contract.js';
import { requireKeyring } from '../../support/keyring.js';

let dataDir: string;
let session: SessionService;
let clock: number | null = null;
const changes: SessionInfo[] = [];
const logged: string[] = [];

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  dataDir = await mkdtemp(join(tmpdir(), 'companion-session-'));
  // Its own keychain service, so this test's items never meet another test's.
  const store = keytarSecretStore(`Broadcaster Companion test ${randomBytes(4).toString('hex')}`);
  const logger = createLogger({ sink: { write: (line: string) => logged.push(line) } });
  session = new SessionService({
    dataDir,
    secretsFor: (profile) => new Vault(store, profile, logger),
    now: () => clock ?? Math.floor(Date.now() / 1000),
    identify: async () => discoverUser(createPlatformCaller({ apiUrl: (await session.platform()).apiUrl, tokens: session })),
    onSettingsRecovered: () => {},
  });
  session.events.on('session', (info) => changes.push(info));
  await session.open();
});

afterAll(async () => {
  await session?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the session', () => {
  it('starts signed out on the sandbox profile, whose platform it starts on demand', async () => {
    expect((await session.info()).status).toBe('signed-out');
    const sandbox = await session.sandbox();
    expect(sandbox?.owned).toBe(true);
    expect(await session.info()).toMatchObject({ profile: 'sandbox', profileKind: 'sandbox', platform: { apiUrl: sandbox!.apiUrl }, sandboxLogin: { username: 'demo' } });
  });

  it('signs in with the password grant, learns the user name, and warns an hour before the token runs out', async () => {
    const info = await session.signInWithPassword('demo', 'broadcast');
    expect(info).toMatchObject({ status: 'signed-in', user: 'demo', tokenType: 'mac', scopes: ['broadcaster'], expiresSoon: false });
    expect(changes.at(-1)?.status).toBe('signed-in');
    const expiresAt = info.expiresAt!;
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(86_000);

    clock = expiresAt - 1800;
    expect(await session.info()).toMatchObject({ status: 'signed-in', expiresSoon: true });
    expect(await session.token('user')).not.toBeNull();

    clock = expiresAt + 1;
    expect((await session.info()).status).toBe('expired');
    expect(await session.token('user')).toBeNull();
    clock = null;
  });

  it('reads "expired" with a reason once the platform refuses the token, until the next sign-in', async () => {
    await session.signInWithPassword('demo', 'broadcast');
    await session.tokenRefused();
    expect(await session.info()).toMatchObject({ status: 'expired', lastError: { code: 'sign_in_needed' } });
    expect(await session.token('user')).toBeNull();
    expect((await session.signInWithPassword('demo', 'broadcast')).status).toBe('signed-in');
    expect((await session.info()).lastError).toBeNull();
  });

  it('signs out: the token leaves the keychain and the user name is forgotten', async () => {
    const info = await session.signOut();
    expect(info).toMatchObject({ status: 'signed-out', user: null, tokenType: null });
    expect(await session.token('user')).toBeNull();
    expect(logged.join('\n')).not.toMatch(/[0-9a-f]{40}/);
  });
});

describe('closing', () => {
  it('is final: a call still on its way does not start the embedded sandbox again (the app could not exit)', async () => {
    expect((await session.platform()).apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await session.close();
    await expect(session.platform()).rejects.toThrow('The app is closing: the embedded sandbox is stopped.');
    await expect(session.sandbox()).rejects.toThrow('The app is closing');
    expect(existsSync(join(dataDir, 'sandbox', 'runtime.json'))).toBe(false);
  });
});
