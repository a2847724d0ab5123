// The transport's rate-limit waits, against a real HTTP server on loopback that answers from a script, with
// the clock and the waiting injected (a wait moves the clock on instead of taking time): a 429 is waited
// out and asked again without using an attempt, a spent budget holds the next call to that endpoint back,
// long waits are told, and a call gives up only once it would wait more than 15 minutes in all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { PlatformError } from '../../../main/platform/platform-error.js';
import { MAX_RATE_LIMIT_WAIT_MS, RateLimitGate, type PlatformWait } from '../../../main/platform/rate-limit-gate.js';
import { fetchWithRetries, resolveTransport } from '../../../main/platform/retrying-fetch.js';

interface Scripted {
  readonly status: number;
  readonly headers?: Record<string, string>;
}

const T0 = Date.parse('2026-03-01T12:00:00Z');

let server: Server;
let apiUrl: string;
const script: Scripted[] = [];
/** Each request as it arrived: method, path and the virtual time then. */
const arrived: { method: string; path: string; at: number }[] = [];
let clock = T0;

beforeAll(async () => {
  server = createServer((request, response) => {
    arrived.push({ method: request.method ?? '', path: request.url ?? '', at: clock });
    request.resume();
    const next = script.shift() ?? { status: 500 };
    const body = next.status === 429 ? { error: 'too_many_requests', error_description: 'Slow down.' } : { ok: true };
    response.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  script.length = 0;
  arrived.length = 0;
  clock = T0;
});

const resetIn = (seconds: number) => String(Math.floor(clock / 1000) + seconds);
const limited = (remaining: number, resetSeconds: number): Record<string, string> => ({
  'X-RateLimit-Limit': '5',
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': resetIn(resetSeconds),
});

function harness(options: { attempts?: number; gate?: RateLimitGate } = {}) {
  const sleeps: number[] = [];
  const told: PlatformWait[] = [];
  let ended = 0;
  const caller = createPlatformCaller({
    apiUrl,
    tokens: { token: async () => null },
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    random: () => 0,
    retry: { attempts: options.attempts ?? 1, baseDelayMs: 10, maxDelayMs: 100 },
    ...(options.gate ? { rateLimits: options.gate } : {}),
    onWait: (wait) => {
      told.push(wait);
      return () => (ended += 1);
    },
  });
  const get = (path: string, endpoint = `GET ${path}`) => caller.call({ method: 'GET', path, endpoint, auth: 'none' }, z.unknown());
  const post = (path: string) => caller.call({ method: 'POST', path, endpoint: `POST ${path}`, auth: 'none', form: { a: 1 } }, z.unknown());
  return { caller, get, post, sleeps, told, ended: () => ended };
}

describe('a 429 too_many_requests', () => {
  it('is waited out for Retry-After, told, and asked again; it uses up no attempt, even for a POST', async () => {
    script.push({ status: 429, headers: { ...limited(0, 23), 'Retry-After': '23' } }, { status: 429, headers: { 'Retry-After': '3' } }, { status: 200, headers: limited(4, 10) });
    const { post, sleeps, told, ended } = harness({ attempts: 1 });
    const answer = await post('/videos.json');
    expect(answer.status).toBe(200);
    expect(arrived.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(sleeps).toEqual([23_000, 3000]);
    expect(told.map((wait) => [wait.seconds, wait.cause])).toEqual([
      [23, '429'],
      [3, '429'],
    ]);
    expect(told[0]!.message).toBe('The platform asks us to wait 23 s (POST /videos.json).');
    expect(told[0]!.until).toBe(T0 + 23_000);
    expect(ended()).toBe(2);
  });

  it('without Retry-After waits until X-RateLimit-Reset, and at least a second when that is past or missing', async () => {
    script.push({ status: 429, headers: limited(0, 7) }, { status: 429, headers: { 'X-RateLimit-Reset': resetIn(-5) } }, { status: 429 }, { status: 200 });
    const { get, sleeps, told } = harness();
    await get('/channels.json');
    expect(sleeps).toEqual([7000, 1000, 1000]);
    // Waits under 2 s happen without a word.
    expect(told.map((wait) => wait.seconds)).toEqual([7]);
  });

  it('fails in a sentence once the call would wait more than 15 minutes in all', async () => {
    for (let answer = 0; answer < 3; answer++) script.push({ status: 429, headers: { 'Retry-After': '400' } });
    const { get, sleeps } = harness();
    const failure = await get('/channels.json').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).status).toBe(429);
    expect((failure as PlatformError).message).toBe(
      "GET /channels.json answered 429 (too_many_requests: Slow down.): the platform's rate limit would have kept this call waiting more than 15 minutes in all; try again later.",
    );
    expect(sleeps).toEqual([400_000, 400_000]);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(MAX_RATE_LIMIT_WAIT_MS);
  });
});

describe('a spent budget (X-RateLimit-Remaining: 0)', () => {
  it('holds the next call to that endpoint back until the reset, before it is sent; other endpoints go at once', async () => {
    script.push({ status: 200, headers: limited(0, 12) }, { status: 200, headers: limited(4, 10) }, { status: 200, headers: limited(4, 10) });
    const { get, sleeps, told } = harness();
    await get('/channels/1.json', 'GET /channels/<id>.json');
    await get('/labels.json');
    expect(sleeps).toEqual([]);
    await get('/channels/2.json', 'GET /channels/<id>.json');
    expect(sleeps).toEqual([12_000]);
    expect(told).toMatchObject([{ endpoint: 'GET /channels/<id>.json', seconds: 12, cause: 'budget' }]);
    // Sent only once the wait was over.
    expect(arrived.map((request) => [request.path, request.at - T0])).toEqual([
      ['/channels/1.json', 0],
      ['/labels.json', 0],
      ['/channels/2.json', 12_000],
    ]);
  });

  it('is kept per caller, or shared between callers given one gate', async () => {
    const gate = new RateLimitGate();
    script.push({ status: 200, headers: limited(0, 5) }, { status: 200 }, { status: 200 });
    const first = harness({ gate });
    await first.get('/channels.json');
    const stranger = harness();
    await stranger.get('/channels.json');
    expect(stranger.sleeps).toEqual([]);
    const sibling = harness({ gate });
    await sibling.get('/channels.json');
    expect(sibling.sleeps).toEqual([5000]);
  });

  it('waits for nothing when budget remains, when the reset is past, or when the headers are absent or unreadable', async () => {
    script.push(
      { status: 200, headers: limited(3, 10) },
      { status: 200 },
      { status: 200, headers: { ...limited(0, 0), 'X-RateLimit-Reset': resetIn(-1) } },
      { status: 200, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': 'soon' } },
      { status: 200 },
    );
    const { get, sleeps } = harness();
    for (let call = 0; call < 5; call++) await get('/channels.json');
    expect(sleeps).toEqual([]);
  });

  it('is left to the platform when the reset is further off than the wait allowed: the call goes, and its 429 is the answer', async () => {
    script.push({ status: 200, headers: limited(0, 3600) }, { status: 429, headers: { ...limited(0, 3600), 'Retry-After': '3600' } });
    const { get, sleeps } = harness();
    await get('/channels.json');
    await expect(get('/channels.json')).rejects.toMatchObject({ status: 429 });
    expect(sleeps).toEqual([]);
  });
});

describe('the shared transport (the token endpoint uses it too)', () => {
  it('keys an exchange without a spec row by its method and path', async () => {
    script.push({ status: 429, headers: { 'Retry-After': '2' } }, { status: 200 });
    const told: PlatformWait[] = [];
    const transport = resolveTransport({ now: () => clock, sleep: async (ms) => void (clock += ms), onWait: (wait) => void told.push(wait) });
    const fetched = await fetchWithRetries(transport, {
      url: `${apiUrl}/oauth2/token`,
      init: () => ({ method: 'POST', body: 'grant_type=password' }),
      method: 'POST',
      logPath: '/oauth2/token',
      retryOnServiceUnavailable: true,
      retryOnNetworkError: false,
    });
    expect(fetched.status).toBe(200);
    expect(told.map((wait) => wait.message)).toEqual(['The platform asks us to wait 2 s (POST /oauth2/token).']);
  });
});
