// The acceptance test of the upload in parts (issue 19): `companion upload`, the built command, with a
// profile in today's dialect (so its queue sends HTTP parts), uploads a 200 MiB video and is killed with
// SIGKILL twice mid-file, each time restarted without arguments. It resumes each time from the parts the
// journal says were acknowledged (never from byte 0); the bytes at the sandbox are the source's (the
// operator's SHA-256); the platform has exactly one upload and one video for the file; and each resume
// sends again no more parts than were in flight when the process died. The parts are counted by a proxy
// in front of the sandbox's API (test/support/part-counting-proxy.ts), which sees every part start.
//
// The profile signs in as today's platform asks: `companion login --dialect current` with the native
// client, code + PKCE through the login page (opened with $BROWSER, driven here by the conformance tests'
// LoginBrowser), a bearer token.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { authorizeInBrowser, LoginBrowser } from '../../conformance/login-browser.js';
import { builtCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeNoiseVideo } from '../../support/noise-video.js';
import { startPartCountingProxy, type PartCountingProxy } from '../../support/part-counting-proxy.js';
import { inspectUpload, titled } from '../../support/part-upload-client.js';

const PROFILE = 'parts';
const PART_SIZE = 1024 * 1024;
const PARTS_IN_FLIGHT = 3;
let work: string;
let sandbox: Sandbox;
let proxy: PartCountingProxy;
let env: NodeJS.ProcessEnv;
const children = new Set<ChildProcess>();

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  work = await mkdtemp(join(tmpdir(), 'companion-part-crash-'));
  sandbox = await startSandbox({ dataDir: join(work, 'sandbox'), uploadStepMs: 100 });
  proxy = await startPartCountingProxy(sandbox.apiUrl);
  const dataDir = join(work, 'data');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'uploads.json'), JSON.stringify({ concurrency: 1, speedLimit: null, partsInFlight: PARTS_IN_FLIGHT }));
  env = { COMPANION_DATA_DIR: dataDir, COMPANION_PROFILE: PROFILE };
}, 60_000);

/** `companion login` in today's dialect, its API address the counting proxy: code + PKCE through the login page. */
async function signIn(): Promise<void> {
  const platform = ['--dialect', 'current', '--api-url', proxy.url, '--auth-url', sandbox.authUrl, '--client-id', sandbox.nativeClient.id];
  const child = spawn(process.execPath, [builtCli, '--json', 'login', ...platform], { env: { ...process.env, ...env, BROWSER: '/bin/true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const authorize = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no authorize event within 30 s; stderr: ${stderr}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as { event?: string; url?: string };
      if (line.event !== 'authorize') return;
      clearTimeout(timer);
      resolve(line.url!);
    });
  });
  const redirectUri = new URL(authorize).searchParams.get('redirect_uri')!;
  const { location } = await authorizeInBrowser(new LoginBrowser(), authorize, redirectUri, sandbox.demo);
  await (await fetch(location, { signal: AbortSignal.timeout(10_000) })).text();
  expect([await exited, stderr]).toEqual([0, '']);
  children.delete(child);
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await proxy?.close();
  await sandbox?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Line {
  readonly event: string;
  readonly bytes?: number;
  readonly resumed_from?: number;
  readonly video_id?: string;
  readonly [field: string]: unknown;
}

/** The parts the journal has as acknowledged, from its lines on disk (the process is stopped meanwhile). */
async function journaledParts(): Promise<Set<number>> {
  const acknowledged = new Set<number>();
  for (const line of (await readFile(join(work, 'data', 'uploads', PROFILE, 'journal.jsonl'), 'utf8')).split('\n')) {
    let record: { t?: string; part?: number; item?: { upload?: { parts?: { acknowledged?: [number, number][] } } | null } };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    if (record.t === 'part') acknowledged.add(record.part!);
    for (const [from, to] of record.item?.upload?.parts?.acknowledged ?? []) for (let part = from; part <= to; part += 1) acknowledged.add(part);
  }
  return acknowledged;
}

interface Run {
  readonly lines: Line[];
  readonly code: number | null;
  readonly stderr: string;
  /** The journal's acknowledged parts when the process was killed (null: it was not). */
  readonly acknowledgedAtKill: Set<number> | null;
}

