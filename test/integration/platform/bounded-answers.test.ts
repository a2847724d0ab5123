// A platform answer larger than the app reads is given up as it streams in, worded, and never retried: a real
// HTTP server that streams without end (or announces 1.2 GB) stands in for a broken or hostile platform. The
// server counts what it managed to write, which shows the reading stopped near the limit.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { PlatformError } from '../../../main/platform/platform-error.js';
import { DEFAULT_MAX_ANSWER_BYTES } from '../../../main/platform/retrying-fetch.js';

const MiB = 1024 * 1024;
/** The server gives up writing after this much, so a client that never stops reading still ends the test. */
const SERVER_CEILING = 256 * MiB;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

interface Flood {
  readonly url: string;
  /** Requests seen, and bytes written for the last one once its connection closed. */
  readonly requests: () => number;
  readonly closed: () => Promise<number>;
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** Answers every request with `answer`, counting the bytes written until the client goes away. */
async function floodServer(answer: (response: ServerResponse, count: (bytes: number) => void) => void): Promise<Flood> {
  let requests = 0;
  let written = 0;
  let resolveClosed: (bytes: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  server = createServer((_request, response) => {
    requests += 1;
    written = 0;
    response.once('close', () => resolveClosed(written));
    answer(response, (bytes) => (written += bytes));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, closed: () => closed };
}

/** JSON-looking bytes without end (up to the ceiling), written as fast as the client takes them. */
function endless(response: ServerResponse, count: (bytes: number) => void): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"channels":"');
  const pump = () => {
    let total = 0;
    while (!response.destroyed) {
      total += CHUNK.length;
      count(CHUNK.length);
      if (total > SERVER_CEILING) return response.end('"}');
      if (!response.write(CHUNK)) return response.once('drain', pump);
    }
  };
  pump();
}

function caller(apiUrl: string, maxAnswerBytes?: number) {
  return createPlatformCaller({ apiUrl, tokens: { token: async () => null }, maxAnswerBytes, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
}

const anything = z.unknown();

describe('an answer too large to read', () => {
  it('is given up as it streams in, worded, and not asked for again', async () => {
    const flood = await floodServer(endless);
    const error = await caller(flood.url, 1 * MiB)
      .call({ method: 'GET', path: '/users/self/channels.json', endpoint: 'GET /users/self/channels.<format>', auth: 'none' }, anything)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 0, error: 'answer_too_large' });
    expect((error as Error).message).toMatch(/^The platform's answer was too large \(127\.0\.0\.1:\d+ sent more than 1 MB for GET \/users\/self\/channels\.<format>\), so it was not read: /);
    // The reader stopped near the limit: what the server got out is the limit plus the sockets' buffers.
    expect(await flood.closed()).toBeLessThan(32 * MiB);
    expect(flood.requests()).toBe(1);
  });

  it('is refused at once when Content-Length announces it', async () => {
    const flood = await floodServer((response, count) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(1200 * MiB) });
      count(CHUNK.length);
      response.write(CHUNK);
    });
    const error = await caller(flood.url)
      .call({ method: 'GET', path: '/videos/1.json', endpoint: 'GET /videos/<video_id>.<format>', auth: 'none' }, anything)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ error: 'answer_too_large' });
    expect((error as Error).message).toContain(`more than ${DEFAULT_MAX_ANSWER_BYTES / MiB} MB`);
    expect(await flood.closed()).toBe(CHUNK.length);
  });

  it('the default limit lets a large but sane answer through', async () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({ id: String(index), title: `Video ${index}`.padEnd(200, '.') }));
    const flood = await floodServer((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ videos: items }));
    });
    const answer = await caller(flood.url).call({ method: 'GET', path: '/videos.json', endpoint: 'GET /videos', auth: 'none' }, z.object({ videos: z.array(z.object({ id: z.string() })) }));
    expect(answer.body.videos).toHaveLength(20_000);
  });
});
