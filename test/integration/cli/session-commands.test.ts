// `companion login`, `whoami`, `api`, `channels` and `logout` as a streamer runs them, against the embedded
// sandbox, with the token in a real GNOME Keyring (scripts/with-keyring.mjs).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring, secretTool } from '../../support/keyring.js';
import { defaultDataDir } from '../../../main/settings/data-dir.js';
import { vaultServiceFor } from '../../../main/vault/vault.js';

let dataDir: string;
const env = () => ({ COMPANION_DATA_DIR: dataDir });

beforeEach(() => requireKeyring());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-cli-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under `root` whose bytes contain `needle`. */
async function filesContaining(root: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path).catch(() => null);
    if (bytes?.includes(needle)) found.push(path);
  }
  return found;
}

describe('signing in from the command line', () => {
  it('signs in with the password grant; the MAC token lives only in the keychain; later calls are signed and accepted; logout removes it', async () => {
    const login = await runCli(['--json', 'login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: env() });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    const signedIn = JSON.parse(login.stdout.trim()) as Record<string, unknown>;
    expect(signedIn).toMatchObject({ event: 'signed-in', profile: 'sandbox', status: 'signed-in', user: 'demo', token_type: 'mac', scope: 'broadcaster' });

    // An independent look into the keychain: libsecret's own tool finds the token with every MAC field.
    // A data folder of its own (COMPANION_DATA_DIR) keeps its secrets under a service named after it.
    const service = vaultServiceFor(dataDir, defaultDataDir());
    expect(service).toBe(`Broadcaster Companion (${dataDir})`);
    const lookup = secretTool(['lookup', 'service', service, 'account', 'sandbox/token/user']);
    expect(lookup.status).toBe(0);
    const stored = JSON.parse(lookup.stdout) as { type: string; accessToken: string; macKey: string; createdAt: number };
    expect(stored.type).toBe('mac');
    expect(stored.accessToken).toMatch(/^[0-9a-f]{40}$/);
    expect(stored.macKey).toMatch(/^[0-9a-f]{40}$/);

    // Nothing secret on disk: not in the data folder (profiles, the sandbox's state), not anywhere in HOME
    // outside the keyring's own encrypted file.
    for (const secret of [stored.accessToken, stored.macKey]) {
      expect(await filesContaining(dataDir, secret)).toEqual([]);
      expect((await filesContaining(homedir(), secret)).filter((file) => !file.includes('/keyrings/'))).toEqual([]);
    }

    const whoami = await runCli(['whoami'], { env: env() });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain('Signed in to profile sandbox');
    expect(whoami.stdout).toMatch(/token\s+MAC \(hmac-sha-1\)/);
    expect(whoami.stdout).toMatch(/scope\s+broadcaster/);
    expect(whoami.stdout).toMatch(/expiry\s+expires 20\d\d-/);

    // `api` signs with MAC (the token is MAC): the sandbox verifies the signature, or it would answer 401.
    const api = await runCli(['api', 'GET', '/users/self/channels.json'], { env: env() });
    expect(api.stderr).toBe('');
    expect(api.code).toBe(0);
    const body = JSON.parse(api.stdout) as { channels: { title: string }[] };
    expect(body.channels.map((channel) => channel.title)).toContain('Demo Live');

    const created = await runCli(['api', 'POST', '/users/self/channels.json', '-f', 'title=From the terminal', '-f', 'description=signed body'], { env: env() });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ channel: { title: 'From the terminal' } });

    const channels = await runCli(['channels'], { env: env() });
    expect(channels.code).toBe(0);
    expect(channels.stdout).toMatch(/ID\s+STATUS\s+TITLE/);
    expect(channels.stdout).toContain('From the terminal');

    const logout = await runCli(['logout'], { env: env() });
    expect(logout.code).toBe(0);
    expect(secretTool(['lookup', 'service', service, 'account', 'sandbox/token/user']).stdout).toBe('');
    const after = await runCli(['whoami'], { env: env() });
    expect(after.code).toBe(1);
    expect(after.stdout).toContain('Not signed in');
    const refused = await runCli(['api', 'GET', '/users/self/channels.json'], { env: env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/sign in/i);
  });

  it('says what is wrong with a wrong password or bad options, without a stack trace', async () => {
    const wrong = await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'not-it\n', env: env() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/wrong username or password/i);
    expect(wrong.stderr).not.toMatch(/\n\s+at /);

    const noStdin = await runCli(['login', '--username', 'demo'], { env: env() });
    expect(noStdin.code).toBe(2);
    expect(noStdin.stderr).toContain('--password-stdin');

    const badScope = await runCli(['login', '--scope', 'admin'], { env: env() });
    expect(badScope.code).toBe(2);
  });
});
