// The HTTP part transport (today's platform, 1 MB parts) against the part endpoints in memory
// (memory-part-platform.ts; the sandbox over HTTP is the integration tests'), with real files and a real
// journal: the part plan, parts in flight, resuming from a journal after a crash from the first part not
// acknowledged, the 10 GB refusal before anything is sent, how each failure of a part is met, pausing
// mid-file, and the platform's transcoding progress reaching the row.
import { copyFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInNeededError } from '../../../main/platform/platform-error.js';
import { FileTooLargeError, HttpPartUploadTransport, MAX_FILE_BYTES, PART_SIZE } from '../../../main/uploads/http-part-upload-transport.js';
import { bytesOfParts, partSlice, partsToSend, planParts } from '../../../main/uploads/part-plan.js';
import { SpeedLimit } from '../../../main/uploads/speed-limit.js';
import { failureMeaning } from '../../../main/uploads/step-retries.js';
import { UploadQueue } from '../../../main/uploads/upload-queue.js';
import { StaleTicketError, type SendOptions, type UploadSource, type UploadTicket } from '../../../main/uploads/upload-transport.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';
import { randomVideo } from '../../support/fake-video.js';
import { RecordingLogger } from './fake-upload-server.js';
import { answer, MemoryPartPlatform } from './memory-part-platform.js';

const CHANNEL = '77';
/** Six parts: five of 1 MiB and a short last one. */
const SIZE = 5 * PART_SIZE + 12_345;

let root: string;
let platform: MemoryPartPlatform;
let logger: RecordingLogger;
let queues: UploadQueue[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'http-parts-'));
  platform = new MemoryPartPlatform();
  logger = new RecordingLogger();
});

afterEach(async () => {
  await Promise.all(queues.map((queue) => queue.close()));
  queues = [];
  await rm(root, { recursive: true, force: true });
});

function transport(partsInFlight = 3, partRetryDelaysMs = [1, 1, 1]): HttpPartUploadTransport {
  return new HttpPartUploadTransport({ platform: async () => platform, logger, partsInFlight, partRetryDelaysMs });
}

async function video(size = SIZE): Promise<UploadSource> {
  const path = join(root, `clip-${size}.mp4`);
  await writeFile(path, randomVideo(size));
  return { path, size, extension: 'mp4' };
}

function sendOptions(change: Partial<SendOptions> & { acknowledged?: number[]; progress?: number[] } = {}): SendOptions & { acknowledged: number[]; progress: number[] } {
  const acknowledged = change.acknowledged ?? [];
  const progress = change.progress ?? [];
  return {
    signal: new AbortController().signal,
    speedLimit: new SpeedLimit(null),
    resumeFrom: [],
    onPartAcknowledged: (part) => acknowledged.push(part),
    onProgress: (bytes) => progress.push(bytes),
    ...change,
    acknowledged,
    progress,
  };
}

