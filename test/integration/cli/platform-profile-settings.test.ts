// Setting up a platform profile from the command line: the client secret never on the command line (refused
// with where to give it), taken from standard input into the keychain; addresses that would carry sign-ins in
// clear across the network refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultDataDir } from '../../../main/settings/data-dir.js';
import { vaultServiceFor } from '../../../main/vault/vault.js';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring, secretTool } from '../../support/keyring.js';

let dataDir: string;
beforeEach(() => requireKeyring());
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-profile-settings-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const platform = ['--api-url', 'http://127.0.0.1:9', '--auth-url', 'http://127.0.0.1:9', '--client-id', 'cid'];

it('refuses an http:// address on another computer, before anything is saved or sent', async () => {
  const result = await runCli(['--profile', 'remote', 'login', '--username', 'u', '--password-stdin', '--api-url', 'http://api.example.net', '--auth-url', 'https://login.example.net', '--client-id', 'cid'], {
    input: 'pw\n',
    env: { COMPANION_DATA_DIR: dataDir, COMPANION_CLIENT_SECRET: 'cs-remote' },
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('The address http://api.example.net is http:// on another computer');
  expect(result.stderr).toContain('Use its https:// address');
});

it('takes one secret on standard input: with --password-stdin the client secret goes in the environment', async () => {
  const result = await runCli(['--profile', 'both', 'login', '--username', 'u', '--password-stdin', '--client-secret-stdin', ...platform], { input: 'pw\n', env: { COMPANION_DATA_DIR: dataDir } });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('standard input carries one secret');
});

it('keeps a client secret given on standard input in the keychain, before the sign-in finds the platform away', async () => {
  const secret = `cs-${Date.now()}`;
  // The platform's addresses answer nothing: the sign-in stops with words before any browser opens, and the
  // profile (with its secret) was set up by then.
  const result = await runCli(['--profile', 'stdin', 'login', '--client-secret-stdin', ...platform], { input: `${secret}\n`, env: { COMPANION_DATA_DIR: dataDir, PATH: '/nonexistent', BROWSER: '' } });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("The platform's sign-in page at http://127.0.0.1:9 cannot be reached");
  expect(result.stderr).not.toContain(secret);
  const lookup = secretTool(['lookup', 'service', vaultServiceFor(dataDir, defaultDataDir()), 'account', 'stdin/client-secret']);
  expect(lookup.stdout).toBe(secret);
});

it('sets a profile up for this run only: the profile the app opens with stays as it was (issue 22)', async () => {
  const profiles = async (): Promise<{ active: string; profiles: Record<string, unknown> }> => JSON.parse(await readFile(join(dataDir, 'profiles.json'), 'utf8')) as { active: string; profiles: Record<string, unknown> };
  const activeBefore = (await profiles()).active;
  const result = await runCli(['--profile', 'guest', 'login', ...platform], { env: { COMPANION_DATA_DIR: dataDir, COMPANION_CLIENT_SECRET: 'cs-guest', PATH: '/nonexistent', BROWSER: '' } });
  expect(result.code).toBe(1);
  // The profile is saved (its addresses), but the app still opens with the one it had.
  const after = await profiles();
  expect(after.profiles.guest).toMatchObject({ kind: 'platform', apiUrl: 'http://127.0.0.1:9' });
  expect(after.active).toBe(activeBefore);
  expect(activeBefore).not.toBe('guest');
});
