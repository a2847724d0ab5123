// What `companion upload` prints for the queue's events: with --json one line per event with snake_case
// fields; otherwise a line per finished step, and on a terminal a progress bar redrawn in place.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../../main/cli/command-context.js';
import { createAppLogger } from '../../../main/log/app-logger.js';
import { UploadReporter } from '../../../main/cli/upload-reporter.js';
import { FtpUploadTransport } from '../../../main/uploads/ftp-upload-transport.js';
import { UploadQueue } from '../../../main/uploads/upload-queue.js';
import type { QueueTotals, UploadEvent } from '../../../main/uploads/upload-types.js';
import { FakeKeychain, FakeUploadServer, FTP_PASSWORD, RecordingLogger } from './fake-upload-server.js';
import { randomVideo } from '../../support/fake-video.js';

let root: string;
let queue: UploadQueue | null = null;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-reporter-'));
});

afterEach(async () => {
  await queue?.close();
  queue = null;
  await rm(root, { recursive: true, force: true });
});

function context(options: { json: boolean; tty?: boolean }): { context: CommandContext; text: () => string } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  if (options.tty) Object.assign(out, { isTTY: true });
  const logger = createAppLogger({ directory: join(root, 'logs'), console: new PassThrough() });
  return { context: { json: options.json, profile: undefined, out, err: new PassThrough(), logger }, text: () => text };
}

/** Runs a batch through a queue on the fake server: a.mp4 uploads, b.mp4 is gone when its turn comes, notes.txt is refused. */
async function runBatch(reporter: UploadReporter): Promise<UploadEvent[]> {
  await mkdir(join(root, 'videos'));
  await writeFile(join(root, 'videos', 'a.mp4'), randomVideo(3000));
  await writeFile(join(root, 'videos', 'b.mp4'), randomVideo(3000));
  await writeFile(join(root, 'videos', 'notes.txt'), 'notes');
  const server = new FakeUploadServer();
  const events: UploadEvent[] = [];
  const logger = new RecordingLogger();
  queue = new UploadQueue({
    journalFile: join(root, 'journal.jsonl'),
    transport: new FtpUploadTransport({ platform: async () => server.platform, passwords: new FakeKeychain(), logger, transfer: server.transfer }),
    logger,
    onEvent: (event) => {
      events.push(event);
      reporter.report(event);
    },
    retryDelaysMs: [5],
    pollDelaysMs: [5],
    concurrency: 1,
  });
  await queue.add([join(root, 'videos')], { channelId: '5001' });
  await rm(join(root, 'videos', 'b.mp4'));
  queue.start();
  await vi.waitFor(() => expect(events.some((event) => event.event === 'done')).toBe(true), { timeout: 5000, interval: 2 });
  return events;
}

describe('UploadReporter with --json', () => {
  it('writes each queue event as a line named by the event, with snake_case fields', async () => {
    const { context: json, text } = context({ json: true });
    const events = await runBatch(new UploadReporter(json));
    const lines = text()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(events.length);
    expect(new Set(lines.map((line) => line.event))).toEqual(new Set(['queued', 'rejected', 'progress', 'transferred', 'status', 'complete', 'failed', 'done']));
    for (const line of lines) for (const key of Object.keys(line)) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(lines).toContainEqual({ event: 'transferred', id: expect.any(String), video_id: 'v1', bytes: 3000, resumed_from: 0 });
    expect(lines).toContainEqual({ event: 'progress', id: expect.any(String), bytes: 3000, size: 3000, speed: expect.any(Number), eta_seconds: null });
    expect(lines).toContainEqual({ event: 'status', id: expect.any(String), video_id: 'v1', status: 'transcoding' });
    expect(lines).toContainEqual({ event: 'complete', id: expect.any(String), video_id: 'v1', title: 'a' });
    expect(lines).toContainEqual({ event: 'failed', id: expect.any(String), reason: expect.stringMatching(/could not be read/) });
    expect(lines).toContainEqual({ event: 'rejected', file: join(root, 'videos', 'notes.txt'), reason: expect.any(String) });
    expect(lines.at(-1)).toEqual({ event: 'done', complete: 1, failed: 1, cancelled: 0, rejected: 1 });
    expect(text()).not.toContain(FTP_PASSWORD);
  });

  it('writes the pause, resume and stop as lines too', () => {
    const { context: json, text } = context({ json: true });
    const reporter = new UploadReporter(json);
    reporter.report({ event: 'paused', reason: 'sign-in', message: 'Sign in again.' });
    reporter.report({ event: 'resumed' });
    reporter.stopped('SIGINT');
    reporter.line('not for scripts');
    expect(text()).toBe(`${JSON.stringify({ event: 'paused', reason: 'sign-in', message: 'Sign in again.' })}\n{"event":"resumed"}\n{"event":"stopped","signal":"SIGINT"}\n`);
  });
});

