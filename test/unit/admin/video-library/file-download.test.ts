// Saving a link to a file against a real local HTTP server that serves byte ranges: progress, a connection
// cut halfway picked up with a Range request, a server that ignores ranges, refusals that leave no file
// looking complete, and a stop that ends a stalled transfer at once and keeps its `.part`.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, FileDownloadError, partialFile, type DownloadProgress } from '../../../../main/admin/video-library/file-download.js';

const content = randomBytes(256 * 1024);

interface Behaviour {
  /** Cut the connection after this many bytes of the first answer. */
  cutAfter?: number;
  ignoreRanges?: boolean;
  status?: number;
  /** Send this many bytes of the first answer, then nothing more (the connection stays open). */
  stallAfter?: number;
}

let behaviour: Behaviour = {};
let ranges: (string | undefined)[] = [];
let server: Server;
let url: string;
let folder: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    ranges.push(request.headers.range);
    if (behaviour.status) {
      response.writeHead(behaviour.status).end();
      return;
    }
    const match = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = match && !behaviour.ignoreRanges ? Number(match[1]) : 0;
    if (start >= content.length) {
      response.writeHead(416, { 'Content-Range': `bytes */${content.length}` }).end();
      return;
    }
    const body = content.subarray(start);
    response.writeHead(match && !behaviour.ignoreRanges ? 206 : 200, {
      'Content-Length': body.length,
      ...(match && !behaviour.ignoreRanges ? { 'Content-Range': `bytes ${start}-${content.length - 1}/${content.length}` } : {}),
    });
    if (behaviour.stallAfter !== undefined) {
      response.write(body.subarray(0, behaviour.stallAfter));
      return;
    }
    const cut = behaviour.cutAfter;
    if (cut !== undefined) {
      behaviour = { ...behaviour, cutAfter: undefined };
      response.write(body.subarray(0, cut), () => response.destroy());
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/video.mp4`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  behaviour = {};
  ranges = [];
  folder = mkdtempSync(join(tmpdir(), 'file-download-'));
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('downloadFile', () => {
  it('writes a .part file, reports progress up to the total, and renames it when whole', async () => {
    const file = join(folder, 'video.mp4');
    const seen: DownloadProgress[] = [];
    const done = await downloadFile(url, file, { onProgress: (progress) => seen.push(progress) });
    expect(done).toEqual({ bytes: content.length, total: content.length, resumes: 0 });
    expect(readFileSync(file).equals(content)).toBe(true);
    expect(existsSync(partialFile(file))).toBe(false);
    expect(seen.at(-1)).toEqual({ bytes: content.length, total: content.length, resumes: 0 });
    expect(seen.every((progress) => progress.total === content.length)).toBe(true);
    expect(ranges).toEqual([undefined]);
  });

  it('picks a cut connection up where it stopped with a Range request', async () => {
    behaviour = { cutAfter: 100_000 };
    const file = join(folder, 'video.mp4');
    const done = await downloadFile(url, file, { retryDelayMs: 1 });
    expect(done.resumes).toBe(1);
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(ranges[1]!)![0])).toBeGreaterThan(0);
    expect(readFileSync(file).equals(content)).toBe(true);
  });

  it('resumes a .part file left by an earlier run, and a whole one only needs renaming', async () => {
    const file = join(folder, 'video.mp4');
    writeFileSync(partialFile(file), content.subarray(0, 1000));
    await downloadFile(url, file, { retryDelayMs: 1 });
    expect(ranges).toEqual(['bytes=1000-']);
    expect(readFileSync(file).equals(content)).toBe(true);

    const again = join(folder, 'again.mp4');
    writeFileSync(partialFile(again), content);
    ranges = [];
    expect(await downloadFile(url, again, { retryDelayMs: 1 })).toMatchObject({ bytes: content.length, total: content.length });
    expect(ranges).toEqual([`bytes=${content.length}-`]);
    expect(readFileSync(again).equals(content)).toBe(true);
  });

  it('a stop ends a stalled transfer at once with its reason, keeps the .part as it is and asks no more', async () => {
    behaviour = { stallAfter: 5000 };
    const file = join(folder, 'video.mp4');
    const stop = new AbortController();
    const seen: DownloadProgress[] = [];
    const running = downloadFile(url, file, { retryDelayMs: 1, signal: stop.signal, onProgress: (progress) => seen.push(progress) }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(seen.at(-1)?.bytes).toBe(5000));
    stop.abort(new Error('The streamer cancelled.'));
    expect(await running).toMatchObject({ message: 'The streamer cancelled.' });
    expect(readFileSync(partialFile(file)).equals(content.subarray(0, 5000))).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(ranges).toHaveLength(1);
  });

  it('starts over when the server ignores the range and sends the whole file', async () => {
    behaviour = { ignoreRanges: true };
    const file = join(folder, 'video.mp4');
    writeFileSync(partialFile(file), Buffer.from('stale bytes that must not stay at the front'));
    await downloadFile(url, file, { retryDelayMs: 1 });
    expect(readFileSync(file).equals(content)).toBe(true);
  });

  it('a refusal (410 expired) fails at once and leaves no finished-looking file', async () => {
    behaviour = { status: 410 };
    const file = join(folder, 'video.mp4');
    const failure = await downloadFile(url, file, { retryDelayMs: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FileDownloadError);
    expect(failure).toMatchObject({ status: 410 });
    expect(ranges).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('a transfer cut every time gives up after its attempts, keeping only the .part file', async () => {
    const file = join(folder, 'video.mp4');
    let calls = 0;
    const cutting: typeof fetch = async (input, init) => {
      calls++;
      behaviour = { cutAfter: 10 };
      return fetch(input, init);
    };
    const failure = await downloadFile(url, file, { retryDelayMs: 1, attempts: 3, fetch: cutting }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FileDownloadError);
    expect((failure as Error).message).toContain('tried 3 times');
    expect(calls).toBe(3);
    expect(existsSync(file)).toBe(false);
    const kept = readFileSync(partialFile(file));
    expect(kept.length).toBeLessThan(content.length);
    expect(kept.equals(content.subarray(0, kept.length))).toBe(true);
  });
});
