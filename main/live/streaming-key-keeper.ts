// Keeps a channel's ingest settings fresh for the relay: the ingest URLs with the 10-minute streaming key,
// asked for again before it expires (which extends the same key), then the channel's broadcast URLs as
// backups; the TLS ingest first where it is offered and preferred (ingest-targets.ts). Keys live in memory only, because they rotate, and the logger redacts them from the moment they
// arrive.
import type { Logger } from '../log/redacting-logger.js';
import type { PlatformApi } from '../platform/endpoints/index.js';
import { systemClock, type Clock, type Timer } from './clock.js';
import { ingestTargets } from './ingest-targets.js';
import { channelAccessError } from './live-errors.js';
import type { TargetSource, TargetSpec } from '../relay/relay-types.js';

/** The streaming key expires this long after it was last asked for (spec part A, "Ingest settings"). */
const STREAMING_KEY_LIFETIME_MS = 10 * 60_000;
/** Asking within the lifetime extends the same key; the two minutes left over absorb a slow or failed ask. */
export const KEY_REFRESH_MS = 8 * 60_000;
const RETRY_MS = 30_000;
/** An older list is fetched again before the relay gets it: its key could expire while the relay connects. */
const USABLE_FOR_MS = STREAMING_KEY_LIFETIME_MS - 60_000;

export interface KeeperPlatform {
  readonly ingest: Pick<PlatformApi['ingest'], 'get'>;
  readonly channels: Pick<PlatformApi['channels'], 'list'>;
}

/** A target as it may be shown or logged: without its URL, which holds the key. */
export interface TargetLabel {
  readonly id: string;
  readonly label: string;
}

export type KeeperEvent =
  | { readonly type: 'ingest-fetched'; readonly channelId: string; readonly targets: readonly TargetLabel[]; readonly keyChanged: boolean }
  | { readonly type: 'ingest-refresh-failed'; readonly channelId: string; readonly error: Error; readonly retryInMs: number };

export interface StreamingKeyKeeperOptions {
  readonly platform: KeeperPlatform;
  readonly channelId: string;
  /** The owner's name when the signed-in user manages the channel for them: refusals then say so. */
  readonly managedFor?: string | null;
  readonly logger: Pick<Logger, 'registerSecret' | 'warn'>;
  /** Put the TLS ingest (`rtmps_url`) first when the platform offers one; default false (the spec's dialect has none). */
  readonly preferTls?: boolean;
  readonly onEvent?: (event: KeeperEvent) => void;
  readonly clock?: Clock;
  /** Default 8 minutes. */
  readonly refreshMs?: number;
  /** After a failed refresh; default 30 s. */
  readonly retryMs?: number;
}

interface Fetched {
  readonly targets: readonly TargetSpec[];
  readonly streamingKey: string;
  /** Clock time of the answer. */
  readonly at: number;
}

export class StreamingKeyKeeper implements TargetSource {
  readonly #options: StreamingKeyKeeperOptions;
  readonly #clock: Clock;
  #fetched: Fetched | null = null;
  #inflight: Promise<Fetched> | null = null;
  #timer: Timer | null = null;
  #running = false;
  /** Counts stop() calls: an answer that arrives after one is handed to its caller, not kept. */
  #stops = 0;

  constructor(options: StreamingKeyKeeperOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** Fetches the settings and keeps the streaming key alive until stop(); rejects (and stays stopped) when the fetch fails. */
  async start(): Promise<TargetSpec[]> {
    this.#running = true;
    try {
      return [...(await this.#fetch()).targets];
    } catch (error) {
      this.stop();
      throw error;
    }
  }

  /** Stops refreshing and forgets the keys. */
  stop(): void {
    this.#stops += 1;
    this.#running = false;
    this.#timer?.cancel();
    this.#timer = null;
    this.#fetched = null;
  }

  async targets(): Promise<TargetSpec[]> {
    const fetched = this.#fetched;
    if (fetched !== null && this.#fresh(fetched)) return [...fetched.targets];
    return [...(await this.#fetch()).targets];
  }

  /** Rejects when the platform cannot be asked (the error says why); see TargetSource for null. */
  async refreshAfterAuthFailure(failed: TargetSpec): Promise<TargetSpec[] | null> {
    const current = this.#fetched;
    // A refresh since the relay took `failed` has replaced its key already.
    if (current !== null && this.#fresh(current) && current.targets.some((target) => target.id === failed.id && target.url !== failed.url)) {
      return [...current.targets];
    }
    const fresh = await this.#fetch();
    return fresh.targets.some((target) => target.url === failed.url) ? null : [...fresh.targets];
  }

  #fresh(fetched: Fetched): boolean {
    return this.#clock.now() - fetched.at < USABLE_FOR_MS;
  }

  /** One ask at a time: the relay's targets(), an auth failure and the refresh timer may coincide. */
  #fetch(): Promise<Fetched> {
    this.#inflight ??= this.#ask().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  async #ask(): Promise<Fetched> {
    const { platform, channelId, logger } = this.#options;
    const stops = this.#stops;
    let settings: Awaited<ReturnType<KeeperPlatform['ingest']['get']>>;
    let broadcastUrls: string[];
    try {
      [settings, broadcastUrls] = await Promise.all([platform.ingest.get(channelId), this.#broadcastUrls()]);
    } catch (error) {
      throw channelAccessError(error, channelId, this.#options.managedFor);
    }
    logger.registerSecret(settings.streaming_key);
    logger.registerSecret(settings.channel_key);
    const targets = ingestTargets(settings, broadcastUrls, { preferTls: this.#options.preferTls ?? false });
    const previous = this.#fetched;
    const fetched: Fetched = { targets, streamingKey: settings.streaming_key, at: this.#clock.now() };
    if (stops === this.#stops) this.#fetched = fetched;
    this.#options.onEvent?.({
      type: 'ingest-fetched',
      channelId,
      targets: targets.map(({ id, label }) => ({ id, label })),
      keyChanged: previous !== null && previous.streamingKey !== settings.streaming_key,
    });
    this.#schedule(this.#options.refreshMs ?? KEY_REFRESH_MS);
    return fetched;
  }

  async #broadcastUrls(): Promise<string[]> {
    for await (const channel of this.#options.platform.channels.list({ detailLevel: 'broadcaster' })) {
      if (channel.id === this.#options.channelId) return channel.broadcast_urls ?? [];
    }
    return [];
  }

  #schedule(ms: number): void {
    if (!this.#running) return;
    this.#timer?.cancel();
    this.#timer = this.#clock.after(ms, () => this.#refresh());
  }

  #refresh(): void {
    this.#timer = null;
    this.#fetch().catch((error: unknown) => {
      if (!this.#running) return;
      const retryInMs = this.#options.retryMs ?? RETRY_MS;
      const failure = error instanceof Error ? error : new Error(String(error));
      this.#options.logger.warn(`The streaming key of channel ${this.#options.channelId} could not be refreshed; trying again in ${Math.round(retryInMs / 1000)} s.`, {
        error: failure,
      });
      this.#options.onEvent?.({ type: 'ingest-refresh-failed', channelId: this.#options.channelId, error: failure, retryInMs });
      this.#schedule(retryInMs);
    });
  }
}
