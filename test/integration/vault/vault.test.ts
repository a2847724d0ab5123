// The vault against a real keychain: the throwaway GNOME Keyring of scripts/with-keyring.mjs, checked from
// the outside with secret-tool (libsecret, not keytar). Also: nothing secret reaches a file, and without a
// Secret Service the vault refuses plainly instead of falling back to a file.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BearerToken, MacToken } from '../../../main/platform/access-token.js';
import { createLogger, type Logger } from '../../../main/log/redacting-logger.js';
import { keytarSecretStore, type SecretStore } from '../../../main/vault/secret-store.js';
import { Vault, VAULT_SERVICE } from '../../../main/vault/vault.js';
import { requireKeyring, secretTool } from '../../support/keyring.js';

const builtVault = fileURLToPath(new URL('../../../build/main/vault/vault.js', import.meta.url));
const builtSecretStore = fileURLToPath(new URL('../../../build/main/vault/secret-store.js', import.meta.url));
const builtLogger = fileURLToPath(new URL('../../../build/main/log/redacting-logger.js', import.meta.url));

/** Other test files may share this keyring: profile names are unique per run and results are filtered by them. */
const run = randomBytes(4).toString('hex');
const PROFILE_A = `vault-test-${run}-a`;
const PROFILE_B = `vault-test-${run}-b`;

const NOW = Math.floor(Date.now() / 1000);

function macToken(): MacToken {
  return {
    type: 'mac',
    accessToken: randomBytes(20).toString('hex'),
    macKey: randomBytes(15).toString('base64'),
    macAlgorithm: 'hmac-sha-1',
    createdAt: NOW - 60,
    expiresAt: null,
    scopes: ['broadcaster', 'offline'],
  };
}

function bearerToken(): BearerToken {
  return { type: 'bearer', accessToken: randomBytes(20).toString('hex'), expiresAt: NOW + 3600, scopes: ['broadcaster'] };
}

let dataDir: string;
let logFile: string;
let logger: Logger;
let store: SecretStore;
let inHarness = false;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'companion-vault-data-'));
  logFile = join(dataDir, 'logs.jsonl');
  // Synchronous, so the file holds every line by the time a test reads the disk.
  logger = createLogger({ sink: { write: (line: string) => appendFileSync(logFile, line) }, level: 'debug' });
  store = keytarSecretStore(VAULT_SERVICE);
});

// Per test, so that outside the harness every test fails with the reason rather than being reported as skipped.
beforeEach(() => {
  requireKeyring();
  inHarness = true;
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (inHarness) {
    for (const account of await store.list()) {
      if (account.startsWith(`${PROFILE_A}/`) || account.startsWith(`${PROFILE_B}/`)) await store.delete(account);
    }
  }
});

/** The item as libsecret sees it: attributes (secret-tool prints them on stderr) and the secret (stdout). */
function keychainItem(account: string): { secret: string; attributes: Record<string, string>; schema: string } | null {
  const found = secretTool(['search', '--all', 'service', VAULT_SERVICE, 'account', account]);
  const items = found.stdout.split('\n').filter((line) => line.startsWith('['));
  if (items.length === 0) return null;
  expect(items, `one item for ${account}`).toHaveLength(1);
  const field = (text: string, name: string) => text.match(new RegExp(`^${name} = (.*)$`, 'm'))?.[1];
  const attributes: Record<string, string> = {};
  for (const match of found.stderr.matchAll(/^attribute\.(\w+) = (.*)$/gm)) attributes[match[1]!] = match[2]!;
  return { secret: field(found.stdout, 'secret') ?? '', attributes, schema: field(found.stdout, 'schema') ?? '' };
}

function lookup(account: string): string | null {
  const found = secretTool(['lookup', 'service', VAULT_SERVICE, 'account', account]);
  return found.status === 0 ? found.stdout : null;
}

/** Accounts of this run's profiles in the keychain, as secret-tool lists them. */
function accountsInKeychain(): string[] {
  const found = secretTool(['search', '--all', 'service', VAULT_SERVICE]);
  return [...found.stderr.matchAll(/^attribute\.account = (.*)$/gm)]
    .map((match) => match[1]!)
    .filter((account) => account.startsWith(`vault-test-${run}-`))
    .sort();
}

