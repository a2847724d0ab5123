// Time as the live pieces see it. Injected, so tests can run minutes of key refreshes, countdowns and
// polling backoff without waiting for them.
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Unix milliseconds. */
  now(): number;
  /** Runs `task` once, `ms` from now. */
  after(ms: number, task: () => void): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    // A forgotten refresh or poll must not keep a finished CLI command alive; what must run holds its own handles.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
