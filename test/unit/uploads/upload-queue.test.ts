// The upload queue against an in-memory platform and FTP server (fake-upload-server.ts), with real files
// and a real journal in a temp folder: the steps it journals, where a queue reopened after a crash picks
// each file up, pausing, cancelling, retrying, the sign-in pause, failures of one file, concurrency, and
// what it refuses.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInNeededError } from '../../../main/platform/platform-error.js';
import { FtpRefusedError } from '../../../main/uploads/ftp-transfer.js';
import { FtpUploadTransport } from '../../../main/uploads/ftp-upload-transport.js';
import { UploadJournal, type JournalItem } from '../../../main/uploads/upload-journal.js';
import { UploadQueue, type UploadQueueOptions } from '../../../main/uploads/upload-queue.js';
import type { UploadEvent, UploadRow } from '../../../main/uploads/upload-types.js';
import { FakeKeychain, FakeUploadServer, FTP_PASSWORD, RecordingLogger } from './fake-upload-server.js';
import { randomVideo } from '../../support/fake-video.js';

const CHANNEL = '5001';
const SIZE = 3000;

let root: string;
let server: FakeUploadServer;
let keychain: FakeKeychain;
let opened: Opened[] = [];
let journals = 0;

interface Opened {
  readonly queue: UploadQueue;
  readonly events: UploadEvent[];
  readonly logger: RecordingLogger;
  readonly journalFile: string;
  readonly keychain: FakeKeychain;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-queue-'));
  server = new FakeUploadServer();
  keychain = new FakeKeychain();
});

afterEach(async () => {
  server.failHolds();
  await Promise.all(opened.map(({ queue }) => queue.close()));
  // The journal holds no secret: whatever happened, no FTP password was written to it.
  for (const { journalFile } of opened) expect(readFileSync(journalFile, 'utf8')).not.toContain(FTP_PASSWORD);
  opened = [];
  await rm(root, { recursive: true, force: true });
});

function open(options: Partial<UploadQueueOptions> & { journalFile?: string; keychain?: FakeKeychain } = {}): Opened {
  const events: UploadEvent[] = [];
  const logger = new RecordingLogger();
  const passwords = options.keychain ?? keychain;
  journals += 1;
  const journalFile = options.journalFile ?? join(root, `journal-${journals}`, 'journal.jsonl');
  const queue = new UploadQueue({
    transport: new FtpUploadTransport({ platform: async () => server.platform, passwords, logger, transfer: server.transfer }),
    logger,
    onEvent: (event) => events.push(event),
    retryDelaysMs: [5, 5],
    pollDelaysMs: [5, 5],
    ...options,
    journalFile,
  });
  const result = { queue, events, logger, journalFile, keychain: passwords };
  opened.push(result);
  return result;
}

/** What a crash leaves: the journal as it is on disk right now, and the keychain. */
function crashCopy(of: Opened, change: { keychain?: FakeKeychain } = {}): { journalFile: string; keychain: FakeKeychain } {
  journals += 1;
  const journalFile = join(root, `journal-${journals}`, 'journal.jsonl');
  mkdirSync(dirname(journalFile), { recursive: true });
  copyFileSync(of.journalFile, journalFile);
  return { journalFile, keychain: change.keychain ?? of.keychain.copy() };
}

async function video(name: string, size = SIZE): Promise<string> {
  const path = join(root, 'videos', name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, randomVideo(size));
  return path;
}

async function until(check: () => void): Promise<void> {
  await vi.waitFor(check, { timeout: 5000, interval: 2 });
}

/** Waits for the `n`th done event (1: the first). */
async function doneOf(of: Opened, n = 1): Promise<UploadEvent> {
  await until(() => expect(of.events.filter((event) => event.event === 'done').length).toBeGreaterThanOrEqual(n));
  return of.events.filter((event) => event.event === 'done')[n - 1]!;
}

function row(of: Opened, id: string): UploadRow {
  const found = of.queue.rows().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}

/** The record types of the journal file, in order (read without compacting it). */
function steps(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { t: string }).t);
}

/** The journal's items, once the queue is closed. */
async function journalItems(of: Opened): Promise<JournalItem[]> {
  await of.queue.close();
  const { journal, opening } = UploadJournal.open(of.journalFile);
  journal.close();
  return opening.items;
}

