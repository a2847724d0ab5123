// Issue 21: the app's upload queue across a link like a streamer's (test/support/shaped-link.mjs: 50 Mbit/s
// up, 40 ms round trip), to the sandbox in the link's namespace (bench/upload/sandbox.mjs, built code):
// a dozen files, four at once, by FTP (the sandbox's own server, its passive replies giving the proxy's
// address and a forwarded port range) and by the HTTP parts of today's platform. Every file ends handed to
// the platform (its `ready` or `completed` answered: a video) with the bytes it had on disk here. No time is
// asserted: this is about the flow working across a delayed, shaped path (every connection, FTP's data
// connections among them, through the delay proxy). Needs root for `ip netns`; skipped, saying so, elsewhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { partUploadsApi } from '../../../main/platform/endpoints/part-uploads.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { FtpUploadTransport } from '../../../main/uploads/ftp-upload-transport.js';
import { HttpPartUploadTransport } from '../../../main/uploads/http-part-upload-transport.js';
import { UploadQueue } from '../../../main/uploads/upload-queue.js';
import type { UploadTransport } from '../../../main/uploads/upload-transport.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';
import { randomVideo } from '../../support/fake-video.js';
import { createShapedLink } from '../../support/shaped-link.mjs';
import { RecordingLogger } from '../../unit/uploads/fake-upload-server.js';

const FILES = 12;
const FILE_BYTES = 1024 * 1024 + 333;
const AT_ONCE = 4;
const PASSIVE = { min: 31_000, max: 31_031 };
const sandboxScript = fileURLToPath(new URL('../../../bench/upload/sandbox.mjs', import.meta.url));

const link = await createShapedLink({ delayMs: 20, rate: '50mbit' });
if ('unavailable' in link) console.warn(`queue-on-shaped-link test skipped: ${link.unavailable}`);
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  if (!('unavailable' in link)) await link.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Platform {
  readonly apiUrl: string;
  readonly authUrl: string;
  readonly adminKey: string;
  readonly dataDir: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  readonly password: string;
  readonly channelId: string;
}

/** The sandbox inside the namespace; its URLs as this side reaches them (through the delay proxy). */
async function startPlatform(): Promise<Platform> {
  if ('unavailable' in link) throw new Error(link.unavailable);
  if (!existsSync(join(sandboxScript, '../../../build/sandbox/index.js'))) throw new Error('build/ is missing: run `node scripts/build.mjs` first.');
  const [file, argv] = link.inside(process.execPath, [sandboxScript, '--host', link.peerAddress, '--ftp-advertised-host', link.hostAddress, '--ftp-passive-ports', `${PASSIVE.min}:${PASSIVE.max}`]);
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await new Promise<Platform & { ftpUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 30 s: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as Platform & { ftpUrl: string });
    });
  });
  // The upload details give the advertised host (the proxy's) with the FTP server's own port: forward it, and
  // the passive range, or the control connection is refused.
  await link.reach(ready.ftpUrl);
  await link.forwardRange(PASSIVE.min, PASSIVE.max);
  return { ...ready, apiUrl: await link.reach(ready.apiUrl), authUrl: await link.reach(ready.authUrl) };
}

async function bearerToken(platform: Platform): Promise<string> {
  const response = await fetch(`${platform.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${platform.clientSecret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: platform.clientId, client_secret: platform.clientSecret, username: platform.username, password: platform.password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token endpoint answered ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

const hash = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** SHA-256 of every file under `dir`. */
async function hashesUnder(dir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.add(hash(await readFile(join(entry.parentPath, entry.name))));
  }
  return found;
}

/** Sends FILES files through a queue on `transport`; resolves with the rows once every one is handed over. */
async function sendAll(platform: Platform, transport: (caller: ReturnType<typeof createPlatformCaller>) => UploadTransport, folderName: string) {
  const work = await mkdtemp(join(tmpdir(), 'companion-shaped-queue-'));
  dirs.push(work);
  const folder = join(work, folderName);
  await mkdir(folder);
  const sources: { size: number; sha256: string }[] = [];
  for (let index = 0; index < FILES; index += 1) {
    const data = randomVideo(FILE_BYTES + index);
    await writeFile(join(folder, `Clip ${index}.mkv`), data);
    sources.push({ size: data.length, sha256: hash(data) });
  }
  const token = await bearerToken(platform);
  const caller = createPlatformCaller({ apiUrl: platform.apiUrl, tokens: { token: async () => ({ type: 'bearer', accessToken: token, expiresAt: null, scopes: [] }) } });
  const events: UploadEvent[] = [];
  const queue = new UploadQueue({
    journalFile: join(work, 'journal.jsonl'),
    transport: transport(caller),
    logger: new RecordingLogger(),
    onEvent: (event) => void events.push(event),
    concurrency: AT_ONCE,
    // The platform's processing is held off (bench/upload/sandbox.mjs): handed over is the end here.
    pollDelaysMs: [3_600_000],
  });
  try {
    const added = await queue.add([folder], { channelId: platform.channelId });
    expect(added.queued).toHaveLength(FILES);
    queue.start();
    const deadline = Date.now() + 50_000;
    while (queue.rows().some((row) => row.state !== 'processing')) {
      const failed = events.find((event) => event.event === 'failed' || event.event === 'rejected');
      if (failed) throw new Error(`an upload failed: ${JSON.stringify(failed)}`);
      if (Date.now() > deadline) throw new Error(`not every file was handed over in 50 s: ${JSON.stringify(queue.rows().map((row) => row.state))}; last events ${JSON.stringify(events.slice(-5))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { rows: queue.rows(), sources };
  } finally {
    await queue.close();
  }
}

const platform = 'unavailable' in link ? null : await startPlatform();

it.skipIf(!platform)('FTP: a dozen files, four at once, across 50 Mbit/s and 40 ms: each one a video with its bytes', { timeout: 60_000 }, async () => {
  const logger = new RecordingLogger();
  const passwords = new Map<string, string>();
  const { rows, sources } = await sendAll(
    platform!,
    (caller) =>
      new FtpUploadTransport({
        platform: async () => createPlatformApi(caller).uploads,
        passwords: { save: async (id, password) => void passwords.set(id, password), read: async (id) => passwords.get(id) ?? null, forget: async (id) => void passwords.delete(id) },
        logger,
      }),
    'FTP clips',
  );
  expect(new Set(rows.map((row) => row.videoId)).size).toBe(FILES);
  const onDisk = await hashesUnder(platform!.dataDir);
  expect(sources.filter((source) => !onDisk.has(source.sha256))).toEqual([]);
});

it.skipIf(!platform)('HTTP parts: a dozen files, four at once, across 50 Mbit/s and 40 ms: each one a video with its bytes', { timeout: 60_000 }, async () => {
  const logger = new RecordingLogger();
  const { rows, sources } = await sendAll(platform!, (caller) => new HttpPartUploadTransport({ platform: async () => partUploadsApi(caller), logger, partsInFlight: 3 }), 'Part clips');
  expect(new Set(rows.map((row) => row.videoId)).size).toBe(FILES);
  for (const row of rows) {
    const response = await fetch(`${platform!.apiUrl}/_sandbox/uploads/${row.videoId}`, { headers: { Authorization: `Bearer ${platform!.adminKey}` } });
    const inspection = (await response.json()) as { sha256?: string; fileSize?: number };
    // Each file has a size of its own: the source is the one of the row's size.
    expect(inspection).toMatchObject({ fileSize: row.size, sha256: sources.find((source) => source.size === row.size)?.sha256 });
  }
});
