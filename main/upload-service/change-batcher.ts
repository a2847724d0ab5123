// The upload queue reports a row change for every FTP chunk (thousands a second with fast files); the
// windows need a few a second, and only the rows that changed, so a list of 10,000 never travels whole on
// every tick. This keeps the ids that changed and hands them over at most once per interval.
export interface ChangeBatcherOptions {
  readonly intervalMs: number;
  /** Receives the ids that changed since the last flush (empty when only the totals changed). */
  readonly flush: (ids: ReadonlySet<string>) => void;
  readonly now?: () => number;
}

export class ChangeBatcher {
  readonly #options: ChangeBatcherOptions;
  readonly #now: () => number;
  #pending = new Set<string>();
  #dirty = false;
  #timer: NodeJS.Timeout | null = null;
  #lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(options: ChangeBatcherOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  rowChanged(id: string): void {
    this.#pending.add(id);
    this.#dirty = true;
    this.#schedule();
  }

  /** Something beside the rows changed (pause, concurrency, speed limit): the totals go out. */
  totalsChanged(): void {
    this.#dirty = true;
    this.#schedule();
  }

  /** Forgets what is pending: the list was just sent whole. */
  discard(): void {
    this.#cancel();
    this.#pending = new Set();
    this.#dirty = false;
  }

  close(): void {
    this.discard();
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    // The first change after a quiet spell goes out at once; a stream of them, once per interval.
    const wait = Math.max(0, this.#lastFlushAt + this.#options.intervalMs - this.#now());
    this.#timer = setTimeout(() => this.#flush(), wait);
    this.#timer.unref();
  }

  #flush(): void {
    this.#timer = null;
    if (!this.#dirty) return;
    const ids = this.#pending;
    this.#pending = new Set();
    this.#dirty = false;
    this.#lastFlushAt = this.#now();
    this.#options.flush(ids);
  }

  #cancel(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