const inits = (): string[] => server.calls.filter((call) => call.startsWith('init'));
const names = (events: UploadEvent[]): string[] => events.filter((event) => event.event !== 'progress').map((event) => (event.event === 'status' ? `status ${event.status}` : event.event));

describe('UploadQueue, one file through', () => {
  it('journals each step before going on, and ends with the file on the server and the video complete', async () => {
    const file = await video('Highlights.mp4');
    const of = open();
    const { queued, rejected } = await of.queue.add([file], { channelId: CHANNEL, description: 'The best bits', protect: 'private' });
    expect(rejected).toEqual([]);
    expect(queued).toEqual([expect.objectContaining({ file, size: SIZE, title: 'Highlights', state: 'waiting', videoId: null, platformStatus: null })]);
    of.queue.start();
    expect(await doneOf(of)).toEqual({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });

    expect(steps(of.journalFile)).toEqual(['journal', 'item', 'init-started', 'initialised', 'transferred', 'ready-started', 'ready-sent', 'status', 'status', 'complete']);
    expect(server.calls).toEqual(['init Highlights', 'ready v1', 'status v1', 'status v1']);
    expect(server.uploads.get('v1')).toMatchObject({ channelId: CHANNEL, title: 'Highlights', description: 'The best bits', protect: 1 });
    expect(server.files.get('up-v1.mp4')?.equals(await readFile(file))).toBe(true);
    expect(names(of.events)).toEqual(['queued', 'status initiated', 'transferred', 'status transcoding', 'status complete', 'complete', 'done']);
    const progress = of.events.flatMap((event) => (event.event === 'progress' ? [event.bytes] : []));
    expect(progress.at(-1)).toBe(SIZE);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(of.queue.rows()).toEqual([expect.objectContaining({ id: queued[0]!.id, state: 'complete', platformStatus: 'complete', videoId: 'v1', bytes: SIZE, failure: null })]);
    expect(of.queue.totals()).toMatchObject({ files: 1, complete: 1, failed: 0, unfinished: 0, paused: null });
  });

  it('keeps the FTP password in the keychain and the log redaction only, until `ready`', async () => {
    const file = await video('a.mp4');
    const of = open();
    await of.queue.add([file], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1000);
    of.queue.start();
    await transfer.reached;
    expect(keychain.saved).toEqual(new Map([['v1', `${FTP_PASSWORD}-v1`]]));
    expect(of.logger.secrets).toContain(`${FTP_PASSWORD}-v1`);
    expect(readFileSync(of.journalFile, 'utf8')).not.toContain(FTP_PASSWORD);
    transfer.release();
    await doneOf(of);
    expect(keychain.saved.size).toBe(0);
    expect(JSON.stringify(of.events)).not.toContain(FTP_PASSWORD);
  });
});

