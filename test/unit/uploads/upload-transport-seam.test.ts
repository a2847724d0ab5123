// The upload queue at its transport seam, with a transport in memory that sends files in parts
// (fake-part-transport.ts) and a real journal in a temp folder: scheduling across slots, each acknowledged
// part journaled, retries from the part that failed, resuming after a crash or a pause from the first
// part not acknowledged, a stale ticket replaced by a fresh `begin` once, and a ticket of another
// transport (a version 1 FTP journal) begun again with this one.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadJournal } from '../../../main/uploads/upload-journal.js';
import { UploadQueue, type UploadQueueOptions } from '../../../main/uploads/upload-queue.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';
import { FakePartTransport, PartRefusedError } from './fake-part-transport.js';
import { RecordingLogger } from './fake-upload-server.js';
import { randomVideo } from '../../support/fake-video.js';

const CHANNEL = '5001';
/** Five parts of 1000 bytes, the last one short. */
const SIZE = 4500;

let root: string;
let transport: FakePartTransport;
let opened: Opened[] = [];
let journals = 0;

interface Opened {
  readonly queue: UploadQueue;
  readonly events: UploadEvent[];
  readonly logger: RecordingLogger;
  readonly journalFile: string;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-seam-'));
  transport = new FakePartTransport();
});

afterEach(async () => {
  transport.releaseHolds();
  await Promise.all(opened.map(({ queue }) => queue.close()));
  opened = [];
  await rm(root, { recursive: true, force: true });
});

function open(options: Partial<UploadQueueOptions> = {}): Opened {
  const events: UploadEvent[] = [];
  const logger = new RecordingLogger();
  journals += 1;
  const journalFile = options.journalFile ?? join(root, `journal-${journals}`, 'journal.jsonl');
  const queue = new UploadQueue({ transport, logger, onEvent: (event) => events.push(event), retryDelaysMs: [5, 5], pollDelaysMs: [5, 5], ...options, journalFile });
  const result = { queue, events, logger, journalFile };
  opened.push(result);
  return result;
}

/** What a crash leaves: the journal as it is on disk right now. */
function crashCopy(of: Opened): { journalFile: string } {
  journals += 1;
  const journalFile = join(root, `journal-${journals}`, 'journal.jsonl');
  mkdirSync(dirname(journalFile), { recursive: true });
  copyFileSync(of.journalFile, journalFile);
  return { journalFile };
}

async function video(name: string, size = SIZE): Promise<string> {
  const path = join(root, 'videos', name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, randomVideo(size));
  return path;
}

async function doneOf(of: Opened, n = 1): Promise<UploadEvent> {
  await vi.waitFor(() => expect(of.events.filter((event) => event.event === 'done').length).toBeGreaterThanOrEqual(n), { timeout: 5000, interval: 2 });
  return of.events.filter((event) => event.event === 'done')[n - 1]!;
}

function records(file: string): { t: string; part?: number }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { t: string; part?: number });
}

const begins = (): string[] => transport.calls.filter((call) => call.startsWith('begin'));