describe('UploadReporter without --json', () => {
  it('writes a line per finished step, with the file names, and no progress bar into a pipe', async () => {
    const { context: plain, text } = context({ json: false });
    const reporter = new UploadReporter(plain);
    reporter.attach(() => queue!.totals());
    await runBatch(reporter);
    reporter.detach();
    const lines = text().split('\n');
    expect(lines).toContain('queued     a.mp4 (0.0 MB)');
    expect(lines).toContain('sent       a.mp4; video v1');
    expect(lines).toContain('transcoding a.mp4');
    expect(lines).toContain('complete   a.mp4: video v1');
    expect(lines.find((line) => line.startsWith('FAILED     b.mp4: The file could not be read'))).toBeDefined();
    expect(lines.find((line) => line.startsWith(`rejected   ${join(root, 'videos', 'notes.txt')}: .txt files are not taken`))).toBeDefined();
    expect(lines).toContain('Done: 1 complete, 1 failed, 1 rejected.');
    expect(text()).not.toContain('\r');
  });

  it('says why uploads are slow whenever that changes, in words, and a limited line with --json', () => {
    const { context: plain, text } = context({ json: false });
    const reporter = new UploadReporter(plain);
    const timetable = { fullSpeedFrom: '01:00', fullSpeedUntil: '07:00', otherwise: 2 * 1024 * 1024 };
    reporter.limitChanged(null, timetable);
    reporter.limitChanged({ reason: 'timetable', bytesPerSecond: 2 * 1024 * 1024 }, timetable);
    reporter.limitChanged({ reason: 'timetable', bytesPerSecond: 2 * 1024 * 1024 }, timetable);
    // Live, the share moves with the broadcast's needs: said once, not at each step.
    reporter.limitChanged({ reason: 'live', bytesPerSecond: 512 * 1024 }, timetable);
    reporter.limitChanged({ reason: 'live', bytesPerSecond: 256 * 1024 }, timetable);
    reporter.limitChanged({ reason: 'live', bytesPerSecond: 288 * 1024 }, timetable);
    reporter.limitChanged({ reason: 'user', bytesPerSecond: 1024 * 1024 }, timetable);
    reporter.limitChanged(null, timetable);
    expect(text().split('\n')).toEqual([
      "slowed to 2.0 MB/s: the timetable's reduced hours until 01:00",
      'slowed down: you are live, and the broadcast keeps what it needs of the connection; full speed again when it ends',
      'slowed to 1.0 MB/s: your own speed limit (the limit-rate setting, or --limit-rate)',
      'full speed again',
      '',
    ]);
    const { context: json, text: jsonText } = context({ json: true });
    const jsonReporter = new UploadReporter(json);
    jsonReporter.limitChanged({ reason: 'live', bytesPerSecond: 1024 * 1024 }, null);
    jsonReporter.limitChanged({ reason: 'live', bytesPerSecond: 512 * 1024 }, null);
    jsonReporter.limitChanged(null, null);
    expect(jsonText().split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)).toEqual([
      { event: 'limited', reason: 'live', bytes_per_second: 1024 * 1024, words: 'slowed down: you are live, and the broadcast keeps what it needs of the connection; full speed again when it ends' },
      { event: 'limited', reason: null, bytes_per_second: null, words: 'full speed again' },
    ]);
  });

  it('names a resumed transfer and cancelled files', () => {
    const { context: plain, text } = context({ json: false });
    const reporter = new UploadReporter(plain);
    reporter.report({ event: 'queued', id: 'x', file: '/videos/Long one.mkv', size: 5 * 1024 * 1024, title: 'Long one' });
    reporter.report({ event: 'transferred', id: 'x', videoId: 'v9', bytes: 5 * 1024 * 1024, resumedFrom: 2 * 1024 * 1024 });
    reporter.report({ event: 'done', complete: 1, failed: 0, cancelled: 2, rejected: 0 });
    expect(text()).toBe('queued     Long one.mkv (5.0 MB)\nsent       Long one.mkv (resumed at 2.0 MB); video v9\nDone: 1 complete, 0 failed, 0 rejected, 2 cancelled.\n');
  });

  it('on a terminal, redraws a progress bar of the batch in place and clears it before each line', async () => {
    vi.useFakeTimers();
    try {
      const { context: terminal, text } = context({ json: false, tty: true });
      const reporter = new UploadReporter(terminal);
      const totals: QueueTotals = { files: 2, complete: 0, failed: 0, unfinished: 2, bytes: 3 * 1024 * 1024, size: 6 * 1024 * 1024, speed: 1024 * 1024, etaSeconds: 3, paused: null, concurrency: 2, speedLimit: null };
      reporter.attach(() => totals);
      await vi.advanceTimersByTimeAsync(250);
      expect(text()).toBe(`\r\x1b[2K[############------------] 50% 3.0 MB of 6.0 MB, 1.0 MB/s, 0:03 left (0 complete, 2 to go)`);
      reporter.line('complete   a.mp4: video v1');
      expect(text().endsWith('\r\x1b[2Kcomplete   a.mp4: video v1\n')).toBe(true);
      reporter.detach();
      const written = text();
      await vi.advanceTimersByTimeAsync(1000);
      expect(text()).toBe(written);
    } finally {
      vi.useRealTimers();
    }
  });
});