describe('UploadQueue reopened on its journal after a crash', () => {
  it('initialises again when the answer to the initialisation never arrived', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const init = server.hold('init', 'before');
    first.queue.start();
    await init.reached;

    const second = open(crashCopy(first));
    expect(second.queue.rows()).toEqual([expect.objectContaining({ state: 'waiting', videoId: null })]);
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a', 'init a']);
    expect(second.logger.warnings()).toContainEqual(expect.stringMatching(/initialisation was sent before the app stopped/));
    expect((await journalItems(second))[0]).toMatchObject({ inits: 2, outcome: 'complete', upload: expect.objectContaining({ transport: 'ftp', ticket: expect.objectContaining({ videoId: 'v1' }) }) });
  });

  it('does not initialise again once the journal has the video id, and resumes the transfer from the server bytes', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1500);
    first.queue.start();
    await transfer.reached;
    const crash = crashCopy(first);
    await first.queue.close();

    const second = open(crash);
    expect(second.queue.rows()).toEqual([expect.objectContaining({ state: 'waiting', videoId: 'v1', platformStatus: 'initiated' })]);
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a']);
    expect(server.transfers).toEqual([
      { file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 0 },
      { file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 1500 },
    ]);
    expect(second.events).toContainEqual(expect.objectContaining({ event: 'transferred', videoId: 'v1', bytes: SIZE, resumedFrom: 1500 }));
    expect(server.files.get('up-v1.mp4')?.equals(await readFile(file))).toBe(true);
  });

  it('resumes the same way after a plain close() and reopening', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 2000);
    first.queue.start();
    await transfer.reached;
    await first.queue.close();

    const second = open({ journalFile: first.journalFile });
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a']);
    expect(server.transfers.map((transfer) => transfer.resumedFrom)).toEqual([0, 2000]);
  });

  it('starts a new upload when the keychain lost the FTP password of the unfinished one', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1500);
    first.queue.start();
    await transfer.reached;
    const crash = crashCopy(first, { keychain: new FakeKeychain() });
    await first.queue.close();

    const second = open(crash);
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a', 'init a']);
    expect(server.transfers.at(-1)).toEqual({ file: 'a.mp4', remoteName: 'up-v2.mp4', resumedFrom: 0 });
    expect(second.logger.warnings()).toContainEqual(expect.stringMatching(/password of an unfinished upload is gone/));
    expect(second.queue.rows()[0]?.videoId).toBe('v2');
  });

  it('sends `ready` without asking first when the crash came after the transfer and before `ready` was started', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const ready = server.hold('ready', 'before');
    first.queue.start();
    await ready.reached;
    const crash = crashCopy(first);
    // The crash came between the two writes: the journal ends with `transferred`.
    const lines = readFileSync(crash.journalFile, 'utf8').split('\n').filter((line) => line !== '');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ t: 'ready-started' });
    writeFileSync(crash.journalFile, `${lines.slice(0, -1).join('\n')}\n`);
    const before = server.calls.length;

    const second = open(crash);
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(server.calls.slice(before)).toEqual(['ready v1', 'status v1', 'status v1']);
    expect(server.transfers).toHaveLength(1);
  });

  it('checks the status before sending `ready` again when `ready` was started but not known sent (it never arrived)', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const ready = server.hold('ready', 'before');
    first.queue.start();
    await ready.reached;
    expect(steps(first.journalFile).at(-1)).toBe('ready-started');
    const before = server.calls.length;

    const second = open(crashCopy(first));
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(server.calls.slice(before)).toEqual(['status v1', 'ready v1', 'status v1', 'status v1']);
    expect(server.transfers).toHaveLength(1);
  });

  it('does not send `ready` again when the status shows it arrived (only its answer was lost)', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const ready = server.hold('ready', 'after');
    first.queue.start();
    await ready.reached;
    const before = server.calls.length;

    const second = open(crashCopy(first));
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(server.calls.slice(before).every((call) => call === 'status v1')).toBe(true);
    expect(server.calls.slice(before).length).toBeGreaterThan(0);
    expect(server.transfers).toHaveLength(1);
    // After the header and the compacted item:
    expect(steps(second.journalFile).slice(2)).toEqual(['ready-sent', 'status', 'complete']);
  });

  it('only follows the status once `ready` was sent', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const poll = server.hold('status', 'before');
    first.queue.start();
    await poll.reached;
    const before = server.calls.length;

    const second = open(crashCopy(first));
    expect(second.queue.rows()).toEqual([expect.objectContaining({ state: 'processing', bytes: SIZE, videoId: 'v1' })]);
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(server.calls.slice(before)).toEqual(['status v1', 'status v1']);
    expect(server.transfers).toHaveLength(1);
  });
});

