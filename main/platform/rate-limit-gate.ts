// The platform's rate limits as the transport honours them (docs/platform-api/current.md, "Rate limits"):
// an answer saying `X-RateLimit-Remaining: 0` holds back the next call to that endpoint until its
// `X-RateLimit-Reset`; a 429 says how long to wait (Retry-After, else the reset). One gate per platform
// caller, keyed by endpoint (the spec row, `GET /channels/<channel_id>.<format>`).

/** No wait, however many 429s it takes, makes one call wait longer than this in all; then its 429 is the answer. */
export const MAX_RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** Waits this long or longer are told (the status area, the CLI); shorter ones only happen. */
export const TOLD_WAIT_MS = 2000;
/** A 429 that names no time (or a time already past) is asked again after this. */
const FLOOR_WAIT_MS = 1000;

/** A wait the platform asked for, as the app tells it. */
export interface PlatformWait {
  /** The endpoint held back: the spec row. */
  readonly endpoint: string;
  /** Whole seconds, rounded up. */
  readonly seconds: number;
  /** When the wait ends, in milliseconds since the epoch. */
  readonly until: number;
  /** `429` after a 429 too_many_requests; `budget` when the last answer said no calls remain until the reset. */
  readonly cause: '429' | 'budget';
  /** "The platform asks us to wait 23 s (GET /channels/<channel_id>.<format>)." */
  readonly message: string;
}

export class RateLimitGate {
  /** Endpoint to the reset (ms since the epoch) of a budget an answer said was spent. */
  readonly #spentUntil = new Map<string, number>();

  /** Milliseconds the next call to `endpoint` must wait before it is sent; 0 when it may go now. */
  delayMs(endpoint: string, nowMs: number): number {
    const until = this.#spentUntil.get(endpoint);
    if (until === undefined) return 0;
    if (until <= nowMs) {
      this.#spentUntil.delete(endpoint);
      return 0;
    }
    return until - nowMs;
  }

  /** Reads an answer's X-RateLimit-* headers: a budget of 0 holds the endpoint back until its reset. */
  observe(endpoint: string, headers: Headers, nowMs: number): void {
    const remaining = wholeNumber(headers.get('x-ratelimit-remaining'));
    const reset = wholeNumber(headers.get('x-ratelimit-reset'));
    if (remaining === 0 && reset !== null && reset * 1000 > nowMs) this.#spentUntil.set(endpoint, reset * 1000);
    else if (remaining !== null && remaining > 0) this.#spentUntil.delete(endpoint);
  }
}

/**
 * How long a 429 asks to wait: Retry-After (seconds or a date) when given, else until X-RateLimit-Reset;
 * at least a second, so a 429 that names no time is not asked again at once.
 */
export function tooManyRequestsWaitMs(headers: Headers, nowMs: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) return Math.max(FLOOR_WAIT_MS, retryAfterMs);
  const reset = wholeNumber(headers.get('x-ratelimit-reset'));
  return Math.max(FLOOR_WAIT_MS, reset === null ? 0 : reset * 1000 - nowMs);
}

export function platformWait(endpoint: string, waitMs: number, nowMs: number, cause: PlatformWait['cause']): PlatformWait {
  const seconds = Math.ceil(waitMs / 1000);
  return { endpoint, seconds, until: nowMs + waitMs, cause, message: `The platform asks us to wait ${seconds} s (${endpoint}).` };
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : null;
}