describe('the part plan', () => {
  it('cuts a file into 1 MiB parts, the last one the rest, and finds the parts still to send', () => {
    const plan = planParts(SIZE, PART_SIZE);
    expect(plan).toEqual({ count: 6, size: PART_SIZE });
    expect(partSlice(plan, SIZE, 0)).toEqual({ offset: 0, length: PART_SIZE });
    expect(partSlice(plan, SIZE, 5)).toEqual({ offset: 5 * PART_SIZE, length: 12_345 });
    expect(() => partSlice(plan, SIZE, 6)).toThrow(/not one of the file's 6 parts/);
    expect(planParts(2 * PART_SIZE, PART_SIZE).count).toBe(2);
    expect(planParts(0, PART_SIZE).count).toBe(1);
    expect(partsToSend(plan, [])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(partsToSend(plan, [[0, 1], [3, 3]])).toEqual([2, 4, 5]);
    expect(partsToSend(plan, [[0, 5]])).toEqual([]);
    expect(bytesOfParts(plan, SIZE, [4, 5])).toBe(PART_SIZE + 12_345);
  });
});

describe('HttpPartUploadTransport', () => {
  it('creates the video with a secret-free ticket, then sends every part with the parts in flight kept to the setting', async () => {
    const source = await video();
    const parts = transport(3);
    const ticket = await parts.begin(source, { title: 'Keynote', description: 'Day 1', protect: 'private' }, CHANNEL);
    expect(ticket).toEqual({ channelId: CHANNEL, videoId: '100', uploadId: 'u-100', totalFileSize: SIZE, partSize: PART_SIZE });
    expect(platform.uploads.get('100')!.create).toEqual({ title: 'Keynote', description: 'Day 1', protect: 'private' });
    expect(parts.partsOf(SIZE)).toEqual({ count: 6, size: PART_SIZE });

    // Each part answers after 50 ms, longer than reading the next 1 MiB takes even on a busy machine, so
    // the third part is always posted while the first two wait (at 2 ms, a slow read kept two at most).
    platform.partDelayMs = 50;
    const options = sendOptions();
    expect(await parts.send(ticket, source, options)).toEqual({ resumedFrom: 0 });
    expect(platform.maxActive).toBe(3);
    expect([...options.acknowledged].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(options.progress.at(-1)).toBe(SIZE);
    expect(options.progress).toEqual([...options.progress].sort((a, b) => a - b));
    expect(platform.bytes('100').equals(await readFile(source.path))).toBe(true);

    await parts.finish(ticket);
    expect(platform.uploads.get('100')!.completed).toBe(true);
    expect(await parts.status(ticket)).toEqual({ status: 'transcoding', progress: 40 });
  });

  it('resumes from the acknowledged parts: only the others are sent, never part 0 again', async () => {
    const source = await video();
    const parts = transport(2);
    const ticket = await parts.begin(source, { title: 'Resumed', description: '', protect: 'public' }, CHANNEL);
    const options = sendOptions({ resumeFrom: [[0, 1], [3, 3]] });
    expect(await parts.send(ticket, source, options)).toEqual({ resumedFrom: 3 * PART_SIZE });
    expect(platform.partCalls.map((call) => Number(call.split(':')[1])).sort()).toEqual([2, 4, 5]);
    expect(options.progress[0]).toBe(3 * PART_SIZE);
    expect(options.progress.at(-1)).toBe(SIZE);
  });

  it('refuses a file over 10 GB before asking the platform for anything, in words', async () => {
    const parts = transport();
    const huge: UploadSource = { path: '/videos/whole festival.mkv', size: MAX_FILE_BYTES + 1, extension: 'mkv' };
    const refusal = await parts.begin(huge, { title: 'All of it', description: '', protect: 'public' }, CHANNEL).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FileTooLargeError);
    expect((refusal as Error).message).toBe('whole festival.mkv is 10.0 GB (10,737,418,241 bytes); the platform takes files of up to 10 GB (10,737,418,240 bytes). Cut it into shorter files (or export it at a lower bitrate), then add those.');
    expect(platform.creates).toBe(0);
    expect(failureMeaning(refusal, parts)).toEqual({ transient: false, staleTicket: false });
    // Exactly 10 GB is taken.
    await parts.begin({ ...huge, size: MAX_FILE_BYTES }, { title: 'Just fits', description: '', protect: 'public' }, CHANNEL);
    expect(platform.creates).toBe(1);
  });

  it('sends a part again after a network failure, a 5xx or a 429, while the other parts go on', async () => {
    const source = await video();
    const parts = transport(3);
    const ticket = await parts.begin(source, { title: 'Flaky', description: '', protect: 'public' }, CHANNEL);
    platform.partFailures.push(answer(0, 'network'), answer(503, 'service_unavailable'), answer(429, 'too_many_requests'));
    await parts.send(ticket, source, sendOptions());
    expect(platform.partCalls).toHaveLength(6 + 3);
    expect(platform.bytes('100').equals(await readFile(source.path))).toBe(true);
    expect(logger.lines.filter((line) => line.message === 'a part of an upload failed; sending it again')).toHaveLength(3);
  });

  it('meets each other failure of a part as the queue needs it', async () => {
    const source = await video();
    const parts = transport(1, [1]);
    const ticket = await parts.begin(source, { title: 'Refused', description: '', protect: 'public' }, CHANNEL);
    const failing = async (error: Error): Promise<unknown> => {
      platform.partFailures.push(error);
      return parts.send(ticket, source, sendOptions()).catch((failure: unknown) => failure);
    };
    // A refused sign-in: at once, as it is (the queue pauses until the next sign-in).
    const calls = platform.partCalls.length;
    expect(await failing(answer(401, 'invalid_token'))).toBeInstanceOf(SignInNeededError);
    expect(platform.partCalls.length - calls).toBe(1);
    // The platform forgot the upload: a stale ticket, so the queue begins a new upload.
    const gone = await failing(answer(404, 'not_found'));
    expect(gone).toBeInstanceOf(StaleTicketError);
    expect(failureMeaning(gone, parts)).toEqual({ transient: false, staleTicket: true });
    // Too large for the platform after all: worded, not tried again.
    expect(await failing(answer(413, 'file_too_large'))).toBeInstanceOf(FileTooLargeError);
    // A refusal of the part: the part named, not tried again.
    const refused = (await failing(answer(400, 'invalid_parameters'))) as Error;
    expect(refused.message).toMatch(/^The platform refused part 1 of 6 of clip-\d+\.mp4: The platform answered 400 invalid_parameters\.$/);
    expect(failureMeaning(refused, parts)).toEqual({ transient: false, staleTicket: false });
    // Still failing once the part's retries are spent: transient, so the queue tries the send again later.
    platform.partFailures.push(answer(503, 'service_unavailable'));
    const spent = await failing(answer(503, 'service_unavailable'));
    expect(failureMeaning(spent, parts)).toEqual({ transient: true, staleTicket: false });
    // A ticket of another transport, or for a file that changed size, cannot go on.
    await expect(parts.send({ channelId: CHANNEL, videoId: '9', host: 'ftp', port: 21 } as UploadTicket, source, sendOptions())).rejects.toBeInstanceOf(StaleTicketError);
    await expect(parts.send(ticket, { ...source, size: SIZE - 1 }, sendOptions())).rejects.toThrow(/size changed since its upload began/);
  });

  it('stops at once when paused; a part answered after that is not counted acknowledged', async () => {
    const source = await video();
    const parts = transport(2);
    const ticket = await parts.begin(source, { title: 'Paused', description: '', protect: 'public' }, CHANNEL);
    const held = platform.hold(3);
    const stop = new AbortController();
    const options = sendOptions({ signal: stop.signal });
    const sending = parts.send(ticket, source, options).catch((error: unknown) => error);
    await held.reached;
    stop.abort(new Error('paused'));
    expect(await sending).toEqual(new Error('paused'));
    held.release();
    await vi.waitFor(() => expect(platform.active).toBe(0));
    expect(options.acknowledged).not.toContain(3);
  });

  it('applies the speed limit to the parts', async () => {
    const source = await video(2 * PART_SIZE);
    const parts = transport(2);
    const ticket = await parts.begin(source, { title: 'Slow', description: '', protect: 'public' }, CHANNEL);
    const started = performance.now();
    await parts.send(ticket, source, sendOptions({ speedLimit: new SpeedLimit(8 * PART_SIZE) }));
    // 2 MiB at 8 MiB/s, a quarter second's worth allowed at once: at least 0.15 s.
    expect(performance.now() - started).toBeGreaterThan(150);
  });
});

describe('the upload queue with the HTTP part transport', () => {
  function open(journalFile: string, events: UploadEvent[], partsInFlight = 2): UploadQueue {
    const queue = new UploadQueue({ journalFile, transport: transport(partsInFlight), logger, onEvent: (event) => events.push(event), retryDelaysMs: [5, 5], pollDelaysMs: [5, 5] });
    queues.push(queue);
    return queue;
  }

  it('resumes after a crash from the journal, sending again only the parts that were in flight, and shows the transcoding progress', async () => {
    const source = await video();
    const journal = join(root, 'first', 'journal.jsonl');
    const events: UploadEvent[] = [];
    const first = open(journal, events, 2);
    const held = platform.hold(4);
    await first.add([source.path], { channelId: CHANNEL });
    first.start();
    await held.reached;
    // Parts 0-3 are acknowledged and journaled, 4 and 5 are in flight: the journal as a crash leaves it.
    await vi.waitFor(() => expect(platform.partCalls).toHaveLength(6));
    await vi.waitFor(async () => expect((await readFile(journal, 'utf8')).match(/"t":"part"/g)?.length).toBeGreaterThanOrEqual(4));
    const crashed = join(root, 'after-crash', 'journal.jsonl');
    mkdirSync(dirname(crashed), { recursive: true });
    copyFileSync(journal, crashed);
    const journaledParts = [...(await readFile(crashed, 'utf8')).matchAll(/"t":"part","id":"[^"]+","part":(\d+)/g)].map((match) => Number(match[1]));
    held.release();
    await first.close();

    const before = platform.partCalls.length;
    platform.statuses = [{ status: 'queued', progress: 0 }, { status: 'transcoding', progress: 55 }, { status: 'transcoding', progress: 55 }, { status: 'complete', progress: 100 }];
    const rows: (number | null)[] = [];
    const resumedEvents: UploadEvent[] = [];
    const resumed = new UploadQueue({
      journalFile: crashed,
      transport: transport(2),
      logger,
      onEvent: (event) => resumedEvents.push(event),
      onRowChange: (id) => rows.push(resumed.row(id)?.processingProgress ?? null),
      retryDelaysMs: [5],
      pollDelaysMs: [5],
    });
    queues.push(resumed);
    resumed.start();
    await vi.waitFor(() => expect(resumedEvents.some((event) => event.event === 'done')).toBe(true), { timeout: 5000 });
    const resent = platform.partCalls.slice(before).map((call) => Number(call.split(':')[1]));
    expect(resent.sort()).toEqual([0, 1, 2, 3, 4, 5].filter((part) => !journaledParts.includes(part)));
    expect(resent).not.toContain(0);
    expect(resent.length).toBeLessThanOrEqual(2);
    expect(platform.creates).toBe(1);
    expect(platform.bytes('100').equals(await readFile(source.path))).toBe(true);
    expect(resumedEvents.find((event) => event.event === 'transferred')).toMatchObject({ resumedFrom: bytesOfParts(planParts(SIZE, PART_SIZE), SIZE, journaledParts) });
    // The transcoding's percentage reached the row while it processed, and left it once complete.
    expect(rows).toContain(55);
    expect(resumed.rows()[0]).toMatchObject({ state: 'complete', processingProgress: null });
  });

  it('frees the slot once the parts are sent: the next file\'s parts go while the platform answers the first file\'s ready', async () => {
    const events: UploadEvent[] = [];
    const queue = open(join(root, 'ready', 'journal.jsonl'), events);
    const first = await video();
    const second = await video(SIZE - 1);
    const ready = platform.holdCompleted();
    await queue.add([first.path, second.path], { channelId: CHANNEL });
    queue.setConcurrency(1);
    queue.start();
    await ready.reached;
    await vi.waitFor(() => expect(platform.uploads.get('101')?.parts.size).toBe(planParts(SIZE - 1, PART_SIZE).count), { timeout: 5000 });
    ready.release();
    await vi.waitFor(() => expect(events.find((event) => event.event === 'done')).toMatchObject({ complete: 2 }), { timeout: 5000 });
  });
});
