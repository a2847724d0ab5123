// A rate over the last few seconds (bytes per second, frames per second), from amounts recorded as they
// happen. One-second buckets: stats every 2 s need no finer grain.

const BUCKET_MS = 1000;

export class RateWindow {
  readonly #windowMs: number;
  /** [bucket start, amount], oldest first. */
  readonly #buckets: [number, number][] = [];
  #since: number | null = null;

  constructor(windowMs = 5000) {
    this.#windowMs = windowMs;
  }

  add(amount: number, now: number): void {
    this.#since ??= now;
    const start = now - (now % BUCKET_MS);
    const last = this.#buckets.at(-1);
    if (last && last[0] === start) last[1] += amount;
    else this.#buckets.push([start, amount]);
    this.#prune(now);
  }

  /** Per second over the window (or since the first amount, when that is shorter); null before any. */
  perSecond(now: number): number | null {
    if (this.#since === null) return null;
    this.#prune(now);
    const oldest = this.#buckets[0];
    if (oldest === undefined) return 0;
    // Over the time the kept buckets cover: the oldest one may start up to a second before the window,
    // and counting its amount over the window alone read up to a fifth too high (36 fps for 30).
    const span = now - Math.max(this.#since, oldest[0]);
    if (span <= 0) return null;
    const total = this.#buckets.reduce((sum, [, amount]) => sum + amount, 0);
    return (total * 1000) / span;
  }

  reset(): void {
    this.#buckets.length = 0;
    this.#since = null;
  }

  #prune(now: number): void {
    while (this.#buckets.length > 0 && this.#buckets[0]![0] + BUCKET_MS <= now - this.#windowMs) this.#buckets.shift();
  }
}
