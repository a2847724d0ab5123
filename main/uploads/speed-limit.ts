// The upload speed limit, shared by every transfer of the queue: a token bucket refilled at the limit,
// holding at most a quarter of a second's worth, so the total stays at the limit however many files go
// at once. Changing the limit takes effect at once, for chunks already waiting too. Without a limit,
// nothing is in the path.
import { Transform, type TransformCallback } from 'node:stream';

/** Chunks are cut to this size when a limit is set, so a slow limit still moves smoothly. */
const SLICE = 64 * 1024;

export class SpeedLimit {
  #bytesPerSecond: number | null;
  #tokens = 0;
  #refilledAt: number;
  readonly #now: () => number;
  /** Wakes the waits in progress, so that a new limit applies to them at once. */
  readonly #waking = new Set<() => void>();

  constructor(bytesPerSecond: number | null, now: () => number = () => performance.now()) {
    this.#bytesPerSecond = checked(bytesPerSecond);
    this.#now = now;
    this.#refilledAt = now();
  }

  get bytesPerSecond(): number | null {
    return this.#bytesPerSecond;
  }

  set(bytesPerSecond: number | null): void {
    this.#bytesPerSecond = checked(bytesPerSecond);
    this.#tokens = 0;
    this.#refilledAt = this.#now();
    for (const wake of [...this.#waking]) wake();
  }

  /** Waits until `bytes` may go; at once when there is no limit. */
  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const limit = this.#bytesPerSecond;
      if (limit === null) return;
      const now = this.#now();
      this.#tokens = Math.min(limit / 4, this.#tokens + ((now - this.#refilledAt) / 1000) * limit);
      this.#refilledAt = now;
      if (this.#tokens >= Math.min(bytes, limit / 4)) {
        this.#tokens -= bytes;
        return;
      }
      const waitMs = Math.max(5, ((Math.min(bytes, limit / 4) - this.#tokens) / limit) * 1000);
      await this.#wait(waitMs, signal);
    }
  }

  /** Sleeps; a change of the limit ends it early (the wait is then worked out again), an abort rejects it. */
  #wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((done, fail) => {
      const end = (error?: { reason: unknown }): void => {
        clearTimeout(timer);
        this.#waking.delete(wake);
        signal?.removeEventListener('abort', abort);
        if (error) fail(error.reason);
        else done();
      };
      const wake = (): void => end();
      const abort = (): void => end({ reason: signal?.reason });
      const timer = setTimeout(wake, ms);
      this.#waking.add(wake);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }

  /** A pass-through stream that keeps to the limit. */
  throttle(signal?: AbortSignal): Transform {
    const stream: Transform = new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) => {
        const pass = async (): Promise<void> => {
          for (let at = 0; at < chunk.length; at += SLICE) {
            const slice = chunk.subarray(at, at + SLICE);
            await this.take(slice.length, signal);
            stream.push(slice);
          }
        };
        pass().then(
          () => callback(),
          (error: unknown) => callback(error as Error),
        );
      },
    });
    return stream;
  }
}

function checked(bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null) return null;
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) throw new Error('the speed limit must be a positive number of bytes per second, or none');
  return bytesPerSecond;
}