function logLines(): Record<string, unknown>[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('tokens', () => {
  it('stores a MAC and a bearer token per profile as keychain items with every field, and reads them back', async () => {
    const a = new Vault(store, PROFILE_A, logger);
    const b = new Vault(store, PROFILE_B, logger);
    const userA = macToken();
    const clientA = bearerToken();
    const userB = macToken();
    await a.saveToken('user', userA);
    await a.saveToken('client', clientA);
    await b.saveToken('user', userB);

    expect(await a.token('user')).toEqual(userA);
    expect(await a.token('client')).toEqual(clientA);
    expect(await b.token('user')).toEqual(userB);
    expect(await b.token('client')).toBeNull();

    const item = keychainItem(`${PROFILE_A}/token/user`);
    expect(item).not.toBeNull();
    expect(item!.schema).toBe('org.freedesktop.Secret.Generic');
    expect(item!.attributes).toEqual({ service: VAULT_SERVICE, account: `${PROFILE_A}/token/user` });
    const stored = lookup(`${PROFILE_A}/token/user`);
    expect(stored).toBe(item!.secret);
    expect(JSON.parse(stored!)).toEqual({ ...userA, scopes: [...userA.scopes] });
    expect(JSON.parse(lookup(`${PROFILE_A}/token/client`)!)).toEqual({ ...clientA, scopes: [...clientA.scopes] });
  });

  it('replaces a token in place and deletes it', async () => {
    const a = new Vault(store, PROFILE_A, logger);
    const first = bearerToken();
    const second = macToken();
    await a.saveToken('client', first);
    await a.saveToken('client', second);
    expect(await a.token('client')).toEqual(second);
    expect(accountsInKeychain().filter((account) => account === `${PROFILE_A}/token/client`)).toHaveLength(1);

    expect(await a.deleteToken('client')).toBe(true);
    expect(await a.deleteToken('client')).toBe(false);
    expect(await a.token('client')).toBeNull();
    expect(lookup(`${PROFILE_A}/token/client`)).toBeNull();
  });

  it('reports and deletes a corrupt token instead of failing', async () => {
    const a = new Vault(store, PROFILE_A, logger);
    const garbage = [`{"type":"mac","accessToken":"half-${run}`, JSON.stringify({ type: 'mac', accessToken: `shape-${run}`, scopes: 'all' })];
    for (const text of garbage) {
      // Written past the vault, as a damaged item would be. With keytar's schema attribute: gnome-keyring
      // matches items without it only now and then when keytar looks them up.
      const attributes = ['xdg:schema', 'org.freedesktop.Secret.Generic', 'service', VAULT_SERVICE, 'account', `${PROFILE_A}/token/user`];
      const written = spawnSync('secret-tool', ['store', '--label', 'corrupt', ...attributes], { input: text, encoding: 'utf8' });
      expect(written.status, written.stderr).toBe(0);
      expect(lookup(`${PROFILE_A}/token/user`)).toBe(text);

      expect(await a.token('user')).toBeNull();
      expect(lookup(`${PROFILE_A}/token/user`)).toBeNull();
    }
    const reports = logLines().filter((line) => line.level === 'warn' && line.account === `${PROFILE_A}/token/user`);
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({ profile: PROFILE_A, problem: 'not JSON' });
    expect(String(reports[1]!.problem)).toMatch(/expiresAt|scopes|macKey/);
    expect(readFileSync(logFile, 'utf8')).not.toContain(`half-${run}`);
    expect(readFileSync(logFile, 'utf8')).not.toContain(`shape-${run}`);
  });
});

describe('client secret, stream keys and the local ingest key', () => {
  it('are stored per profile, read back and deleted', async () => {
    const a = new Vault(store, PROFILE_A, logger);
    const b = new Vault(store, PROFILE_B, logger);
    await a.clientSecret.save(`client-secret-a-${run}`);
    await b.clientSecret.save(`client-secret-b-${run}`);
    await a.streamKeys.save('1001', `stream-key-1001-${run}`);
    await a.streamKeys.save('1002', `stream-key-1002-${run}`);
    await b.localIngestKey.save(`ingest-${run}`);

    expect(await a.clientSecret.read()).toBe(`client-secret-a-${run}`);
    expect(await b.clientSecret.read()).toBe(`client-secret-b-${run}`);
    expect(await a.streamKeys.read('1001')).toBe(`stream-key-1001-${run}`);
    expect(await b.streamKeys.read('1001')).toBeNull();
    expect(await b.localIngestKey.read()).toBe(`ingest-${run}`);
    expect(await a.localIngestKey.read()).toBeNull();

    expect(lookup(`${PROFILE_A}/client-secret`)).toBe(`client-secret-a-${run}`);
    expect(lookup(`${PROFILE_A}/stream-key/1002`)).toBe(`stream-key-1002-${run}`);
    expect(lookup(`${PROFILE_B}/local-ingest-key`)).toBe(`ingest-${run}`);
    expect(keychainItem(`${PROFILE_A}/stream-key/1001`)!.attributes).toEqual({ service: VAULT_SERVICE, account: `${PROFILE_A}/stream-key/1001` });

    expect(await a.streamKeys.forget('1002')).toBe(true);
    expect(await a.streamKeys.read('1002')).toBeNull();
    expect(lookup(`${PROFILE_A}/stream-key/1002`)).toBeNull();
  });

  it('keep the hook secrets as one item, read back whole; an unreadable item is deleted and reported', async () => {
    const a = new Vault(store, PROFILE_A, logger);
    expect(await a.hookSecrets()).toEqual({});
    await a.setHookSecrets({ '5001/video.create': `hook-a-${run}`, '5002/channel.status.live': `hook-b-${run}` });
    expect(await a.hookSecrets()).toEqual({ '5001/video.create': `hook-a-${run}`, '5002/channel.status.live': `hook-b-${run}` });
    expect(JSON.parse(lookup(`${PROFILE_A}/hook-secrets`)!)).toEqual({ '5001/video.create': `hook-a-${run}`, '5002/channel.status.live': `hook-b-${run}` });

    await store.set(`${PROFILE_A}/hook-secrets`, `{"cut": "hook-c-${run}`);
    expect(await a.hookSecrets()).toEqual({});
    expect(lookup(`${PROFILE_A}/hook-secrets`)).toBeNull();
    expect(logLines().some((line) => line.level === 'warn' && String(line.msg).includes('hook secrets were unreadable'))).toBe(true);
    expect(readFileSync(logFile, 'utf8')).not.toContain(`hook-c-${run}`);
  });

  it('refuses profile names that would break the account naming', () => {
    expect(() => new Vault(store, 'a/b', logger)).toThrow(/profile name/);
    expect(() => new Vault(store, '', logger)).toThrow(/profile name/);
  });
});

describe('nothing secret on disk', () => {
  /** Every regular file under `root` (symbolic links not followed, sockets skipped). */
  function filesUnder(root: string): string[] {
    const files: string[] = [];
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      const path = join(root, entry.name);
      if (entry.isDirectory()) files.push(...filesUnder(path));
      else if (entry.isFile()) files.push(path);
    }
    return files;
  }

  it('no file under HOME or the data dir holds the access token or MAC key, though the vault stored and the log saw them', async () => {
    const vault = new Vault(store, PROFILE_B, logger);
    const token = macToken();
    await vault.saveToken('user', token);
    const readBack = await vault.token('user');
    expect(readBack).toEqual(token);
    // What careless code would log: the token object, a header, a URL, an error.
    logger.info('signed in', { token: readBack, detail: `token ${token.accessToken} key ${token.macKey}` });
    logger.debug(`GET /users/self.json Authorization: MAC id="${token.accessToken}", nonce="1:abc", mac="x"`);
    logger.error('refresh failed', { error: new Error(`refused ${token.accessToken}?mac_key=${encodeURIComponent(token.macKey)}`) });

    const home = homedir();
    const files = [...filesUnder(home), ...filesUnder(dataDir)];
    // The checks below mean something only if the keyring's own file and the log are among what is read.
    expect(files.some((file) => file.startsWith(join(home, '.local', 'share', 'keyrings')))).toBe(true);
    expect(files).toContain(logFile);
    expect(readFileSync(logFile, 'utf8')).toContain('signed in');
    const needles = [token.accessToken, token.macKey, encodeURIComponent(token.macKey)].map((text) => Buffer.from(text));
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of needles) expect(bytes.includes(needle), `${file} contains a secret`).toBe(false);
    }
    expect(lookup(`${PROFILE_B}/token/user`)).toContain(token.macKey);
  });
});

