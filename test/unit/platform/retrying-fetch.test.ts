// The retry policy's arithmetic and the retry loop, with the clock, the waits and the dice injected.
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../../main/platform/platform-error.js';
import { fetchWithRetries, resolveTransport, retryAfterMs, retryDelayMs, unreachable, type Exchange } from '../../../main/platform/retrying-fetch.js';
import { connectionRefused, fakeFetch, json, recordingSleep } from './fake-fetch.js';

const POLICY = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retryDelayMs', () => {
  it('doubles from the base, between half and all of the step', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, POLICY, 0))).toEqual([50, 100, 200, 400]);
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, POLICY, 0.999999))).toEqual([100, 200, 400, 800]);
    expect(retryDelayMs(2, POLICY, 0.5)).toBe(150);
  });

  it('never waits longer than the cap', () => {
    expect(retryDelayMs(5, POLICY, 0.999999)).toBe(1000);
    expect(retryDelayMs(30, POLICY, 0)).toBe(500);
  });

  it("takes the server's Retry-After instead, within the cap", () => {
    expect(retryDelayMs(1, POLICY, 0.7, 300)).toBe(300);
    expect(retryDelayMs(1, POLICY, 0.7, 0)).toBe(0);
    expect(retryDelayMs(1, POLICY, 0.7, 120_000)).toBe(1000);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});

describe('fetchWithRetries', () => {
  const exchange = (retry: boolean): Exchange => ({
    url: 'http://127.0.0.1:9/users/self.json?secret=x',
    init: () => ({ method: 'GET' }),
    method: 'GET',
    logPath: '/users/self.json',
    retryOnServiceUnavailable: retry,
    retryOnNetworkError: retry,
  });

  it('retries 503s and network errors with growing waits, then returns the answer', async () => {
    const { fetch, sent } = fakeFetch(json(503, { error: 'server_error' }), connectionRefused(), json(503, {}), json(200, { ok: true }));
    const { sleep, waits } = recordingSleep();
    const lines: string[] = [];
    const fetched = await fetchWithRetries(resolveTransport({ fetch, sleep, random: () => 0, retry: POLICY, onRequest: (line) => lines.push(line) }), exchange(true));
    expect(fetched.status).toBe(200);
    expect(JSON.parse(fetched.text)).toEqual({ ok: true });
    expect(sent).toHaveLength(4);
    expect(waits).toEqual([50, 100, 200]);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^GET \/users\/self\.json failed \(connection refused\) \d+ms$/);
    expect(lines[3]).toMatch(/^GET \/users\/self\.json 200 \d+ms$/);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('honours Retry-After on a 503', async () => {
    const { fetch } = fakeFetch(json(503, {}, { 'Retry-After': '1' }), json(200, {}));
    const { sleep, waits } = recordingSleep();
    await fetchWithRetries(resolveTransport({ fetch, sleep, random: () => 0, retry: { ...POLICY, maxDelayMs: 5000 } }), exchange(true));
    expect(waits).toEqual([1000]);
  });

  it('returns the last 503 once the attempts are spent', async () => {
    const { fetch, sent } = fakeFetch(json(503, {}), json(503, {}), json(503, { error: 'server_error' }));
    const { sleep, waits } = recordingSleep();
    const fetched = await fetchWithRetries(resolveTransport({ fetch, sleep, random: () => 0, retry: { ...POLICY, attempts: 3 } }), exchange(true));
    expect(fetched.status).toBe(503);
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('throws the last network error once the attempts are spent', async () => {
    const { fetch, sent } = fakeFetch(connectionRefused(), connectionRefused());
    const { sleep } = recordingSleep();
    await expect(fetchWithRetries(resolveTransport({ fetch, sleep, retry: { ...POLICY, attempts: 2 } }), exchange(true))).rejects.toThrow('fetch failed');
    expect(sent).toHaveLength(2);
  });

  it('tries once when retrying is not safe', async () => {
    const { fetch, sent } = fakeFetch(json(503, {}));
    const { sleep, waits } = recordingSleep();
    expect((await fetchWithRetries(resolveTransport({ fetch, sleep, retry: POLICY }), exchange(false))).status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
    const refused = fakeFetch(connectionRefused());
    await expect(fetchWithRetries(resolveTransport({ fetch: refused.fetch, sleep, retry: POLICY }), exchange(false))).rejects.toThrow();
    expect(refused.sent).toHaveLength(1);
  });

  it('builds the request anew for every attempt and gives each its own timeout', async () => {
    let built = 0;
    const { fetch, sent } = fakeFetch(json(503, {}), json(200, {}));
    await fetchWithRetries(resolveTransport({ fetch, sleep: recordingSleep().sleep, retry: POLICY, timeoutMs: 1234 }), {
      ...exchange(true),
      init: () => ({ method: 'GET', headers: { 'X-Attempt': String(++built) } }),
    });
    expect(sent.map((request) => request.headers.get('x-attempt'))).toEqual(['1', '2']);
    expect(sent[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(sent[0]!.signal).not.toBe(sent[1]!.signal);
  });

  it('counts running out of time as a network error, and retries it', async () => {
    const hanging = (request: { signal: AbortSignal | null }): Promise<Response> =>
      new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(request.signal?.reason as Error)));
    const { fetch, sent } = fakeFetch(hanging, json(200, {}));
    const lines: string[] = [];
    const fetched = await fetchWithRetries(resolveTransport({ fetch, sleep: recordingSleep().sleep, retry: POLICY, timeoutMs: 20, onRequest: (line) => lines.push(line) }), exchange(true));
    expect(fetched.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(lines[0]).toMatch(/failed \(no answer within 0\.02 s\)/);
  });
});

describe('unreachable', () => {
  it('names the host, not the path or query, and keeps the cause', () => {
    const cause = connectionRefused();
    const error = unreachable('GET /users/self.json', 'http://127.0.0.1:9/users/self.json?token=abc', cause, 30_000);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 0, error: 'unreachable', endpoint: 'GET /users/self.json', cause });
    expect(error.message).toMatch(/^Could not reach 127\.0\.0\.1:9 \(connection refused\): check/);
    expect(error.message).not.toContain('token');
  });
});
