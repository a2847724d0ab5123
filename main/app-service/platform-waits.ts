// The rate-limit waits under way in this process's platform calls (told by the transport's onWait, routed
// here by the composition root): the one that ends last is what the status area shows. Listeners (the app
// status) subscribe themselves; nothing here knows who shows it.
import type { PlatformWait } from '../platform/rate-limit-gate.js';

export class PlatformWaits {
  readonly #active = new Set<PlatformWait>();
  readonly #listeners = new Set<(wait: PlatformWait | null) => void>();

  /** A wait has started; the function returned ends it. Shaped as the transport's onWait. */
  readonly report = (wait: PlatformWait): (() => void) => {
    this.#active.add(wait);
    this.#changed();
    return () => {
      if (this.#active.delete(wait)) this.#changed();
    };
  };

  /** The wait that ends last of those under way, or null. */
  get current(): PlatformWait | null {
    let latest: PlatformWait | null = null;
    for (const wait of this.#active) if (latest === null || wait.until > latest.until) latest = wait;
    return latest;
  }

  /** Returns the unsubscribe. */
  onChange(listener: (wait: PlatformWait | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    const current = this.current;
    for (const listener of this.#listeners) listener(current);
  }
}