describe('UploadQueue through a part transport', () => {
  it('begins, journals each acknowledged part, finishes and follows the status to complete', async () => {
    const file = await video('Keynote.mp4');
    const of = open();
    await of.queue.add([file], { channelId: CHANNEL, protect: 'private' });
    of.queue.start();
    expect(await doneOf(of)).toEqual({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });

    expect(records(of.journalFile).map((record) => (record.t === 'part' ? `part ${record.part}` : record.t))).toEqual([
      'journal',
      'item',
      'init-started',
      'initialised',
      'part 0',
      'part 1',
      'part 2',
      'part 3',
      'part 4',
      'transferred',
      'ready-started',
      'ready-sent',
      'status',
      'status',
      'complete',
    ]);
    expect(transport.assembled('v1')?.equals(await readFile(file))).toBe(true);
    expect(transport.calls.filter((call) => !call.startsWith('part'))).toEqual(['begin Keynote', 'finish v1', 'status v1', 'status v1']);
    expect(transport.released).toEqual(['v1']);
    // The journal holds the transport's ticket as it was given, and how the file is cut.
    const { journal, opening } = UploadJournal.open(of.journalFile);
    journal.close();
    expect(opening.items[0]?.upload).toEqual({
      transport: 'fake-parts',
      ticket: { channelId: '5001', videoId: 'v1', uploadId: 'upload-of-v1', fileSize: SIZE },
      parts: { count: 5, size: 1000, acknowledged: [[0, 4]] },
    });
    expect(of.events).toContainEqual(expect.objectContaining({ event: 'transferred', videoId: 'v1', bytes: SIZE, resumedFrom: 0 }));
    expect(of.queue.rows()[0]).toMatchObject({ state: 'complete', videoId: 'v1', bytes: SIZE, platformStatus: 'complete' });
  });

  it.each([1, 3])('keeps %i files in slots at once, and no more', async (concurrency) => {
    const files = await Promise.all(['1.mp4', '2.mp4', '3.mp4', '4.mp4'].map((name) => video(name)));
    const of = open({ concurrency });
    await of.queue.add(files, { channelId: CHANNEL });
    of.queue.start();
    expect(await doneOf(of)).toMatchObject({ complete: 4 });
    expect(transport.maxActive).toBe(concurrency);
  });

  it('tries a part that failed for a reason that may pass again, without sending the acknowledged ones again', async () => {
    const file = await video('a.mp4');
    const of = open();
    await of.queue.add([file], { channelId: CHANNEL });
    const held = transport.holdPart(2);
    of.queue.start();
    await held.reached;
    transport.failures.part.push(new Error('socket hang up'));
    held.release();
    expect(await doneOf(of)).toMatchObject({ complete: 1, failed: 0 });
    expect(transport.partsSent('v1')).toEqual([0, 1, 2, 2, 3, 4]);
    expect(of.logger.warnings()).toContain('an upload step failed; trying again');
    expect(transport.ticketsSeen.at(-1)).toMatchObject({ videoId: 'v1' });
    expect(transport.assembled('v1')?.equals(await readFile(file))).toBe(true);
  });

  it('fails the file at once on a refusal of the transport, and a retry goes on from the first part not acknowledged', async () => {
    const file = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([file], { channelId: CHANNEL });
    const held = transport.holdPart(3);
    of.queue.start();
    await held.reached;
    transport.failures.part.push(new PartRefusedError('The part was refused: 400 bad part.'));
    held.release();
    expect(await doneOf(of)).toMatchObject({ failed: 1 });
    expect(of.queue.rows()[0]).toMatchObject({ state: 'failed', failure: 'The part was refused: 400 bad part.', videoId: 'v1' });
    expect(transport.partsSent('v1')).toEqual([0, 1, 2, 3]);

    of.queue.retry(queued[0]!.id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(begins()).toEqual(['begin a']);
    expect(transport.partsSent('v1')).toEqual([0, 1, 2, 3, 3, 4]);
  });

  it('after a crash, resumes from the first part not acknowledged with the same ticket', async () => {
    const file = await video('a.mp4');
    const first = open();
    await first.queue.add([file], { channelId: CHANNEL });
    const held = transport.holdPart(3);
    first.queue.start();
    await held.reached;
    const crash = crashCopy(first);
    await first.queue.close();

    const second = open(crash);
    expect(second.queue.rows()[0]).toMatchObject({ state: 'waiting', videoId: 'v1', bytes: 3000 });
    second.queue.start();
    expect(await doneOf(second)).toMatchObject({ complete: 1 });
    expect(begins()).toEqual(['begin a']);
    expect(transport.partsSent('v1')).toEqual([0, 1, 2, 3, 4]);
    expect(second.events).toContainEqual(expect.objectContaining({ event: 'transferred', videoId: 'v1', resumedFrom: 3000 }));
    expect(transport.assembled('v1')?.equals(await readFile(file))).toBe(true);
  });

  it('a pause stops between parts; resuming goes on after the acknowledged ones', async () => {
    const file = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([file], { channelId: CHANNEL });
    const held = transport.holdPart(2);
    of.queue.start();
    await held.reached;
    of.queue.pauseFile(queued[0]!.id);
    expect(await doneOf(of)).toMatchObject({ complete: 0 });
    expect(of.queue.rows()[0]).toMatchObject({ state: 'paused', bytes: 2000 });

    of.queue.resumeFile(queued[0]!.id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(transport.partsSent('v1')).toEqual([0, 1, 2, 3, 4]);
  });

  it('replaces a stale ticket with a fresh begin, once per run; a second stale ticket fails the file for a fresh retry', async () => {
    const a = await video('a.mp4');
    const of = open();
    const { queued } = await of.queue.add([a], { channelId: CHANNEL });
    const held = transport.holdPart(2, 'v1');
    of.queue.start();
    await held.reached;
    transport.uploads.delete('v1');
    held.release();
    const again = transport.holdPart(1, 'v2');
    await again.reached;
    expect(begins()).toEqual(['begin a', 'begin a']);
    expect(of.logger.warnings().filter((warning) => warning.includes('asking the platform for a new upload of the file'))).toHaveLength(1);
    transport.uploads.delete('v2');
    again.release();
    expect(await doneOf(of)).toMatchObject({ failed: 1 });
    expect(of.queue.rows()[0]).toMatchObject({ state: 'failed', failure: 'The platform no longer knows upload v2.' });

    of.queue.retry(queued[0]!.id);
    expect(await doneOf(of, 2)).toMatchObject({ complete: 1 });
    expect(begins()).toHaveLength(3);
    expect(of.queue.rows()[0]).toMatchObject({ state: 'complete', videoId: 'v3' });
    expect(transport.partsSent('v3')).toEqual([0, 1, 2, 3, 4]);
  });

  it('begins again with its own transport a file another transport had begun (a version 1 FTP journal), and finishes one that was handed over', async () => {
    const cut = await video('cut.mp4');
    const handed = await video('handed.mp4');
    const journalFile = join(root, 'v1', 'journal.jsonl');
    mkdirSync(dirname(journalFile), { recursive: true });
    const v1Item = (id: string, file: string, change: Record<string, unknown>) => ({
      t: 'item',
      item: { id, addedAt: 1, file, size: SIZE, modifiedMs: 1, extension: 'mp4', channelId: CHANNEL, title: id, description: '', protect: 'public', initStarted: true, inits: 1, upload: null, transferred: false, readyStarted: false, readySent: false, status: null, outcome: null, failure: null, retryFresh: false, paused: false, ...change },
    });
    const ftpUpload = (videoId: string) => ({ videoId, path: `up-${videoId}`, host: 'ftp.example.test', port: 21, user: `user-${videoId}` });
    // `handed` was with the platform (ready sent) before the app changed transports: only its status is left to follow.
    transport.uploads.set('f2', { title: 'handed', parts: new Map(), finished: true, status: 'transcoding' });
    writeFileSync(
      journalFile,
      [v1Item('cut', cut, { upload: ftpUpload('f1') }), v1Item('handed', handed, { upload: ftpUpload('f2'), transferred: true, readyStarted: true, readySent: true, status: 'queued' })].map((line) => `${JSON.stringify(line)}\n`).join(''),
    );
    transport.afterFinish = ['complete'];

    const of = open({ journalFile });
    expect(of.logger.lines).toContainEqual(expect.objectContaining({ level: 'info', message: 'the upload journal was rewritten in the current format' }));
    expect(of.queue.rows().map((row) => [row.state, row.videoId])).toEqual([
      ['waiting', 'f1'],
      ['processing', 'f2'],
    ]);
    of.queue.start();
    await vi.waitFor(() => expect(transport.calls).toContain('status f2'), { timeout: 5000, interval: 2 });
    transport.uploads.get('f2')!.status = 'complete';
    expect(await doneOf(of)).toMatchObject({ complete: 2, failed: 0 });
    expect(begins()).toEqual(['begin cut']);
    expect(of.logger.warnings()).toContain('an unfinished upload was begun with another upload transport; asking the platform for a new upload of the file');
    expect(of.queue.rows().map((row) => row.videoId)).toEqual(['v1', 'f2']);
    expect(transport.assembled('v1')?.equals(await readFile(cut))).toBe(true);
  });
});
