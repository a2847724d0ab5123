// How long to wait before the next round of connection attempts once every target has failed in a row:
// doubling from baseMs up to maxMs, with jitter so that many relays cut off by the same outage do not
// come back in step. Each wait is between half and all of its ceiling.

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 10_000 };

/** The wait before round `round` (1 for the first wait); `random` returns [0, 1). */
export function backoffDelay(round: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, Math.min(round - 1, 30)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
