// Issue 15's acceptance test: the README's `npm start -- --browser`, run exactly as a newcomer would from a
// clean clone of this repository with a fresh HOME, installs, builds and serves the UI; in Chromium it signs in
// to the sandbox, goes live with a real ffmpeg encoder and uploads a real video. Without a keychain (no session
// bus, no display to autolaunch one) the app runs with a banner and keeps secrets in memory; with the harness's
// GNOME Keyring it stores them there and shows no banner. Either way, afterwards no token, key or password that
// was used is anywhere in HOME (which holds the data folder and its logs) or in what the terminal showed.
//
// Both tests share one clone: the first start installs (npm ci, keytar rebuilt) and builds, the second reuses
// it. The keyring test goes first: after a failure Playwright starts a new worker, which clones and installs again.
// Only the machine's npm cache is carried into the fresh HOME (support/newcomer-start.ts says why).
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { SandboxData } from '../../sandbox/state/model.js';
import { Encoders } from '../support/synthetic-encoder.js';
import { requireKeyring, secretTool } from '../support/keyring.js';
import { machineNpmSettings, newcomerEnv, npmStartBrowser, type MachineNpmSettings, type StartedFromClone } from './support/newcomer-start.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { filesUnder, scanBytes, scanFiles, scanForHashedTokens, type Secret } from '../support/secret-scan.js';
import { endStream } from './support/end-stream.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

const run = promisify(execFile);

const BANNER_START = 'No keychain — sign-ins and keys last until the app quits.';
const VAULT_SERVICE = 'Broadcaster Companion';
/** The first start installs and builds; a later one (or one after a worker restart) may have to as well. */
const START_TIMEOUT_MS = 6 * 60_000;
const CLIP = 'first-show';

