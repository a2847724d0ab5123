// One HTTP exchange with the platform, retried when that is safe: a per-attempt timeout, capped and
// jittered exponential backoff, and the server's Retry-After honoured (within the cap). Shared by the API
// caller and the token endpoint, which differ in what they may retry. The platform's rate limits are
// honoured on top (rate-limit-gate.ts): a 429 is waited out and asked again without using up an attempt,
// and a spent budget holds the next call back until its reset, within MAX_RATE_LIMIT_WAIT_MS per call.
import { PlatformError } from './platform-error.js';
import { MAX_RATE_LIMIT_WAIT_MS, platformWait, RateLimitGate, TOLD_WAIT_MS, tooManyRequestsWaitMs, type PlatformWait } from './rate-limit-gate.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /** No wait is longer, not even one the server asks for with Retry-After. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 10_000 };
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest answer read: the spec's answers are pages of JSON (a few hundred KB at most); anything far larger
 * is a broken or hostile server, and reading it whole would take the app's memory with it.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** The answer was larger than the transport reads; it was not read further. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  constructor(readonly limit: number) {
    super(`the answer was larger than ${Math.round(limit / (1024 * 1024))} MB`);
  }
}

/** What the transport needs from the world; tests replace the clock, the waiting, the dice and the network. */
export interface TransportOptions {
  readonly fetch?: typeof fetch;
  readonly retry?: RetryPolicy;
  /** Per attempt, the answer's body included; running out counts as a network error. */
  readonly timeoutMs?: number;
  /** Milliseconds since the epoch, as Date.now. */
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** In [0, 1), as Math.random: the backoff's jitter. */
  readonly random?: () => number;
  /** One line per attempt: method, path (never the query), status, milliseconds. */
  readonly onRequest?: (line: string) => void;
  /** Bytes of an answer's body read at most; a larger answer fails with AnswerTooLargeError. */
  readonly maxAnswerBytes?: number;
  /** What the rate limits' answers said, per endpoint; share one between the calls to one platform (a new one when absent). */
  readonly rateLimits?: RateLimitGate;
  /** Told of each rate-limit wait of TOLD_WAIT_MS or more as it starts; what it returns is called when the wait ends. */
  readonly onWait?: (wait: PlatformWait) => (() => void) | void;
  /** The most one call waits for the rate limits in all (default 15 min); past it, the 429 is the answer. */
  readonly maxRateLimitWaitMs?: number;
}

export type Transport = Required<TransportOptions>;

export function resolveTransport(options: TransportOptions): Transport {
  return {
    fetch: options.fetch ?? globalThis.fetch,
    retry: options.retry ?? DEFAULT_RETRY,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    onRequest: options.onRequest ?? (() => undefined),
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    rateLimits: options.rateLimits ?? new RateLimitGate(),
    onWait: options.onWait ?? (() => undefined),
    maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? MAX_RATE_LIMIT_WAIT_MS,
  };
}

