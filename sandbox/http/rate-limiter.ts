// The API's rate limits (docs/platform-api/current.md, "Rate limits"; choices in docs/sandbox.md): a budget
// of calls per fixed window, counted per caller (the access token presented, else the caller's address) and
// per endpoint (method + route pattern). Every API route is limited except the operator's under /_sandbox/.
// Counters live in memory only: a restart starts every window afresh.
import { parseMacHeader } from '../auth/mac-verifier.js';
import { ApiError } from './api-error.js';

export interface RateLimitBudget {
  /** Calls allowed per window, per caller and endpoint. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Generous enough that nothing but a test that tightens it ever meets it. */
export const DEFAULT_RATE_LIMIT: RateLimitBudget = { limit: 1000, windowSeconds: 10 };
export const MAX_RATE_LIMIT = 1_000_000;
export const MAX_RATE_WINDOW_SECONDS = 3600;

/** Above this many counters, those whose window is over are dropped. */
const PRUNE_ABOVE = 10_000;

interface Window {
  readonly endsAt: number;
  used: number;
}

export class RateLimiter {
  #budget: RateLimitBudget;
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;

  constructor(budget: RateLimitBudget = DEFAULT_RATE_LIMIT, now: () => number = Date.now) {
    this.#budget = checkedBudget(budget);
    this.#now = now;
  }

  get budget(): RateLimitBudget {
    return this.#budget;
  }

  /** A new budget; every counter starts again. */
  setBudget(budget: RateLimitBudget): void {
    this.#budget = checkedBudget(budget);
    this.#windows.clear();
  }

  /** Whether calls to a route count: every API route but the operator's. */
  limits(pattern: string): boolean {
    return !pattern.startsWith('/_sandbox/');
  }

  /**
   * Counts one call of `caller` to `endpoint` (`METHOD pattern`) and returns the headers its answer carries;
   * throws 429 too_many_requests, with the same headers and Retry-After, once the window's budget is spent.
   */
  take(caller: string, endpoint: string): Record<string, string> {
    const now = this.#now();
    const key = `${caller}\n${endpoint}`;
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.#windows.size >= PRUNE_ABOVE) this.#prune(now);
      window = { endsAt: now + this.#budget.windowSeconds * 1000, used: 0 };
      this.#windows.set(key, window);
    }
    const { limit } = this.#budget;
    const resetSeconds = Math.ceil(window.endsAt / 1000);
    const headers = (remaining: number): Record<string, string> => ({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(resetSeconds),
    });
    if (window.used >= limit) {
      const waitSeconds = Math.max(1, resetSeconds - Math.floor(now / 1000));
      throw new ApiError(
        429,
        'too_many_requests',
        `${endpoint} takes ${limit} calls per ${this.#budget.windowSeconds} s and this window's are spent: call again after ${new Date(resetSeconds * 1000).toISOString()} (in ${waitSeconds} s).`,
        { ...headers(0), 'Retry-After': String(waitSeconds) },
      );
    }
    window.used += 1;
    return headers(limit - window.used);
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}

/** Who is calling, for counting: the token the request presents (bearer or MAC id), else its address. */
export function callerKey(authorization: string | undefined, address: string | undefined): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (bearer) return `token:${bearer[1]}`;
  const mac = authorization === undefined ? null : parseMacHeader(authorization);
  if (mac) return `token:${mac.id}`;
  return `address:${address ?? 'unknown'}`;
}

function checkedBudget(budget: RateLimitBudget): RateLimitBudget {
  const { limit, windowSeconds } = budget;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) throw new RangeError(`The rate limit must be a whole number of calls from 1 to ${MAX_RATE_LIMIT} (got ${limit}).`);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_RATE_WINDOW_SECONDS) {
    throw new RangeError(`The rate limit's window must be a whole number of seconds from 1 to ${MAX_RATE_WINDOW_SECONDS} (got ${windowSeconds}).`);
  }
  return { limit, windowSeconds };
}
