// The notices the streamer should read (shown as banners): emitted as `notice` events, and those raised
// while the core started, when no window could hear them, kept for every window that opens.
import type { Contract, Notice } from '../../preload/contract.js';
import { ContractEvents } from '../typed-emitter.js';

export class NoticeBoard {
  readonly events = new ContractEvents<Contract, 'notice'>();
  readonly #startupNotices: Notice[] = [];
  #starting = true;

  /** Bound, so a service can be handed `notices.notify` as its way to tell the streamer something. */
  readonly notify = (notice: Notice): void => {
    if (this.#starting) this.#startupNotices.push(notice);
    this.events.emit('notice', notice);
  };

  /** From now on windows are listening: later notices reach them as events. */
  startupFinished(): void {
    this.#starting = false;
  }

  startupNotices(): Notice[] {
    return [...this.#startupNotices];
  }
}