const repoRoot = execFileSync('git', ['-C', dirname(fileURLToPath(import.meta.url)), 'rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

let clone = '';
let npm: MachineNpmSettings;
const temporary: string[] = [];
const running: StartedFromClone[] = [];
const encoders = new Encoders();

test.beforeAll(() => {
  test.setTimeout(120_000);
  clone = mkdtempSync(join(tmpdir(), 'companion-clone-'));
  temporary.push(clone);
  execFileSync('git', ['clone', '--quiet', repoRoot, clone], { timeout: 60_000 });
  // What is tested is the commit checked out here, not uncommitted changes.
  const head = (folder: string) => execFileSync('git', ['-C', folder, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  expect(head(clone)).toBe(head(repoRoot));
  if (execFileSync('git', ['-C', repoRoot, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '') {
    console.log('[first run] note: the checkout has uncommitted changes; the clone (what runs) has only the commit');
  }
  npm = machineNpmSettings();
  console.log(`[first run] clone of ${repoRoot} at ${head(clone).slice(0, 10)}; npm cache ${npm.cache}`);
});

test.afterEach(async () => {
  encoders.killAll();
  for (const app of running.splice(0)) await app.stop();
});

test.afterAll(() => {
  for (const folder of temporary.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

interface FirstRun {
  readonly ingestKey: string;
  /** The data folder the run used (the platform's database, <data folder>/sandbox/, among it). */
  readonly dataDir: string;
}

/** Prints how long each step took since the last one, so a slow first run shows where the time went. */
function stopwatch(label: string): (step: string) => void {
  let last = Date.now();
  return (step) => {
    const now = Date.now();
    console.log(`[${label}] ${step}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

async function expectBanner(page: Page, shown: boolean): Promise<void> {
  const banner = page.locator('.keychain-banner');
  if (shown) {
    await expect(banner).toHaveCount(1);
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(new RegExp(`^${BANNER_START.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  } else {
    await expect(banner).toHaveCount(0);
  }
}

/**
 * The whole newcomer flow against a fresh HOME; the app is stopped (its logs complete) when it returns.
 * `alsoSecret` names more secrets to look for, read once the app has stopped (what the keychain holds).
 */
async function firstRun(page: Page, label: string, sessionBus: string | undefined, alsoSecret: () => Secret[] = () => []): Promise<FirstRun> {
  const lap = stopwatch(label);
  const home = mkdtempSync(join(tmpdir(), 'companion-newcomer-home-'));
  temporary.push(home);
  // The streamer's recording, in their own Videos folder (typed as ~/Videos/… in the Uploads panel).
  mkdirSync(join(home, 'Videos'));
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(home, 'Videos', `${CLIP}.mp4`)], { timeout: 60_000 });

  const app = await npmStartBrowser(clone, newcomerEnv({ home, sessionBus }, npm), START_TIMEOUT_MS);
  running.push(app);
  console.log(`[${label}] npm start: ${app.timings.join(', ')}`);
  lap('npm start until the address');

  // The UI answers on its tokened address, and only there.
  const answer = await fetch(app.url, { signal: AbortSignal.timeout(10_000) });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('<html');
  expect((await fetch(`${app.origin}/`, { signal: AbortSignal.timeout(10_000) })).status).toBe(401);

  // The sign-in's answer reaches the app through the browser as its callback's address, which the browser's
  // history keeps: by default (the code flow) it carries a one-time code, never a token.
  const callbacks: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === app.origin && url.pathname === '/oauth/callback') callbacks.push(url);
  });

  await page.goto(app.url);
  await expect(page.getByRole('navigation', { name: 'Panels' })).toBeVisible({ timeout: 15_000 });
  await expectBanner(page, sessionBus === undefined);
  await signInAsDemo(page, app.url);
  await expectBanner(page, sessionBus === undefined);
  expect(callbacks.length, 'the sign-in came back through the callback').toBeGreaterThan(0);
  for (const callback of callbacks) expect([...callback.searchParams.keys()].sort(), 'what the callback address carries').toEqual(['code', 'state']);
  lap('UI open and signed in');

  // Go live: the encoder set up from the panel (its server address is whatever port the app took).
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  const server = page.getByTestId('ingest-url');
  await expect(server).toContainText(/rtmp:\/\/127\.0\.0\.1:\d+\/\S+/, { timeout: 15_000 });
  const ingestUrl = /rtmp:\/\/127\.0\.0\.1:\d+\/\S+/.exec((await server.textContent())!)![0];
  const ingestKey = await revealStreamKey(page);
  await page.getByTestId('channel-select').selectOption({ label: 'Backstage' });
  await expect(page.getByTestId('channel-select').locator('option:checked')).toHaveText('Backstage');
  const encoder = encoders.publish(`${ingestUrl}/${ingestKey}`, 60);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await page.getByTestId('go-live-button').click();
  await expect(page.locator('[data-step="target-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect(page.getByTestId('targets')).toContainText('(active)');
  // The platform says the channel is live: it receives the relayed stream.
  await expect(page.getByTestId('channel-status')).toHaveText('Live', { timeout: 20_000 });
  await expect(page.getByTestId('encoder-status')).toContainText('h264');
  await page.waitForTimeout(4_000);
  await expect(page.getByTestId('channel-status')).toHaveText('Live');
  await expect(page.getByTestId('live-error')).toHaveCount(0);
  await endStream(page);
  await expect(page.getByTestId('go-live-button')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('channel-status')).toHaveText('Off air', { timeout: 20_000 });
  encoder.stop();
  lap('live for a few seconds, then ended');

  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Uploads' }).click();
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  await page.getByTestId('upload-path').fill(`~/Videos/${CLIP}.mp4`);
  await page.getByTestId('add-path').click();
  await expect(page.getByTestId('add-result')).toContainText('Added 1 file to the queue.');
  await expect(page.getByTestId('upload-row').filter({ hasText: CLIP })).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
  lap('one file uploaded');

  // Still there after everything, and after a reload: a mode, not a passing notice.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Panels' })).toBeVisible({ timeout: 15_000 });
  await expectBanner(page, sessionBus === undefined);

  running.splice(running.indexOf(app), 1);
  console.log(`[${label}] stopped: ${await app.stop()}`);
  lap('app stopped');

  const dataDir = join(home, '.config', 'broadcaster-companion');
  const stateFile = join(dataDir, 'sandbox', 'state.json');
  const secrets = secretsUsed(stateFile, ingestKey, app.token);
  checkScanIsReal(dataDir, secrets);
  const more = alsoSecret().filter((extra) => !secrets.some((secret) => secret.value === extra.value));
  scanForSecrets(home, dataDir, [...secrets, ...more], issuedTokenHashes(stateFile), app.output(), app.token);
  lap('secrets collected and HOME scanned');
  return { ingestKey, dataDir };
}

/**
 * The secrets this run used, read from the platform's side: the embedded sandbox keeps its own database in
 * <data folder>/sandbox/state.json. It holds the client secret, channel keys, streaming keys and FTP passwords
 * in clear. Access tokens it keeps only as SHA-256 hashes (and derives MAC keys from them): they are looked
 * for by those hashes (issuedTokenHashes, scanForHashedTokens).
 */
function secretsUsed(stateFile: string, ingestKey: string, launchToken: string): Secret[] {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxData;
  const client = state.clients.find((candidate) => candidate.name === 'Broadcaster Companion')!;
  const channel = state.channels.find((candidate) => candidate.title === 'Backstage')!;
  const uploads = state.uploads.filter((upload) => upload.title === CLIP);
  expect(uploads.map((upload) => upload.status)).toEqual(['complete']);
  expect(channel.streamingKey, 'the app asked for the channel streaming key').not.toBeNull();

  return [
    { kind: 'client secret', value: client.secret },
    { kind: 'channel key', value: channel.channelKey },
    { kind: 'channel streaming key', value: channel.streamingKey!.key },
    ...uploads.map((upload) => ({ kind: `FTP password (${upload.title})`, value: upload.ftpPassword })),
    { kind: 'local ingest key', value: ingestKey },
    { kind: 'launch token', value: launchToken },
  ];
  // Not listed: demo's password "broadcast", typed into the platform's own login page (it never reaches the
  // app), and a substring of the scope name "broadcaster", which the app's files rightly hold.
}

/** The tokens the platform issued in this run, by their SHA-256 (hex): the sign-in's among them. */
function issuedTokenHashes(stateFile: string): Set<string> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxData;
  const users = state.tokens.filter((token) => token.userId !== null);
  expect(users.length, 'the platform issued the sign-in a token').toBeGreaterThan(0);
  return new Set(state.tokens.map((token) => token.tokenHash));
}

const KINDS = ['client secret', 'channel key', 'channel streaming key', 'FTP password', 'local ingest key', 'launch token'];

/** The scan is real: every kind is there, and the scanner finds each secret where it is. */
function checkScanIsReal(dataDir: string, secrets: readonly Secret[]): void {
  expect(secrets.length).toBeGreaterThanOrEqual(KINDS.length);
  for (const kind of KINDS) expect(secrets.some((secret) => secret.kind.startsWith(kind)), `a ${kind} to look for`).toBe(true);
  for (const secret of secrets) expect(secret.value.length, `${secret.kind} is long enough to be unmistakable`).toBeGreaterThanOrEqual(16);
  const sandboxState = readFileSync(join(dataDir, 'sandbox', 'state.json'));
  expect(scanBytes('state.json', sandboxState, secrets).map((finding) => finding.kind).sort()).toEqual(
    secrets.filter((secret) => /^(client secret|channel key|channel streaming key|FTP password)/.test(secret.kind)).map((secret) => secret.kind).sort(),
  );
  const planted = Buffer.concat(secrets.map((secret) => Buffer.from(`\u0000noise ${secret.value} noise\n`)));
  expect(scanBytes('planted', planted, secrets)).toHaveLength(secrets.length);
}

function scanForSecrets(home: string, dataDir: string, secrets: readonly Secret[], tokenHashes: ReadonlySet<string>, terminal: string, launchToken: string): void {
  // The token scan finds what it is meant to: a token of the platform's shape, planted, by its hash.
  const plantedToken = createHash('sha1').update(launchToken).digest('hex');
  expect(scanForHashedTokens('planted', Buffer.from(`x${plantedToken}y`), new Set([createHash('sha256').update(plantedToken).digest('hex')]))).toHaveLength(1);

  // The app's side only: <data folder>/sandbox/ is the platform's database (the embedded sandbox plays the
  // platform, which must know its channel keys and FTP passwords), not something the app keeps.
  const files = filesUnder(home, [join(dataDir, 'sandbox')]);
  // The logs are in the data folder (main/log/app-logger.ts: <data folder>/logs), so under HOME: make sure
  // they and the settings were written there and are part of the scan.
  const log = join(dataDir, 'logs', 'companion.log');
  console.log(`[scan] files under HOME: ${files.map((file) => relative(home, file)).join(', ')}`);
  const settings = ['accounts.json', 'live.json', join('uploads', 'sandbox', 'journal.jsonl')].map((name) => join(dataDir, name));
  expect(files).toEqual(expect.arrayContaining([log, ...settings]));
  expect(existsSync(log) && statSync(log).size, 'the app wrote its log').toBeGreaterThan(0);
  const findings = scanFiles(files, secrets, home);
  // The terminal shows the address with its launch token on purpose; nothing else secret.
  findings.push(...scanBytes('(npm start output)', Buffer.from(terminal), secrets.filter((secret) => secret.value !== launchToken)));
  for (const file of files) findings.push(...scanForHashedTokens(relative(home, file), readFileSync(file), tokenHashes));
  findings.push(...scanForHashedTokens('(npm start output)', Buffer.from(terminal), tokenHashes));
  console.log(`[scan] ${secrets.length} secrets in ${files.length} files under HOME and the terminal output`);
  expect(findings.map(({ where, kind }) => `${kind} in ${where}`), 'secrets written where the app keeps its files').toEqual([]);
}

interface KeychainItem {
  readonly account: string;
  readonly secret: string;
}

/**
 * Every item of the app's service. `secret-tool search --all` prints each item's secret on stdout but its
 * attributes on stderr, so the accounts come from there and each value from its own `lookup`.
 */
function keychainItems(): KeychainItem[] {
  const listed = secretTool(['search', '--all', 'service', VAULT_SERVICE]);
  expect(listed.status, listed.stderr).toBe(0);
  const accounts = [...listed.stderr.matchAll(/^attribute\.account = (.*)$/gm)].map((match) => match[1]!);
  return accounts.map((account) => {
    const value = secretTool(['lookup', 'service', VAULT_SERVICE, 'account', account]);
    expect(value.status, `lookup of ${account}`).toBe(0);
    return { account, secret: value.stdout.replace(/\n$/, '') };
  });
}

/** A stored value, or the string fields of a stored JSON object (a token's access token and MAC key), long enough to be secrets. */
function secretValues(stored: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return stored.length >= 16 ? [stored] : [];
  }
  const leaves = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
  return leaves(parsed).filter((value) => value.length >= 16);
}

test('with a working keyring, a first run from a clean clone stores its secrets in the keychain and shows no banner', async ({ page }) => {
  test.setTimeout(8 * 60_000);
  requireKeyring();
  // A newcomer's keyring holds nothing of the app yet.
  secretTool(['clear', 'service', VAULT_SERVICE]);

  const result = await firstRun(page, 'with keyring', process.env.DBUS_SESSION_BUS_ADDRESS, () => {
    // Whatever else the app put in the keychain (its values, or a stored token's fields) must not be on disk either.
    const items = keychainItems();
    console.log(`[with keyring] keychain items: ${items.map((item) => item.account).join(', ')}`);
    expect(items.map((item) => item.account)).toEqual(expect.arrayContaining(['sandbox/token/user', 'sandbox/local-ingest-key']));
    return items.flatMap((item) => secretValues(item.secret).map((value) => ({ kind: `keychain item ${item.account}`, value })));
  });

  // Read independently of keytar: the sign-in token and the local ingest key are the ones this run used.
  const lookup = (account: string) => secretTool(['lookup', 'service', VAULT_SERVICE, 'account', account]);
  const token = lookup('sandbox/token/user');
  expect(token.status, 'the sign-in is in the keychain').toBe(0);
  const stored = JSON.parse(token.stdout) as { type: string; accessToken: string };
  expect(stored.type).toBe('bearer');
  const state = JSON.parse(readFileSync(join(result.dataDir, 'sandbox', 'state.json'), 'utf8')) as SandboxData;
  const issued = new Set(state.tokens.map((each) => each.tokenHash));
  expect(issued.has(createHash('sha256').update(stored.accessToken).digest('hex')), 'the keychain holds a token the platform issued this run').toBe(true);
  const ingest = lookup('sandbox/local-ingest-key');
  expect(ingest.status, 'the local ingest key is in the keychain').toBe(0);
  expect(ingest.stdout.trim() === result.ingestKey, 'the keychain holds the key the panel showed').toBe(true);
  secretTool(['clear', 'service', VAULT_SERVICE]);
});

test('without a keychain (no session bus, no display), a first run from a clean clone works, shows the banner and writes no secret', async ({ page }) => {
  test.setTimeout(8 * 60_000);
  // The harness's keyring is on a bus this run cannot see: afterwards it must hold nothing of the app.
  requireKeyring();
  secretTool(['clear', 'service', VAULT_SERVICE]);
  await firstRun(page, 'no keychain', undefined);
  expect(keychainItems().map((item) => item.account), 'nothing reached the harness keyring').toEqual([]);
});