/** Runs `companion --json upload ...`; once a progress line passes `killAt` bytes, stops it, reads the journal, and kills it. */
function upload(args: string[], killAt: number | null): Promise<Run> {
  const child = spawn(process.execPath, [builtCli, '--json', 'upload', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines: Line[] = [];
  let stderr = '';
  let killing: Promise<Set<number>> | null = null;
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    if (killAt !== null && killing === null && line.event === 'progress' && line.bytes! >= killAt) {
      process.kill(child.pid!, 'SIGSTOP');
      killing = journaledParts().finally(() => process.kill(child.pid!, 'SIGKILL'));
    }
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      void (killing ?? Promise.resolve(null)).then((acknowledgedAtKill) => resolve({ lines, code, stderr, acknowledgedAtKill }));
    });
  });
}

describe('companion upload in parts, killed with SIGKILL twice mid-file', () => {
  it('resumes each time from the acknowledged parts, re-sending no more than were in flight; one video, byte-identical', { timeout: 120_000 }, async () => {
    await signIn();
    const file = join(work, 'Main Stage In Parts.mkv');
    const source = await makeNoiseVideo(file, 200 * PART_SIZE);
    const size = source.data.length;
    const parts = Math.ceil(size / PART_SIZE);
    const channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;

    proxy.tag = 1;
    const first = await upload(['--channel', channelId, '--limit-rate', '40M', file], 0.3 * size);
    proxy.tag = 2;
    const second = await upload(['--limit-rate', '40M'], 0.65 * size);
    proxy.tag = 3;
    const last = await upload([], null);

    expect(first.acknowledgedAtKill, first.stderr).not.toBeNull();
    expect(second.acknowledgedAtKill, second.stderr).not.toBeNull();
    expect(last.code, last.stderr).toBe(0);
    expect(last.lines.at(-1)).toEqual({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });

    // Each resume starts from what the journal had, never from byte 0.
    const resumedAt = (run: Run) => run.lines.find((line) => line.event === 'progress')!.bytes!;
    expect(resumedAt(second)).toBe(bytesOf(first.acknowledgedAtKill!, size));
    expect(resumedAt(second)).toBeGreaterThan(0);
    expect(resumedAt(last)).toBe(bytesOf(second.acknowledgedAtKill!, size));
    expect(last.lines.find((line) => line.event === 'transferred')!.resumed_from).toBe(resumedAt(last));

    // Parts sent again by each resume: those an earlier run had sent already. No more than were in flight.
    const sentBefore = (tag: number) => new Set(proxy.parts.filter((part) => part.tag < tag).map((part) => part.partIndex));
    const resent = (tag: number) => proxy.parts.filter((part) => part.tag === tag && sentBefore(tag).has(part.partIndex)).map((part) => part.partIndex);
    const resentSecond = resent(2);
    const resentLast = resent(3);
    console.info(`parts: ${parts}; acknowledged at kill 1: ${first.acknowledgedAtKill!.size}, at kill 2: ${second.acknowledgedAtKill!.size}; sent again by resume 1: ${resentSecond.length} [${resentSecond.join(', ')}], by resume 2: ${resentLast.length} [${resentLast.join(', ')}]; part requests in all: ${proxy.parts.length}`);
    expect(resentSecond.length).toBeLessThanOrEqual(PARTS_IN_FLIGHT);
    expect(resentLast.length).toBeLessThanOrEqual(PARTS_IN_FLIGHT);
    for (const index of [...resentSecond]) expect(first.acknowledgedAtKill!.has(index)).toBe(false);
    for (const index of [...resentLast]) expect(second.acknowledgedAtKill!.has(index)).toBe(false);
    // Every part arrived; none was sent more often than its resumes explain.
    expect(new Set(proxy.parts.map((part) => part.partIndex)).size).toBe(parts);
    expect(proxy.parts.length).toBe(parts + resentSecond.length + resentLast.length);

    // One upload, one video, the source's bytes.
    const videoId = last.lines.find((line) => line.event === 'complete')!.video_id!;
    expect(proxy.creates).toBe(1);
    const inspection = await inspectUpload(sandbox, videoId);
    expect(inspection).toMatchObject({ status: 'complete', partsHeld: parts, firstMissingPart: null, fileSize: size, sha256: source.sha256 });
    const count = await titled(sandbox, 'Main Stage In Parts');
    expect(count.uploads).toHaveLength(1);
    expect(count.videos).toHaveLength(1);
  });
});

function bytesOf(acknowledged: Set<number>, size: number): number {
  let bytes = 0;
  for (const part of acknowledged) bytes += Math.min(PART_SIZE, size - part * PART_SIZE);
  return bytes;
}
