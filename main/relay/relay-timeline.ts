// The relay's own clock for outbound timestamps. An encoder that reconnects starts its timestamps at 0
// again; an outbound publish that goes on across the reconnect must not jump back, so each new input
// publish continues where the last one stopped, plus the time the encoder was away.

export class RelayTimeline {
  readonly #now: () => number;
  /** Added to the input timestamps of the current publish; null until its first packet. */
  #offset: number | null = null;
  #last: number | null = null;
  #lastAt = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** A new input publish begins: its first packet sets the offset. */
  restart(): void {
    this.#offset = null;
  }

  /** Nothing to continue: the next publish starts a new timeline at 0. */
  reset(): void {
    this.#offset = null;
    this.#last = null;
  }

  /** The relay time of an input timestamp of the current publish. */
  map(timestamp: number): number {
    const now = this.#now();
    if (this.#offset === null) {
      this.#offset = this.#last === null ? -timestamp : this.#last + Math.max(1, now - this.#lastAt) - timestamp;
    }
    const time = Math.max(0, timestamp + this.#offset);
    this.#last = Math.max(this.#last ?? 0, time);
    this.#lastAt = now;
    return time;
  }
}
