// Every way a line leaves the app — the logger, the log file, the diagnostics text, the CLI's stderr, and
// errors from platform calls logged or printed — is fed every kind of secret the app holds (tokens, MAC
// keys, the client secret, stream keys, FTP passwords, hook secrets, the user's password), and none of
// them may come out. The secrets reach the logger the way the app registers them: through the vault.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactingStream } from '../../../main/cli/redacting-stream.js';
import { createAppLogger, type AppLogger } from '../../../main/log/app-logger.js';
import { diagnosticsReport } from '../../../main/log/diagnostics-report.js';
import { logFilesOldestFirst } from '../../../main/log/rotating-file-sink.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import type { SecretStore } from '../../../main/vault/secret-store.js';
import { Vault } from '../../../main/vault/vault.js';
import { fakeFetch, json } from '../platform/fake-fetch.js';

const secret = (label: string) => `${label}${randomBytes(12).toString('base64url')}`;
const SECRETS = {
  accessToken: secret('tok'),
  macKey: secret('mac+/'),
  clientSecret: secret('cs'),
  streamKey: secret('sk'),
  ftpPassword: secret('ftp'),
  hookSecret: secret('hook'),
  userPassword: secret('pw'),
};
const ALL = Object.values(SECRETS);

let dir: string;
let consoleText: string;
let logger: AppLogger;

function memoryStore(): SecretStore {
  const items = new Map<string, string>();
  return {
    get: async (account) => items.get(account) ?? null,
    set: async (account, value) => void items.set(account, value),
    delete: async (account) => items.delete(account),
    list: async () => [...items.keys()],
  };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'no-secret-leaks-'));
  consoleText = '';
  const console = new PassThrough();
  console.on('data', (chunk: Buffer) => (consoleText += chunk.toString('utf8')));
  logger = createAppLogger({ directory: join(dir, 'logs'), console, consoleLevel: 'debug' });
  const vault = new Vault(memoryStore(), 'studio', logger);
  await vault.saveToken('user', { type: 'mac', accessToken: SECRETS.accessToken, macKey: SECRETS.macKey, macAlgorithm: 'hmac-sha-1', createdAt: 1, expiresAt: null, scopes: ['broadcaster'] });
  await vault.clientSecret.save(SECRETS.clientSecret);
  await vault.streamKeys.save('42', SECRETS.streamKey);
  await vault.uploadPasswords.save('7', SECRETS.ftpPassword);
  await vault.setHookSecrets({ '42/live': SECRETS.hookSecret });
  // The CLI registers the password it reads from stdin (session-commands.ts).
  logger.registerSecret(SECRETS.userPassword);
});

afterEach(async () => {
  logger.close();
  await rm(dir, { recursive: true, force: true });
});

/** Text that quotes every secret in the ways they travel: bare, in a URL, as a header, in JSON, URL-encoded. */
function everySecretIn(context: string): string {
  return [
    `${context}: ${ALL.join(' ')}`,
    `rtmp://ingest.example/live/${SECRETS.streamKey}`,
    `ftp://user:${SECRETS.ftpPassword}@ftp.example/`,
    `Authorization: MAC id="${SECRETS.accessToken}", nonce="1:x", mac="${SECRETS.macKey}"`,
    JSON.stringify({ note: SECRETS.hookSecret, client: SECRETS.clientSecret }),
    `body=${encodeURIComponent(SECRETS.macKey)}&p=${encodeURIComponent(SECRETS.userPassword)}`,
  ].join('\n');
}

function expectNoSecret(text: string, what: string): void {
  for (const value of ALL) {
    expect(text, `${what} holds a secret`).not.toContain(value);
    expect(text, `${what} holds a URL-encoded secret`).not.toContain(encodeURIComponent(value));
  }
}

async function logFileText(): Promise<string> {
  return (await Promise.all(logFilesOldestFirst(logger.directory).map((file) => readFile(file, 'utf8')))).join('');
}

describe('no secret leaves through', () => {
  it('the logger and its log file, in messages, fields and errors', async () => {
    const text = everySecretIn('message');
    const error = new Error(everySecretIn('error'), { cause: new Error(everySecretIn('cause')) });
    for (const level of ['debug', 'info', 'warn', 'error'] as const) logger[level](text, { detail: text, nested: { list: [text] }, error });
    const file = await logFileText();
    expect(file).toContain('"msg":"message: ');
    expect(consoleText).toContain('"level":"debug"');
    expectNoSecret(consoleText, 'the console');
    expectNoSecret(file, 'the log file');
  });

  it('errors from platform calls, logged and printed by the CLI', async () => {
    // A platform that quotes back what it was sent, as error pages and proxies do.
    const { fetch } = fakeFetch((request) => json(400, { error: 'invalid_request', error_description: `refused ${request.headers.get('authorization')} ${everySecretIn('echo')}` }));
    const caller = createPlatformCaller({
      apiUrl: 'http://127.0.0.1:9',
      tokens: { token: async () => ({ type: 'bearer', accessToken: SECRETS.accessToken, expiresAt: null, scopes: [] }) },
      fetch,
      retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
      onRequest: (line) => logger.debug(line),
    });
    const failure = await caller.call({ method: 'GET', path: '/users/self.json', endpoint: 'GET /users/self.<format>' }, z.unknown()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // The caller strips the token it sent; the rest of what the platform quoted is still in the message.
    expect((failure as Error).message).toContain(SECRETS.streamKey);
    logger.error('The call failed', { error: failure });
    let stderr = '';
    const target = new PassThrough();
    target.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const err = redactingStream(target, logger.redact);
    await new Promise<void>((resolve) => err.write(`companion: ${(failure as Error).message}\n`, () => resolve()));
    expect(stderr).toContain('companion: ');
    expectNoSecret(stderr, 'CLI stderr');
    expectNoSecret(consoleText, 'the console');
    expectNoSecret(await logFileText(), 'the log file');
  });

  it('the diagnostics text, even from a log file an older version wrote unredacted', async () => {
    await mkdir(logger.directory, { recursive: true });
    await writeFile(join(logger.directory, 'companion.log.1'), `${everySecretIn('old line')}\n`);
    logger.warn(everySecretIn('new line'));
    const text = await diagnosticsReport({
      app: { name: 'Broadcaster Companion', version: '1.2.3', shell: 'electron', shellNote: null, platform: 'linux-x64', versions: { node: '20', electron: '45', chrome: '140' } },
      profiles: { active: 'studio', profiles: [{ name: 'sandbox', kind: 'sandbox', dialect: 'spec', apiUrl: null }, { name: 'studio', kind: 'platform', dialect: 'current', apiUrl: `https://x:${SECRETS.clientSecret}@api.example` }] },
      keychain: { mode: 'memory', problem: 'no-session-bus', reason: 'there is no desktop session bus', fix: 'Install gnome-keyring.' },
      logDirectory: logger.directory,
      redact: logger.redact,
    });
    expect(text).toContain('Broadcaster Companion diagnostics');
    expect(text).toContain('Secrets: in memory for this run only (no keychain: there is no desktop session bus).');
    expect(text).toContain('Electron 45');
    expect(text).toContain('1 sandbox, 1 platform');
    expect(text).toContain('old line');
    expect(text).toContain('new line');
    // Profile names and addresses are the streamer's business, not a bug report's.
    expect(text).not.toContain('api.example');
    expectNoSecret(text, 'the diagnostics');
  });
});
