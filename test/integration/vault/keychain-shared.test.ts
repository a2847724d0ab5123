// The app and the command line use one keychain at the same moment (a `companion api` call while the app
// rechecks the keychain). Each checks the keychain by writing and deleting an item; libsecret loads a whole
// collection's items, so another process's item vanishing mid-read used to fail a read ("No such interface
// org.freedesktop.Secret.Item") or a check. Real processes against the harness's GNOME Keyring.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keytarSecretStore } from '../../../main/vault/secret-store.js';
import { requireKeyring } from '../../support/keyring.js';

const run = promisify(execFile);
const builtSecretStore = fileURLToPath(new URL('../../../build/main/vault/secret-store.js', import.meta.url));
const churn = fileURLToPath(new URL('../../support/keychain-churn.mjs', import.meta.url));
const SERVICE = `keychain-shared-${randomBytes(4).toString('hex')}`;
const ACCOUNT = 'profile/token';
const ROUNDS = 120;

const store = keytarSecretStore(SERVICE);

beforeAll(async () => {
  requireKeyring();
  await store.set(ACCOUNT, 'kept');
});

afterAll(async () => {
  await store.delete(ACCOUNT).catch(() => false);
});

interface ChurnResult {
  rounds: number;
  errors: string[];
  errorCount: number;
}

async function churnProcess(args: string[]): Promise<ChurnResult> {
  const { stdout } = await run(process.execPath, [churn, builtSecretStore, SERVICE, ...args], { timeout: 40_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChurnResult;
}

it('two processes checking the keychain while a third reads it: every check and every read succeeds', async () => {
  const [checkA, checkB, reader] = await Promise.all([
    churnProcess(['check', String(ROUNDS)]),
    churnProcess(['check', String(ROUNDS)]),
    churnProcess(['read', ACCOUNT, String(ROUNDS)]),
  ]);
  expect([checkA, checkB, reader].map((result) => result.errors)).toEqual([[], [], []]);
  expect(reader.rounds).toBe(ROUNDS);
  // The checks leave nothing behind, in the service the app lists or anywhere else.
  expect(await store.list()).toEqual([ACCOUNT]);
});
