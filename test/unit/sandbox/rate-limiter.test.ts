// The sandbox's rate limiter with its clock injected: fixed windows per caller and endpoint, the headers
// of each answer, the 429 past the budget (not counted), a new budget resetting every count, and who a
// caller is (the token presented, else the address).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../sandbox/http/api-error.js';
import { callerKey, DEFAULT_RATE_LIMIT, RateLimiter } from '../../../sandbox/http/rate-limiter.js';

const T0 = Date.parse('2026-03-01T12:00:00.400Z');

function limiter(limit = 2, windowSeconds = 10) {
  let now = T0;
  const rates = new RateLimiter({ limit, windowSeconds }, () => now);
  return { rates, advance: (ms: number) => (now += ms) };
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a 429');
}

describe('RateLimiter', () => {
  it('counts down per caller and endpoint, the reset the window end rounded up to a second', () => {
    const { rates } = limiter();
    const reset = String(Math.ceil((T0 + 10_000) / 1000));
    expect(rates.take('token:a', 'GET /x')).toEqual({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': reset });
    expect(rates.take('token:a', 'GET /x')['X-RateLimit-Remaining']).toBe('0');
    expect(rates.take('token:b', 'GET /x')['X-RateLimit-Remaining']).toBe('1');
    expect(rates.take('token:a', 'PUT /x')['X-RateLimit-Remaining']).toBe('1');
  });

  it('answers 429 too_many_requests past the budget with the headers, Retry-After and the time, without counting it', () => {
    const { rates, advance } = limiter();
    rates.take('token:a', 'GET /x');
    rates.take('token:a', 'GET /x');
    advance(3000);
    const refused = refusal(() => rates.take('token:a', 'GET /x'));
    expect(refused.status).toBe(429);
    expect(refused.error).toBe('too_many_requests');
    expect(refused.headers).toEqual({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1772366411', 'Retry-After': '8' });
    expect(refused.description).toBe("GET /x takes 2 calls per 10 s and this window's are spent: call again after 2026-03-01T12:00:11.000Z (in 8 s).");
    advance(7000);
    expect(rates.take('token:a', 'GET /x')['X-RateLimit-Remaining']).toBe('1');
  });

  it('starts every count again with a new budget, and refuses a budget out of range', () => {
    const { rates } = limiter(1);
    rates.take('token:a', 'GET /x');
    expect(() => rates.take('token:a', 'GET /x')).toThrow(ApiError);
    rates.setBudget({ limit: 3, windowSeconds: 5 });
    expect(rates.take('token:a', 'GET /x')).toMatchObject({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2' });
    expect(() => rates.setBudget({ limit: 0, windowSeconds: 5 })).toThrow('The rate limit must be a whole number of calls from 1 to 1000000 (got 0).');
    expect(() => rates.setBudget({ limit: 5, windowSeconds: 1.5 })).toThrow("The rate limit's window must be a whole number of seconds from 1 to 3600 (got 1.5).");
    expect(rates.budget).toEqual({ limit: 3, windowSeconds: 5 });
  });

  it('limits every route but the operator calls; the default is generous', () => {
    const rates = new RateLimiter();
    expect(rates.budget).toEqual(DEFAULT_RATE_LIMIT);
    expect(rates.limits('/channels/:channel_id.:format')).toBe(true);
    expect(rates.limits('/_sandbox/rate-limit')).toBe(false);
  });
});

describe('callerKey', () => {
  it('is the bearer token, the MAC id, else the address', () => {
    expect(callerKey('Bearer abc', '127.0.0.1')).toBe('token:abc');
    expect(callerKey('MAC id="t1", nonce="1:x", mac="m"', '127.0.0.1')).toBe('token:t1');
    expect(callerKey('Basic xyz', '127.0.0.1')).toBe('address:127.0.0.1');
    expect(callerKey(undefined, '::1')).toBe('address:::1');
  });
});