describe('UploadQueue pause and resume', () => {
  it('pause stops the transfers where they are and starts nothing new; resume goes on from the server bytes', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open({ concurrency: 1 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1500);
    of.queue.start();
    await transfer.reached;
    of.queue.pause();
    await until(() => expect(row(of, queued[0]!.id).state).toBe('waiting'));
    expect(of.events).toContainEqual({ event: 'paused', reason: 'user', message: 'Uploads are paused.' });
    expect(of.queue.totals().paused).toBe('user');
    await sleep(30);
    expect(server.attempts).toEqual(['a.mp4']);
    // b's upload was begun ahead while a was on its way (begin-ahead.ts); the pause sends none of it.
    expect(inits()).toEqual(['init a', 'init b']);
    // A sign-in does not end a pause the streamer asked for.
    of.queue.signedIn();
    expect(of.queue.totals().paused).toBe('user');

    of.queue.resume();
    expect(await doneOf(of)).toMatchObject({ complete: 2, failed: 0 });
    expect(of.events).toContainEqual({ event: 'resumed' });
    expect(inits()).toEqual(['init a', 'init b']);
    expect(server.transfers).toEqual([
      { file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 0 },
      { file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 1500 },
      { file: 'b.mp4', remoteName: 'up-v2.mp4', resumedFrom: 0 },
    ]);
  });

  it('pausing one file in transfer stops it alone; resuming it goes on with the same platform upload', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open({ concurrency: 2 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const [idA, idB] = queued.map((queuedRow) => queuedRow.id) as [string, string];
    const transfer = server.holdTransfer('a.mp4', 1500);
    of.queue.start();
    await transfer.reached;
    of.queue.pauseFile(idA);
    // The batch is done for now: b is complete, a waits for the streamer.
    expect(await doneOf(of)).toEqual({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });
    expect(row(of, idA)).toMatchObject({ state: 'paused', bytes: 1500 });
    expect(row(of, idB).state).toBe('complete');
    const videoA = row(of, idA).videoId;

    of.queue.resumeFile(idA);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(row(of, idA)).toMatchObject({ state: 'complete', videoId: videoA });
    expect(inits()).toHaveLength(2);
    expect(server.transfers.filter((transfer) => transfer.file === 'a.mp4').map((transfer) => transfer.resumedFrom)).toEqual([0, 1500]);
  });

  it('a file paused while waiting is not started; the others go on', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open();
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    of.queue.pauseFile(queued[1]!.id);
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a']);
    expect(row(of, queued[1]!.id).state).toBe('paused');
    expect((await journalItems(of))[1]).toMatchObject({ paused: true, initStarted: false });
  });
});

describe('UploadQueue cancel', () => {
  it('cancelling before the initialisation calls nothing on the platform', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    of.queue.cancel(queued[0]!.id);
    of.queue.start();
    expect(await doneOf(of)).toEqual({ event: 'done', complete: 0, failed: 0, cancelled: 1, rejected: 0 });
    expect(server.calls).toEqual([]);
    expect(server.attempts).toEqual([]);
    expect(row(of, queued[0]!.id).state).toBe('cancelled');
  });

  it('cancelling during the transfer stops it, sends no `ready`, and forgets the FTP password', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1000);
    of.queue.start();
    await transfer.reached;
    of.queue.cancel(queued[0]!.id);
    expect(await doneOf(of)).toMatchObject({ cancelled: 1, complete: 0 });
    expect(server.calls).toEqual(['init a']);
    expect(keychain.saved.size).toBe(0);
    expect(server.files.get('up-v1.mp4')?.length).toBe(1000);
  });

  it('refuses to cancel a file the platform is processing', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const poll = server.hold('status', 'before');
    of.queue.start();
    await poll.reached;
    expect(() => of.queue.cancel(queued[0]!.id)).toThrow(/already processing this file/);
    poll.release();
    expect(await doneOf(of)).toMatchObject({ complete: 1, cancelled: 0 });
  });
});

