// Speed and time left of one transfer, from its progress over the last few seconds.

const WINDOW_MS = 3000;

export class TransferMeter {
  readonly #samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number) {}

  record(bytes: number): void {
    const at = this.now();
    this.#samples.push({ at, bytes });
    while (this.#samples.length > 2 && at - this.#samples[0]!.at > WINDOW_MS) this.#samples.shift();
  }

  reset(): void {
    this.#samples.length = 0;
  }

  /** Bytes per second; 0 until two samples some time apart. */
  speed(): number {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    if (!first || !last || last.at - first.at < 200) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }

  etaSeconds(remaining: number): number | null {
    const speed = this.speed();
    return speed > 0 ? Math.ceil(remaining / speed) : null;
  }
}
