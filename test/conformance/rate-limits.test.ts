// Part C, "Rate limits": every limited endpoint's answer carries X-RateLimit-Limit, -Remaining and -Reset
// (Unix seconds); past the budget, 429 too_many_requests with the same headers. This file's sandbox is its
// own (one per test file, sandbox-fixture.ts), started with a tight budget: 5 calls per 10 s per caller and
// endpoint; the operator call under /_sandbox/ changes it while it runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_ROW } from './current-spec-rows.js';
import { covers } from './coverage.js';
import { describeResult, expectError, expectStatus, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearer, signInNative } from './current-oauth-client.js';
import { bearerToken, macToken } from './oauth-client.js';
import { channelId, MISSING_ID, nowSeconds, useSandbox } from './sandbox-fixture.js';

const LIMIT = 5;
const WINDOW_SECONDS = 10;

interface RateHeaders {
  readonly limit: number;
  readonly remaining: number;
  readonly reset: number;
}

function rateHeaders(result: HttpResult): RateHeaders {
  const read = (name: string): number => {
    const value = result.headers.get(name);
    expect(value, `${name}: ${describeResult(result)}`).toMatch(/^\d+$/);
    return Number(value);
  };
  return { limit: read('x-ratelimit-limit'), remaining: read('x-ratelimit-remaining'), reset: read('x-ratelimit-reset') };
}

describe('rate limits', () => {
  const handle = useSandbox({ rateLimit: { limit: LIMIT, windowSeconds: WINDOW_SECONDS } });
  let demo: AccessToken;
  let demoMac: AccessToken;
  let rival: AccessToken;
  const channelUrl = () => handle.api(`/channels/${channelId(handle.sandbox, 'Demo Live')}.json`);
  const operator = (method: string, form?: Record<string, string>) =>
    request(method, handle.api('/_sandbox/rate-limit'), { headers: { authorization: `Bearer ${handle.sandbox.adminKey}` }, ...(form ? { form } : {}) });

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    demoMac = await macToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  it('counts down the budget of each caller and endpoint, with the same reset for the whole window, errors included', async () => {
    covers(RATE_LIMIT_ROW, 'success');
    const before = nowSeconds();
    const seen: RateHeaders[] = [];
    for (let call = 0; call < 3; call++) {
      const result = await request('GET', channelUrl(), { token: demo });
      expectStatus(result, 200);
      seen.push(rateHeaders(result));
    }
    expect(seen.map((headers) => headers.limit)).toEqual([LIMIT, LIMIT, LIMIT]);
    expect(seen.map((headers) => headers.remaining)).toEqual([LIMIT - 1, LIMIT - 2, LIMIT - 3]);
    expect(new Set(seen.map((headers) => headers.reset)).size).toBe(1);
    expect(seen[0]!.reset).toBeGreaterThan(before);
    expect(seen[0]!.reset).toBeLessThanOrEqual(nowSeconds() + WINDOW_SECONDS + 1);

    // An error answer of the same endpoint counts and carries the headers too.
    const missing = await request('GET', handle.api(`/channels/${MISSING_ID}.json`), { token: demo });
    expectError(missing, 404, 'not_found');
    expect(rateHeaders(missing)).toEqual({ limit: LIMIT, remaining: LIMIT - 4, reset: seen[0]!.reset });

    // Another endpoint, and another caller (another user, or the same user's MAC token), count apart.
    const list = await request('GET', handle.api('/users/self/channels.json'), { token: demo });
    expectStatus(list, 200);
    expect(rateHeaders(list).remaining).toBe(LIMIT - 1);
    const rivals = await request('GET', channelUrl(), { token: rival });
    expectStatus(rivals, 200);
    expect(rateHeaders(rivals).remaining).toBe(LIMIT - 1);
    const signed = await request('GET', channelUrl(), { token: demoMac });
    expectStatus(signed, 200);
    expect(rateHeaders(signed).remaining).toBe(LIMIT - 1);
  });

  it('answers 429 too_many_requests past the budget, with the same headers, Retry-After and a sentence saying when', async () => {
    covers(RATE_LIMIT_ROW, '429 too_many_requests');
    const url = handle.api('/users/self/labels.json');
    let last: HttpResult | null = null;
    for (let call = 0; call < LIMIT; call++) {
      last = await request('GET', url, { token: rival });
      expectStatus(last, 200);
    }
    const spent = rateHeaders(last!);
    expect(spent.remaining).toBe(0);
    const refused = await request('GET', url, { token: rival });
    expectError(refused, 429, 'too_many_requests');
    expect(rateHeaders(refused)).toEqual({ limit: LIMIT, remaining: 0, reset: spent.reset });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS + 1);
    expect(refused.text).toContain(new Date(spent.reset * 1000).toISOString());
  });

  it("limits a token of today's platform (a native client's, signed in with code + PKCE) alike", async () => {
    covers(RATE_LIMIT_ROW, 'success');
    covers(RATE_LIMIT_ROW, '429 too_many_requests');
    const today = bearer((await signInNative(handle.sandbox)).accessToken);
    const url = handle.api('/users/self/channels.json');
    const remaining: number[] = [];
    for (let call = 0; call < LIMIT; call++) {
      const result = await request('GET', url, { token: today });
      expectStatus(result, 200);
      remaining.push(rateHeaders(result).remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await request('GET', url, { token: today });
    expectError(refused, 429, 'too_many_requests');
    expect(rateHeaders(refused).remaining).toBe(0);
  });

  it('lets the operator change the budget, which starts every count again; a new window brings a new budget', async () => {
    expectStatus(await request('PUT', handle.api('/_sandbox/rate-limit'), { form: { limit: '2', window: '1' } }), 401);
    expectError(await operator('PUT', { limit: '0', window: '1' }), 400, 'bad_request');
    expectError(await operator('PUT', { limit: '2', window: 'soon' }), 400, 'bad_request');
    expectStatus(await operator('PUT', { limit: '2', window: '1' }), 204);
    const budget = await operator('GET');
    expectStatus(budget, 200);
    expect(budget.json).toEqual({ limit: 2, window: 1 });
    // The operator's calls are not limited themselves.
    expect(budget.headers.get('x-ratelimit-limit')).toBeNull();

    const url = handle.api('/users/self/labels.json');
    expectStatus(await request('GET', url, { token: rival }), 200);
    const second = await request('GET', url, { token: rival });
    expect(rateHeaders(second)).toMatchObject({ limit: 2, remaining: 0 });
    expectError(await request('GET', url, { token: rival }), 429, 'too_many_requests');
    // Wait for the reset the headers announce (at most a window and a second), then the budget is back.
    const waitMs = rateHeaders(second).reset * 1000 - Date.now();
    expect(waitMs).toBeLessThanOrEqual(2000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, waitMs) + 50));
    const renewed = await request('GET', url, { token: rival });
    expectStatus(renewed, 200);
    expect(rateHeaders(renewed)).toMatchObject({ limit: 2, remaining: 1 });
    expectStatus(await operator('PUT', { limit: String(LIMIT), window: String(WINDOW_SECONDS) }), 204);
  });

  it('does not limit the token endpoint (sign-in never waits behind a budget)', async () => {
    for (let call = 0; call < LIMIT + 1; call++) await bearerToken(handle.sandbox);
  });
});