describe('UploadQueue retry', () => {
  it('after the platform ended the upload in error, a retry initialises a new upload and sends the whole file', async () => {
    const a = await video('a.mp4');
    server.afterReady = ['queued', 'error'];
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const id = queued[0]!.id;
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ failed: 1, complete: 0 });
    expect(row(of, id)).toMatchObject({ state: 'failed', platformStatus: 'error', failure: expect.stringMatching(/could not process the file/) });
    expect(of.events).toContainEqual({ event: 'failed', id, reason: expect.stringMatching(/upload status "error"/) });

    server.afterReady = ['complete'];
    of.queue.retry(id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1, failed: 0 });
    expect(inits()).toEqual(['init a', 'init a']);
    expect(server.transfers).toEqual([
      { file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 0 },
      { file: 'a.mp4', remoteName: 'up-v2.mp4', resumedFrom: 0 },
    ]);
    expect(row(of, id)).toMatchObject({ state: 'complete', videoId: 'v2', failure: null });
  });

  it('after a failure that may pass, a retry goes on with the same upload from the server bytes', async () => {
    const a = await video('a.mp4');
    const reset = (): Error => new Error('read ECONNRESET');
    // Three tries (two waits of 5 ms between them), all cut when the server has 1000 bytes.
    server.transferFailures.set('a.mp4', [1000, 1000, 1000].map((atBytes) => ({ atBytes, error: reset() })));
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const id = queued[0]!.id;
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ failed: 1 });
    expect(row(of, id)).toMatchObject({ state: 'failed', videoId: 'v1', failure: 'read ECONNRESET' });
    expect(server.attempts).toEqual(['a.mp4', 'a.mp4', 'a.mp4']);
    expect(of.logger.warnings().filter((warning) => warning === 'an upload step failed; trying again')).toHaveLength(2);

    of.queue.retry(id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a']);
    expect(server.transfers.at(-1)).toEqual({ file: 'a.mp4', remoteName: 'up-v1.mp4', resumedFrom: 1000 });
    expect(row(of, id)).toMatchObject({ state: 'complete', videoId: 'v1' });
    expect(server.files.get('up-v1.mp4')?.equals(await readFile(a))).toBe(true);
  });

  it('after the platform forgot the upload while processing it, a retry sends the file as a new upload', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const id = queued[0]!.id;
    const poll = server.hold('status', 'before');
    of.queue.start();
    await poll.reached;
    server.uploads.delete('v1');
    poll.release();
    expect(await doneOf(of)).toMatchObject({ failed: 1 });
    expect(row(of, id).failure).toMatch(/no longer knows this upload \(video v1\)/);

    of.queue.retry(id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(inits()).toEqual(['init a', 'init a']);
    expect(row(of, id)).toMatchObject({ state: 'complete', videoId: 'v2' });
  });

  it('gets over a failure that passes within the retries without failing the file', async () => {
    const a = await video('a.mp4');
    server.failures.init.push(new Error('socket hang up'));
    server.failures.ready.push(new Error('socket hang up'));
    const of = open();
    await of.queue.add([a], { channelId: CHANNEL });
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ complete: 1, failed: 0 });
    expect(server.calls.slice(0, 4)).toEqual(['init a', 'init a', 'ready v1', 'ready v1']);
  });
});

describe('UploadQueue sign-in pause', () => {
  it.each([
    ['initialisation', 'init', 'waiting'],
    ['status poll', 'status', 'processing'],
  ] as const)('a refused sign-in at the %s pauses the queue until signedIn()', async (_step, call, state) => {
    const a = await video('a.mp4');
    server.failures[call].push(new SignInNeededError(401, 'invalid_token', 'POST /channels/<channel_id>/uploads.<format>', 'The sign-in has expired.'));
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    of.queue.start();
    await until(() => expect(of.events).toContainEqual({ event: 'paused', reason: 'sign-in', message: expect.stringMatching(/Sign in again/) }));
    expect(of.queue.totals().paused).toBe('sign-in');
    expect(row(of, queued[0]!.id).state).toBe(state);
    expect(of.events.some((event) => event.event === 'failed' || event.event === 'done')).toBe(false);

    of.queue.signedIn();
    expect(await doneOf(of)).toMatchObject({ complete: 1, failed: 0 });
    expect(of.events).toContainEqual({ event: 'resumed' });
    expect(of.queue.totals().paused).toBeNull();
    expect(inits()).toEqual(call === 'init' ? ['init a', 'init a'] : ['init a']);
  });
});

describe('UploadQueue failures of one file', () => {
  it('a local file that cannot be read fails alone, without retries', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open();
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    await rm(b);
    of.queue.start();
    expect(await doneOf(of)).toEqual({ event: 'done', complete: 1, failed: 1, cancelled: 0, rejected: 0 });
    expect(row(of, queued[1]!.id)).toMatchObject({ state: 'failed', failure: expect.stringMatching(/^The file could not be read: ENOENT/) });
    expect(row(of, queued[0]!.id).state).toBe('complete');
    expect(server.attempts.filter((name) => name === 'b.mp4')).toHaveLength(1);
  });

  it('a refusal by the FTP server fails the file at once', async () => {
    const a = await video('a.mp4');
    server.transferFailures.set('a.mp4', [{ atBytes: 0, error: new FtpRefusedError(552, 'The FTP server refused the file: 552 Quota exceeded.') }]);
    const of = open();
    await of.queue.add([a], { channelId: CHANNEL });
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ failed: 1 });
    expect(server.attempts).toEqual(['a.mp4']);
  });
});

