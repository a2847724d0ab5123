// Polls a channel's status (live / off air) and viewer counts while someone watches it, and reports
// changes only. The platform's hooks would push status changes, but they need a public HTTPS receiver that a
// desktop app does not have; polling a single channel every few seconds is cheap.
import type { PlatformApi } from '../platform/endpoints/index.js';
import { systemClock, type Clock, type Timer } from './clock.js';
import { channelAccessError } from './live-errors.js';

export interface ChannelActivity {
  readonly status: 'live' | 'offair';
  /** Viewers now; null while off air (the platform counts them only during a broadcast). */
  readonly viewers: number | null;
  /** Viewers over the channel's life, when the platform says. */
  readonly viewerTotal: number | null;
}

export type ChannelWatcherEvent =
  | { readonly type: 'channel-changed'; readonly channelId: string; readonly activity: ChannelActivity; readonly previous: ChannelActivity | null }
  | { readonly type: 'channel-poll-failed'; readonly channelId: string; readonly error: Error; readonly retryInMs: number };

export interface ChannelWatcherOptions {
  readonly channels: Pick<PlatformApi['channels'], 'get'>;
  readonly channelId: string;
  /** The owner's name when the signed-in user manages the channel for them: refusals then say so. */
  readonly managedFor?: string | null;
  readonly onEvent: (event: ChannelWatcherEvent) => void;
  /** Between polls; default 5 s. */
  readonly intervalMs?: number;
  /** The longest wait after repeated failures; default 60 s. */
  readonly maxBackoffMs?: number;
  readonly clock?: Clock;
}

const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_MAX_BACKOFF_MS = 60_000;

export class ChannelWatcher {
  readonly #options: ChannelWatcherOptions;
  readonly #clock: Clock;
  #watchers = 0;
  /** Bumped when polling stops or restarts, so an answer to an earlier round is dropped. */
  #round = 0;
  #timer: Timer | null = null;
  #failures = 0;
  #activity: ChannelActivity | null = null;
  /** Watches to release when the channel is next seen off air (see releaseOnceOffAir). */
  readonly #offAirWaits = new Set<() => void>();

  constructor(options: ChannelWatcherOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** The latest known activity, also after unwatching; null before the first answer. */
  get activity(): ChannelActivity | null {
    return this.#activity;
  }

  get watching(): boolean {
    return this.#watchers > 0;
  }

  /** Polls (at once, then every interval) until every watch() has been released by the function it returns. */
  watch(): () => void {
    this.#watchers += 1;
    if (this.#watchers === 1) {
      this.#round += 1;
      this.#failures = 0;
      this.#poll(this.#round);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#watchers -= 1;
      if (this.#watchers === 0) {
        this.#round += 1;
        this.#timer?.cancel();
        this.#timer = null;
      }
    };
  }

  /**
   * Releases a watch (the function watch() returned) once the channel is seen off air, or after `maxMs`
   * at most: the platform notices an ended stream a little after the relay stops, and the panel should
   * see it happen.
   */
  releaseOnceOffAir(release: () => void, maxMs = 60_000): void {
    if (this.#activity?.status !== 'live') return release();
    const finish = (): void => {
      if (!this.#offAirWaits.delete(finish)) return;
      deadline.cancel();
      release();
    };
    this.#offAirWaits.add(finish);
    const deadline = this.#clock.after(maxMs, finish);
  }

  #poll(round: number): void {
    const { channels, channelId } = this.#options;
    channels.get(channelId).then(
      (channel) => {
        if (round !== this.#round) return;
        if (channel.status === undefined) return this.#failed(round, new Error(`The platform did not say whether channel ${channelId} is live.`));
        this.#failures = 0;
        this.#update({ status: channel.status, viewers: channel.status === 'live' ? (channel.stats?.viewer ?? null) : null, viewerTotal: channel.stats?.viewer_total ?? null });
        this.#next(round, this.#options.intervalMs ?? DEFAULT_INTERVAL_MS);
      },
      (error: unknown) => {
        if (round !== this.#round) return;
        const translated = channelAccessError(error, channelId, this.#options.managedFor);
        this.#failed(round, translated instanceof Error ? translated : new Error(String(translated)));
      },
    );
  }

  /** Waits longer after each failure in a row, up to the maximum. */
  #failed(round: number, error: Error): void {
    this.#failures += 1;
    const interval = this.#options.intervalMs ?? DEFAULT_INTERVAL_MS;
    const retryInMs = Math.min(interval * 2 ** this.#failures, this.#options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
    this.#options.onEvent({ type: 'channel-poll-failed', channelId: this.#options.channelId, error, retryInMs });
    this.#next(round, retryInMs);
  }

  #next(round: number, ms: number): void {
    this.#timer = this.#clock.after(ms, () => {
      this.#timer = null;
      if (round === this.#round) this.#poll(round);
    });
  }

  #update(activity: ChannelActivity): void {
    const previous = this.#activity;
    if (previous !== null && previous.status === activity.status && previous.viewers === activity.viewers && previous.viewerTotal === activity.viewerTotal) return;
    this.#activity = activity;
    this.#options.onEvent({ type: 'channel-changed', channelId: this.#options.channelId, activity, previous });
    if (activity.status !== 'live') for (const finish of [...this.#offAirWaits]) finish();
  }
}
