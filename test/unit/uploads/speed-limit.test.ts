// The shared upload speed limit: on a faked clock, how long each `take` waits (the bytes sent keep to the
// limit), a change or a lifted limit applies to the waits in progress, an abort ends a wait; the
// throttle stream passes every byte unchanged.
import { randomBytes } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpeedLimit } from '../../../main/uploads/speed-limit.js';

describe('SpeedLimit.take on a faked clock', () => {
  let start: number;
  let limit: SpeedLimit;
  const elapsed = (): number => Date.now() - start;

  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    limit = new SpeedLimit(4000, () => Date.now());
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Takes each amount in turn; resolves with when each one was let through, in ms from the start. */
  function takeInTurn(amounts: number[], signal?: AbortSignal): Promise<number[]> {
    return (async () => {
      const times: number[] = [];
      for (const bytes of amounts) {
        await limit.take(bytes, signal);
        times.push(elapsed());
      }
      return times;
    })();
  }

  it('lets the bytes through at the limit: n × 1000 bytes at 4000 B/s go at n × 250 ms', async () => {
    const times = takeInTurn(Array.from({ length: 8 }, () => 1000));
    await vi.advanceTimersByTimeAsync(2000);
    expect(await times).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
  });

  it('waits nothing without a limit', async () => {
    limit = new SpeedLimit(null, () => Date.now());
    expect(await takeInTurn([1_000_000, 1_000_000])).toEqual([0, 0]);
    expect(limit.bytesPerSecond).toBeNull();
  });

  it('saves up at most a quarter of a second of idle time', async () => {
    await vi.advanceTimersByTimeAsync(10_000);
    start = Date.now();
    const times = takeInTurn([1000, 1000, 1000]);
    await vi.advanceTimersByTimeAsync(500);
    expect(await times).toEqual([0, 250, 500]);
  });

  it('keeps the average at the limit after a chunk larger than the bucket', async () => {
    // 3000 bytes go once a quarter second's worth is saved; the 1000 after them wait until 4000 bytes took 1 s.
    const times = takeInTurn([3000, 1000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await times).toEqual([250, 1000]);
  });

  it('applies a new limit to a wait in progress', async () => {
    limit = new SpeedLimit(1000, () => Date.now());
    // 10 000 bytes at 1000 B/s: the second take would wait until 10 s.
    const times = takeInTurn([10_000, 10]);
    await vi.advanceTimersByTimeAsync(300);
    limit.set(1_000_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(await times).toEqual([250, expect.any(Number)]);
    expect((await times)[1]).toBeLessThanOrEqual(310);
    expect(limit.bytesPerSecond).toBe(1_000_000);
  });

  it('lifts the limit at once with set(null), for waits in progress too', async () => {
    limit = new SpeedLimit(1000, () => Date.now());
    const times = takeInTurn([10_000, 10, 1_000_000]);
    await vi.advanceTimersByTimeAsync(300);
    limit.set(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(await times).toEqual([250, 300, 300]);
  });

  it('ends a wait with the abort reason', async () => {
    const controller = new AbortController();
    const taking = limit.take(1000, controller.signal);
    const outcome = taking.then(
      () => 'went',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(100);
    const reason = new Error('paused by the streamer');
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBe(reason);
  });

  it('refuses at once when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    const outcome = limit.take(1000, controller.signal).then(
      () => 'went',
      (error: unknown) => (error as Error).message,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBe('closed');
  });

  it('leaves no abort listener behind on the signal after its waits', async () => {
    const controller = new AbortController();
    const times = takeInTurn(Array.from({ length: 40 }, () => 1000), controller.signal);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await times).toHaveLength(40);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('refuses a limit that is not a positive number', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new SpeedLimit(bad)).toThrow(/positive number of bytes per second/);
      expect(() => limit.set(bad)).toThrow(/positive number/);
    }
    expect(limit.bytesPerSecond).toBe(4000);
  });
});

describe('SpeedLimit.throttle', () => {
  async function pass(limit: SpeedLimit, input: Buffer[], signal?: AbortSignal): Promise<Buffer[]> {
    const output: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output.push(chunk);
        callback();
      },
    });
    await pipeline(Readable.from(input), limit.throttle(signal), sink);
    return output;
  }

  it('passes every byte unchanged without a limit', async () => {
    const input = [randomBytes(100_000), randomBytes(1), randomBytes(250_000)];
    const output = await pass(new SpeedLimit(null), input);
    expect(Buffer.concat(output).equals(Buffer.concat(input))).toBe(true);
  });

  it('passes every byte unchanged under a limit, in slices of at most 64 KiB', async () => {
    const input = [randomBytes(100_000), randomBytes(3), randomBytes(300_000)];
    const output = await pass(new SpeedLimit(16 * 1024 * 1024), input);
    expect(Buffer.concat(output).equals(Buffer.concat(input))).toBe(true);
    expect(Math.max(...output.map((chunk) => chunk.length))).toBeLessThanOrEqual(64 * 1024);
    expect(output.length).toBeGreaterThan(input.length);
  });

  it('fails the stream with the abort reason', async () => {
    const controller = new AbortController();
    const limit = new SpeedLimit(64 * 1024);
    const reason = new Error('cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(pass(limit, [randomBytes(1024 * 1024)], controller.signal)).rejects.toBe(reason);
  });
});