describe('UploadQueue concurrency', () => {
  it.each([1, 2, 3])('never transfers more than %i files at once, and uses that many', async (concurrency) => {
    const files = await Promise.all(['1.mp4', '2.mp4', '3.mp4', '4.mp4', '5.mp4'].map((name) => video(name)));
    const of = open({ concurrency });
    await of.queue.add(files, { channelId: CHANNEL });
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ complete: 5 });
    expect(server.maxActive).toBe(concurrency);
    expect(of.queue.totals().concurrency).toBe(concurrency);
  });

  it('a raised concurrency starts more files at once', async () => {
    const files = await Promise.all(['1.mp4', '2.mp4', '3.mp4'].map((name) => video(name)));
    const of = open({ concurrency: 1 });
    await of.queue.add(files, { channelId: CHANNEL });
    const first = server.holdTransfer('1.mp4', 500);
    const others = [server.holdTransfer('2.mp4', 500), server.holdTransfer('3.mp4', 500)];
    of.queue.start();
    await first.reached;
    await sleep(20);
    expect(server.attempts).toEqual(['1.mp4']);
    of.queue.setConcurrency(3);
    await Promise.all(others.map((hold) => hold.reached));
    expect(server.active).toBe(3);
    for (const hold of [first, ...others]) hold.release();
    expect(await doneOf(of)).toMatchObject({ complete: 3 });
  });

  it('refuses a concurrency outside 1 to 8', () => {
    expect(() => open({ concurrency: 0 })).toThrow(/Concurrency is 1 to 8/);
    opened.pop();
    const of = open();
    expect(() => of.queue.setConcurrency(9)).toThrow(/Concurrency is 1 to 8 files at once \(got 9\)/);
    expect(of.queue.totals().concurrency).toBe(2);
  });
});

describe('UploadQueue batches and the list', () => {
  it('ends a batch with one done event counting complete, failed, cancelled and rejected files', async () => {
    const ok1 = await video('1 ok.mp4');
    await video('2 ok.mkv');
    const gone = await video('3 gone.mp4');
    await video('4 cancelled.mov');
    await writeFile(join(root, 'videos', '5 notes.txt'), 'notes');
    const of = open();
    const { queued, rejected } = await of.queue.add([join(root, 'videos')], { channelId: CHANNEL });
    expect(queued.map((queuedRow) => queuedRow.title)).toEqual(['1 ok', '2 ok', '3 gone', '4 cancelled']);
    expect(rejected).toEqual([{ file: join(root, 'videos', '5 notes.txt'), reason: expect.stringMatching(/^\.txt files are not taken/) }]);
    expect(of.events).toContainEqual({ event: 'rejected', file: join(root, 'videos', '5 notes.txt'), reason: expect.any(String) });
    await rm(gone);
    of.queue.cancel(queued[3]!.id);
    of.queue.start();
    await doneOf(of);
    await sleep(20);
    expect(of.events.filter((event) => event.event === 'done')).toEqual([{ event: 'done', complete: 2, failed: 1, cancelled: 1, rejected: 1 }]);
    expect(of.queue.totals()).toMatchObject({ files: 4, complete: 2, failed: 1, unfinished: 0 });
    expect(row(of, queued[0]!.id).file).toBe(ok1);
  });

  it('with nothing but rejected files, says done at once', async () => {
    await writeFile(join(root, 'notes.txt'), 'notes');
    const of = open();
    of.queue.start();
    await of.queue.add([join(root, 'notes.txt')], { channelId: CHANNEL });
    expect(of.events.at(-1)).toEqual({ event: 'done', complete: 0, failed: 0, cancelled: 0, rejected: 1 });
  });

  it('refuses a file already queued, failed or uploaded, unchanged, with the reason; a changed file or another channel is new', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    server.transferFailures.set('b.mp4', [{ atBytes: 0, error: new FtpRefusedError(552, 'Quota exceeded.') }]);
    const of = open();
    await of.queue.add([a, b], { channelId: CHANNEL });
    expect((await of.queue.add([a], { channelId: CHANNEL })).rejected).toEqual([{ file: a, reason: 'Already in the queue.' }]);
    of.queue.start();
    await doneOf(of);
    expect((await of.queue.add([a], { channelId: CHANNEL })).rejected).toEqual([{ file: a, reason: 'Already uploaded to this channel as video v1 (the file has not changed since).' }]);
    expect((await of.queue.add([b], { channelId: CHANNEL })).rejected).toEqual([{ file: b, reason: 'Already in the queue, failed: retry it there.' }]);
    expect(of.events.filter((event) => event.event === 'rejected')).toHaveLength(3);

    expect((await of.queue.add([a], { channelId: '5002' })).queued).toHaveLength(1);
    await utimes(a, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    expect((await of.queue.add([a], { channelId: CHANNEL })).queued).toHaveLength(1);
  });

  it('edits title, description and protection until the file is handed to the platform, and refuses after', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const id = queued[0]!.id;
    expect(of.queue.edit(id, { title: 'Better title', description: 'Now with words', protect: 'private' })).toMatchObject({ title: 'Better title', description: 'Now with words', protect: 'private' });
    const init = server.hold('init', 'after');
    of.queue.start();
    await init.reached;
    expect(() => of.queue.edit(id, { title: 'Too late' })).toThrow(/already handed to the platform/);
    init.release();
    await doneOf(of);
    expect(server.uploads.get('v1')).toMatchObject({ title: 'Better title', description: 'Now with words', protect: 1 });
    expect(row(of, id).title).toBe('Better title');
    expect((await journalItems(of))[0]).toMatchObject({ title: 'Better title', description: 'Now with words', protect: 'private' });
  });

  it('takes finished files off the list, failed ones only when asked, and the journal forgets them', async () => {
    const files = await Promise.all(['a.mp4', 'b.mp4', 'c.mp4'].map((name) => video(name)));
    server.transferFailures.set('b.mp4', [{ atBytes: 0, error: new FtpRefusedError(552, 'Quota exceeded.') }]);
    const of = open();
    const { queued } = await of.queue.add(files, { channelId: CHANNEL });
    of.queue.cancel(queued[2]!.id);
    of.queue.start();
    await doneOf(of);
    of.queue.clearFinished();
    expect(of.queue.rows().map((listed) => listed.state)).toEqual(['failed']);
    of.queue.clearFinished({ failed: true });
    expect(of.queue.rows()).toEqual([]);
    expect(await journalItems(of)).toEqual([]);
  });

  it('names an unknown id', async () => {
    const of = open();
    expect(() => of.queue.pauseFile('nope')).toThrow('No upload nope is in the queue.');
    expect(() => of.queue.retry('nope')).toThrow('No upload nope is in the queue.');
  });
});

