// The encoder's frame rate from its frames' own timestamps over the last seconds of media, not from when
// they arrive: an encoder that sends in bursts (a busy machine, a network that bunches packets) would
// read high in a burst and low after it if arrivals were counted (34 fps for a 30 fps encoder).

const WINDOW_MS = 5000;
/** No frame for this long (wall clock): the encoder has stalled, and its rate is 0 however its last frames were spaced. */
const STALLED_MS = 2000;

export class FrameRate {
  /** Media timestamps (ms) of the frames in the window, oldest first. */
  readonly #stamps: number[] = [];
  #lastArrival: number | null = null;

  add(timestamp: number, now: number): void {
    const last = this.#stamps.at(-1);
    // A timestamp going back is a new timeline (the encoder restarted its clock): start over.
    if (last !== undefined && timestamp < last) this.#stamps.length = 0;
    this.#stamps.push(timestamp);
    this.#lastArrival = now;
    while (this.#stamps.length > 2 && this.#stamps[0]! < timestamp - WINDOW_MS) this.#stamps.shift();
  }

  /** Frames per second of media; null until two frames with different timestamps have come. */
  perSecond(now: number): number | null {
    if (this.#lastArrival === null) return null;
    if (now - this.#lastArrival > STALLED_MS) return 0;
    const first = this.#stamps[0]!;
    const span = this.#stamps.at(-1)! - first;
    if (span <= 0) return null;
    return ((this.#stamps.length - 1) * 1000) / span;
  }

  reset(): void {
    this.#stamps.length = 0;
    this.#lastArrival = null;
  }
}
