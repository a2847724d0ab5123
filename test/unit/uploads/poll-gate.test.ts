// The one gate every status poll of a queue passes (status-follower.ts): no more polls at once than it
// allows, their starts spaced out, a poll held back (the platform's rate limit) holding its place, and an
// abort while waiting for a turn rejecting without running the poll.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { PollGate } from '../../../main/uploads/status-follower.js';

const never = new AbortController().signal;

describe('PollGate', () => {
  it('runs no more polls at once than allowed, and spaces their starts', async () => {
    // On the fake clock: on a busy machine a process paused between the gate's decision and the poll's first
    // line would make a real clock's gaps look shorter than the gate made them.
    vi.useFakeTimers();
    try {
      const gate = new PollGate({ atOnce: 2, spacingMs: 15, now: () => Date.now() });
      let running = 0;
      let most = 0;
      const starts: number[] = [];
      const poll = async (): Promise<string> => {
        starts.push(Date.now());
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 25));
        running -= 1;
        return 'transcoding';
      };
      const all = Promise.all(Array.from({ length: 7 }, () => gate.run(poll, never)));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await all).toEqual(Array(7).fill('transcoding'));
      expect(most).toBe(2);
      const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(15);
      // Two at once, each 25 ms: the later starts wait for a poll to end, not only for the spacing.
      expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(6 * 15);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the others waiting while a poll is held back, and lets the next through when it ends', async () => {
    const gate = new PollGate({ atOnce: 1, spacingMs: 0 });
    let release = (): void => undefined;
    const held = gate.run(() => new Promise<void>((done) => (release = done)), never);
    let ran = false;
    const next = gate.run(async () => void (ran = true), never);
    await sleep(20);
    expect(ran).toBe(false);
    release();
    await Promise.all([held, next]);
    expect(ran).toBe(true);
  });

  it('rejects a poll whose wait for its turn is aborted, without running it, and goes on with the others', async () => {
    const gate = new PollGate({ atOnce: 1, spacingMs: 0 });
    let release = (): void => undefined;
    const held = gate.run(() => new Promise<void>((done) => (release = done)), never);
    const closing = new AbortController();
    let ran = false;
    const aborted = gate.run(async () => void (ran = true), closing.signal);
    const after = gate.run(async () => 'ran', never);
    closing.abort(new Error('the queue closed'));
    await expect(aborted).rejects.toThrow('the queue closed');
    release();
    await held;
    expect(await after).toBe('ran');
    expect(ran).toBe(false);
  });

  it('a poll that fails frees its place', async () => {
    const gate = new PollGate({ atOnce: 1, spacingMs: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('503')), never)).rejects.toThrow('503');
    expect(await gate.run(async () => 'complete', never)).toBe('complete');
  });
});