describe('UploadQueue ready outside the slots', () => {
  it('frees the slot once the bytes are sent: the next file transfers while the platform answers the first file\'s ready', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open({ concurrency: 1 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const readyOfA = server.hold('ready', 'before');
    of.queue.start();
    await readyOfA.reached;
    expect(row(of, queued[0]!.id).state).toBe('sending-ready');
    await until(() => expect(server.transfers.map((transfer) => transfer.file)).toEqual(['a.mp4', 'b.mp4']));
    readyOfA.release();
    expect(await doneOf(of)).toMatchObject({ complete: 2, failed: 0 });
  });
});

describe('UploadQueue begin-ahead', () => {
  it('begins the next files\' uploads while the slots transfer, one per slot and no more', async () => {
    const files = await Promise.all(['a.mp4', 'b.mp4', 'c.mp4', 'd.mp4', 'e.mp4'].map((name) => video(name)));
    const of = open({ concurrency: 2 });
    const { queued } = await of.queue.add(files, { channelId: CHANNEL });
    const holds = [server.holdTransfer('a.mp4', 1500), server.holdTransfer('b.mp4', 1500)];
    of.queue.start();
    await Promise.all(holds.map((hold) => hold.reached));
    await until(() => expect(inits()).toHaveLength(4));
    await sleep(30);
    expect(inits()).toEqual(['init a', 'init b', 'init c', 'init d']);
    // Begun ahead, not in a slot: the rows of c and d wait, with their video ids; e is not begun.
    expect(queued.slice(2).map((item) => [row(of, item.id).state, row(of, item.id).videoId])).toEqual([
      ['waiting', 'v3'],
      ['waiting', 'v4'],
      ['waiting', null],
    ]);
    for (const hold of holds) hold.release();
    expect(await doneOf(of)).toMatchObject({ complete: 5, failed: 0 });
    expect(inits()).toEqual(['init a', 'init b', 'init c', 'init d', 'init e']);
    expect([...new Set(server.transfers.map((transfer) => transfer.remoteName))].sort()).toEqual(['up-v1.mp4', 'up-v2.mp4', 'up-v3.mp4', 'up-v4.mp4', 'up-v5.mp4']);
  });

  it('leaves the next file editable (not begun) while the slot\'s transfer is far from its end, and begins it once near the end', async () => {
    server.chunk = 64 * 1024;
    const big = 2 * 1024 * 1024;
    const a = await video('a.mp4', big);
    const b = await video('b.mp4');
    const of = open({ concurrency: 1 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const early = server.holdTransfer('a.mp4', 64 * 1024);
    const late = server.holdTransfer('a.mp4', big - 100 * 1024);
    of.queue.start();
    await early.reached;
    await sleep(30);
    // 1.9 MB to go at a speed not known yet: b is not handed to the platform, and the streamer can still edit it.
    expect(inits()).toEqual(['init a']);
    expect(of.queue.edit(queued[1]!.id, { title: 'Renamed' })).toMatchObject({ title: 'Renamed', videoId: null });
    early.release();
    await late.reached;
    // 100 KB to go: b is begun while a's last bytes go, with the title it was given.
    await until(() => expect(inits()).toEqual(['init a', 'init Renamed']));
    expect(row(of, queued[0]!.id).state).toBe('transferring');
    late.release();
    expect(await doneOf(of)).toMatchObject({ complete: 2, failed: 0 });
    expect(row(of, queued[1]!.id).title).toBe('Renamed');
  });

  it('never begins a file begun ahead again after a crash: the reopened queue sends it with its upload', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const first = open({ concurrency: 1 });
    const { queued } = await first.queue.add([a, b], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1500);
    first.queue.start();
    await transfer.reached;
    await until(() => expect(row(first, queued[1]!.id).videoId).toBe('v2'));

    const second = open(crashCopy(first));
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 2, failed: 0 });
    expect(inits()).toEqual(['init a', 'init b']);
    expect(server.transfers.filter((one) => one.file === 'b.mp4')).toEqual([{ file: 'b.mp4', remoteName: 'up-v2.mp4', resumedFrom: 0 }]);
  });

  it('begins nothing ahead while the queue is paused', async () => {
    const files = await Promise.all(['a.mp4', 'b.mp4', 'c.mp4'].map((name) => video(name)));
    const of = open({ concurrency: 1 });
    await of.queue.add(files, { channelId: CHANNEL });
    of.queue.pause();
    of.queue.start();
    await sleep(40);
    expect(inits()).toEqual([]);
    of.queue.resume();
    expect(await doneOf(of)).toMatchObject({ complete: 3 });
    expect(inits()).toEqual(['init a', 'init b', 'init c']);
  });

  it('a slot waiting for its file\'s begin-ahead stops at once when the file is paused; the begin is kept for the resume', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open({ concurrency: 1 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const initOfA = server.hold('init', 'after');
    const initOfB = server.hold('init', 'after');
    of.queue.start();
    await Promise.all([initOfA.reached, initOfB.reached]);
    initOfA.release();
    // a goes through; b's slot then waits for b's begin, held at the platform.
    await until(() => expect(row(of, queued[0]!.id).state).toMatch(/processing|complete/));
    of.queue.pauseFile(queued[1]!.id);
    await until(() => expect(row(of, queued[1]!.id).state).toBe('paused'));
    initOfB.release();
    await until(() => expect(row(of, queued[1]!.id).videoId).toBe('v2'));
    of.queue.resumeFile(queued[1]!.id);
    expect(await doneOf(of)).toMatchObject({ complete: 2 });
    expect(inits()).toEqual(['init a', 'init b']);
  });

  it('forgets the password of a file cancelled while its upload was being begun ahead', async () => {
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const of = open({ concurrency: 1 });
    const { queued } = await of.queue.add([a, b], { channelId: CHANNEL });
    const transfer = server.holdTransfer('a.mp4', 1500);
    const initOfA = server.hold('init', 'after');
    const initOfB = server.hold('init', 'after');
    of.queue.start();
    await Promise.all([initOfA.reached, initOfB.reached]);
    initOfA.release();
    await transfer.reached;
    of.queue.cancel(queued[1]!.id);
    initOfB.release();
    await until(() => expect(row(of, queued[1]!.id).videoId).toBe('v2'));
    expect(row(of, queued[1]!.id).state).toBe('cancelled');
    await until(() => expect([...keychain.saved.keys()]).toEqual(['v1']));
    transfer.release();
    expect(await doneOf(of)).toMatchObject({ complete: 1, cancelled: 1 });
    expect(server.attempts).toEqual(['a.mp4']);
  });
});