interface Outcome {
  readonly ok: boolean;
  readonly name?: string;
  readonly message?: string;
  readonly isKeychainUnavailable?: boolean;
}

describe('without a Secret Service', () => {
  const childScript = `
    const { keytarSecretStore, KeychainUnavailableError } = await import(${JSON.stringify(pathToFileURL(builtSecretStore).href)});
    const { Vault, VAULT_SERVICE } = await import(${JSON.stringify(pathToFileURL(builtVault).href)});
    const { createLogger } = await import(${JSON.stringify(pathToFileURL(builtLogger).href)});
    const store = keytarSecretStore(VAULT_SERVICE);
    const vault = new Vault(store, 'offline-test', createLogger({ sink: process.stderr }));
    const outcome = async (operation) => {
      try {
        await operation();
        return { ok: true };
      } catch (error) {
        return { ok: false, name: error.name, message: error.message, isKeychainUnavailable: error instanceof KeychainUnavailableError };
      }
    };
    const results = {
      save: await outcome(() => vault.saveToken('user', { type: 'bearer', accessToken: 'abc123abc123', expiresAt: null, scopes: ['offline'] })),
      read: await outcome(() => vault.token('user')),
      list: await outcome(() => store.list()),
    };
    console.log('RESULT ' + JSON.stringify(results));
  `;

  function runChild(env: NodeJS.ProcessEnv, wrapper: string[] = []): Record<'save' | 'read' | 'list', Outcome> {
    for (const file of [builtVault, builtSecretStore, builtLogger]) {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test builds before it tests).`);
    }
    const command = [...wrapper, process.execPath, '--input-type=module', '-e', childScript];
    const child = spawnSync(command[0]!, command.slice(1), { env, encoding: 'utf8', timeout: 30_000 });
    expect(child.status, child.stderr).toBe(0);
    // The result has a line of its own: a keyring daemon that D-Bus starts writes to the same stdout.
    const result = child.stdout.split('\n').find((line) => line.startsWith('RESULT '));
    expect(result, child.stdout).toBeDefined();
    return JSON.parse(result!.slice('RESULT '.length)) as Record<'save' | 'read' | 'list', Outcome>;
  }

  function expectRefusal(outcome: Outcome): void {
    expect(outcome).toMatchObject({ ok: false, name: 'KeychainUnavailableError', isKeychainUnavailable: true });
    expect(outcome.message).toMatch(/^No keychain is available: .+\.$/);
  }

  it('refuses with KeychainUnavailableError when there is no session bus to reach, and writes no file', () => {
    const home = mkdtempSync(join(tmpdir(), 'companion-no-keychain-'));
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'share'), DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-bus')}` };
      const results = runChild(env);
      expectRefusal(results.save);
      expectRefusal(results.read);
      expectRefusal(results.list);
      expect(results.save.message).toContain('there is no desktop session bus (D-Bus) to reach a keychain through (Could not connect');
      expect(readdirSync(home)).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('refuses with KeychainUnavailableError when the Secret Service has no unlocked keyring to write to', () => {
    // A bus of its own, where D-Bus starts gnome-keyring on demand, locked: no keyring was unlocked at login.
    const home = mkdtempSync(join(tmpdir(), 'companion-locked-keychain-'));
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'share') };
      const results = runChild(env, ['dbus-run-session', '--']);
      expect(results.read).toEqual({ ok: true });
      expectRefusal(results.save);
      expect(results.save.message).toContain('the keychain service has no login keyring to keep secrets in');
      // Listing checks that the keychain can take a secret first (keytar's listing can crash on a locked keyring).
      expectRefusal(results.list);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