/** Milliseconds to wait before retry number `retry` (1 for the first); `askedMs` is the server's Retry-After. */
export function retryDelayMs(retry: number, policy: RetryPolicy, random: number, askedMs: number | null = null): number {
  if (askedMs !== null) return Math.min(askedMs, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  // Half fixed, half random: clients that failed together spread out, and none retries at once.
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // All three HTTP date formats start with the day's name; Date.parse alone would read "-5" as a year.
  const date = /^[A-Za-z]/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export interface Fetched {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface Exchange {
  readonly url: string;
  /** Built per attempt, so each carries a fresh signature. */
  readonly init: () => RequestInit;
  /** Written in the log line; the URL's query never is. */
  readonly method: string;
  readonly logPath: string;
  readonly retryOnServiceUnavailable: boolean;
  readonly retryOnNetworkError: boolean;
  /** What the rate limits count by: the spec row (`GET /channels/<channel_id>.<format>`); method and path when absent. */
  readonly limitKey?: string;
}

/**
 * The last answer: a 503 once the retries are spent, a 429 once the rate limits would have the call wait
 * longer than maxRateLimitWaitMs in all; throws the last network error.
 */
export async function fetchWithRetries(transport: Transport, exchange: Exchange): Promise<Fetched> {
  const { attempts } = transport.retry;
  const endpoint = exchange.limitKey ?? `${exchange.method} ${exchange.logPath}`;
  let waitedMs = 0;
  const waitFor = async (ms: number, cause: PlatformWait['cause']): Promise<void> => {
    waitedMs += ms;
    transport.onRequest(`${exchange.method} ${exchange.logPath} waits ${Math.ceil(ms / 1000)} s for the rate limit (${cause === '429' ? '429 too_many_requests' : 'no calls left until the reset'})`);
    const done = ms >= TOLD_WAIT_MS ? transport.onWait(platformWait(endpoint, ms, transport.now(), cause)) : undefined;
    try {
      await transport.sleep(ms);
    } finally {
      done?.();
    }
  };
  for (let attempt = 1; ; attempt++) {
    // A spent budget holds the call back until its reset; one reset too far off is left to the platform's 429.
    const heldBackMs = transport.rateLimits.delayMs(endpoint, transport.now());
    if (heldBackMs > 0 && waitedMs + heldBackMs <= transport.maxRateLimitWaitMs) await waitFor(heldBackMs, 'budget');
    const init = exchange.init();
    const started = transport.now();
    let fetched: Fetched;
    try {
      const response = await transport.fetch(exchange.url, { ...init, signal: AbortSignal.timeout(transport.timeoutMs) });
      fetched = { status: response.status, headers: response.headers, text: await boundedText(response, transport.maxAnswerBytes) };
    } catch (error) {
      // Asking again would bring the same flood.
      if (error instanceof AnswerTooLargeError) throw error;
      transport.onRequest(`${exchange.method} ${exchange.logPath} failed (${networkReason(error, transport.timeoutMs)}) ${transport.now() - started}ms`);
      if (!exchange.retryOnNetworkError || attempt >= attempts) throw error;
      await transport.sleep(retryDelayMs(attempt, transport.retry, transport.random()));
      continue;
    }
    transport.onRequest(`${exchange.method} ${exchange.logPath} ${fetched.status} ${transport.now() - started}ms`);
    transport.rateLimits.observe(endpoint, fetched.headers, transport.now());
    if (fetched.status === 429) {
      // Refused unread, so asking again is safe even for a POST; the wait is the platform's, not a failure.
      const askedMs = tooManyRequestsWaitMs(fetched.headers, transport.now(), retryAfterMs(fetched.headers.get('retry-after'), transport.now()));
      if (waitedMs + askedMs > transport.maxRateLimitWaitMs) return fetched;
      await waitFor(askedMs, '429');
      attempt -= 1;
      continue;
    }
    if (fetched.status !== 503 || !exchange.retryOnServiceUnavailable || attempt >= attempts) return fetched;
    await transport.sleep(retryDelayMs(attempt, transport.retry, transport.random(), retryAfterMs(fetched.headers.get('retry-after'), transport.now())));
  }
}

/**
 * The body as text, read as it streams in and given up (the connection dropped) as soon as it passes `limit`
 * bytes, or at once when Content-Length already says so.
 */
export async function boundedText(response: Response, limit: number): Promise<string> {
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLargeError(limit);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLargeError(limit);
    }
    chunks.push(value);
  }
  // As Response.text() decodes: UTF-8, a byte-order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The error of a call whose every attempt failed: on the network, or with an answer too large to read. */
export function unreachable(endpoint: string, url: string, cause: unknown, timeoutMs: number): PlatformError {
  const { host } = new URL(url);
  if (cause instanceof AnswerTooLargeError) {
    return new PlatformError(
      0,
      'answer_too_large',
      endpoint,
      `The platform's answer was too large (${host} sent more than ${Math.round(cause.limit / (1024 * 1024))} MB for ${endpoint}), so it was not read: check the profile's address points at the platform's API, then try again.`,
      { cause },
    );
  }
  return new PlatformError(
    0,
    'unreachable',
    endpoint,
    `Could not reach ${host} (${networkReason(cause, timeoutMs)}): check the network connection and the profile's address, then try again.`,
    { cause },
  );
}

function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const code = errorCode(error) ?? errorCode(error instanceof Error ? error.cause : undefined);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
      return 'connection reset';
    case undefined:
      return 'network error';
    default:
      return code;
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
