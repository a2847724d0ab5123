// A clock the test moves by hand: timers run in due order as time passes, with the promise work each one
// starts settled before the next, so minutes of refreshes and countdowns take microseconds.
import type { Clock, Timer } from '../../../main/live/clock.js';

interface Pending {
  readonly due: number;
  readonly order: number;
  readonly task: () => void;
  cancelled: boolean;
}

export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  #pending: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(ms: number, task: () => void): Timer {
    const pending: Pending = { due: this.#now + ms, order: this.#order++, task, cancelled: false };
    this.#pending.push(pending);
    return { cancel: () => (pending.cancelled = true) };
  }

  /** Timers not yet run nor cancelled, as delays from now. */
  scheduled(): number[] {
    return this.#live().map((pending) => pending.due - this.#now);
  }

  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    await settle();
    for (;;) {
      const next = this.#live().filter((pending) => pending.due <= until)[0];
      if (next === undefined) break;
      this.#now = next.due;
      next.cancelled = true;
      next.task();
      await settle();
    }
    this.#now = until;
  }

  #live(): Pending[] {
    this.#pending = this.#pending.filter((pending) => !pending.cancelled);
    return [...this.#pending].sort((a, b) => a.due - b.due || a.order - b.order);
  }
}

/** Lets every promise chain started so far run to its end (the fakes answer without I/O). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}
