// The relay: the local ingest's stream, published to the failover targets (one at a time, the next one
// when the current one fails) and to each fan-out target, without the encoder noticing anything. It
// keeps the start of the stream (metadata, configurations, the latest keyframe and what followed) so a
// new connection starts cleanly, and its own timeline so an outbound publish goes on across encoder
// reconnects. When the encoder leaves, the outbound publishes wait `graceMs` for it, then end cleanly.
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
import type { IngestSink, LocalIngest } from './local-ingest.js';
import { MediaCache } from './media-cache.js';
import type { MediaPacket } from './media-packet.js';
import { RateWindow } from './rate-window.js';
import { RelayTimeline } from './relay-timeline.js';
import type { RelayEvent, RelayLogger, RelayStats, StreamInfo, TargetSource, TargetSpec } from './relay-types.js';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher, type OpenPublisher, type PublisherOptions } from './rtmp-publisher.js';
import { TargetGroup, type Sleep } from './target-group.js';

export interface RelayOptions {
  readonly ingest: Pick<LocalIngest, 'subscribe'>;
  /** The failover targets. */
  readonly targets: TargetSource;
  /** More places to publish to, each on its own (a second platform). */
  readonly fanout?: readonly TargetSpec[];
  /** How long outbound publishes wait for an encoder that left. */
  readonly graceMs?: number;
  readonly backoff?: BackoffPolicy;
  readonly onEvent?: (event: RelayEvent) => void;
  readonly logger?: RelayLogger;
  /** Connection timeouts and extra trusted certificates for rtmps://. */
  readonly publisher?: Partial<PublisherOptions>;
  readonly statsIntervalMs?: number;
  readonly now?: () => number;
  /** Resolves after `ms`, or rejects when the signal aborts. */
  readonly sleep?: Sleep;
  readonly random?: () => number;
  /** How connections are made; tests put a fake here. */
  readonly openPublisher?: OpenPublisher;
}

export interface Relay {
  /** Learns the targets and publishes as soon as the encoder sends; rejects when there are no targets. */
  start(): Promise<void>;
  /** Ends every outbound publish cleanly; `reason` goes to the `stopped` event. */
  stop(reason: string): Promise<void>;
  /** Skips the wait before the next attempt, when every target has failed. */
  reconnectNow(): void;
  stats(): RelayStats;
}

export const DEFAULT_GRACE_MS = 10_000;

const DEFAULT_STATS_INTERVAL_MS = 2000;

export function createRelay(options: RelayOptions): Relay {
  const now = options.now ?? Date.now;
  const emit = (event: RelayEvent): void => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      options.logger?.error('a relay event listener failed', { error });
    }
  };
  const cache = new MediaCache();
  const timeline = new RelayTimeline(now);
  const input = { bytes: new RateWindow(), frames: new RateWindow() };
  let encoder: { info: StreamInfo | null; keyframes: [number | null, number | null] } | null = null;
  /** After an encoder reconnects, its video joins running publishes at its first keyframe. */
  let holdVideo = false;
  let graceTimer: NodeJS.Timeout | null = null;
  let statsTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let state: 'new' | 'running' | 'stopped' = 'new';

  const context = {
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    open: options.openPublisher ?? rtmpPublisher({ ...DEFAULT_PUBLISHER_OPTIONS, ...options.publisher }),
    startSequence: () => cache.startSequence(),
    emit,
    onFatal: (reason: string) => void relay.stop(reason),
    now,
    sleep: options.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal })),
    random: options.random ?? Math.random,
    logger: options.logger,
  };
  const failover = new TargetGroup({ ...context, role: 'failover', source: options.targets });
  const fanout = (options.fanout ?? []).map(
    (target) =>
      new TargetGroup({
        ...context,
        role: 'fanout',
        source: { targets: async () => [target], refreshAfterAuthFailure: async () => null },
        // A fan-out target that refuses its key stops alone; the failover publish goes on.
        onFatal: () => undefined,
      }),
  );
  const groups = [failover, ...fanout];

  const sink: IngestSink = {
    started() {
      if (graceTimer !== null) clearTimeout(graceTimer);
      graceTimer = null;
      // Running publishes go on across the reconnect; with none, the next one starts at 0.
      if (groups.some((group) => group.inSession)) timeline.restart();
      else timeline.reset();
      cache.clear();
      input.bytes.reset();
      input.frames.reset();
      encoder = { info: null, keyframes: [null, null] };
      holdVideo = true;
    },
    packet(packet) {
      const current = encoder;
      if (current === null) return;
      const at = now();
      if (!packet.config && !packet.metadata) input.bytes.add(packet.payload.length, at);
      if (packet.kind === 'video' && !packet.config) {
        input.frames.add(1, at);
        if (packet.keyframe) current.keyframes = [current.keyframes[1], packet.timestamp];
      }
      const relayed: MediaPacket = { ...packet, timestamp: timeline.map(packet.timestamp) };
      cache.add(relayed);
      if (holdVideo && packet.kind === 'video' && !packet.config) {
        if (!packet.keyframe) return;
        holdVideo = false;
      }
      for (const group of groups) group.deliver(relayed);
    },
    described(info) {
      if (encoder === null) return;
      // The ingest reports the encoder itself (encoder-connected): said here too, each was told twice.
      encoder.info = info;
    },
    ended(reason) {
      encoder = null;
      cache.clear();
      options.logger?.info('the relay waits for the encoder', { reason, graceMs: options.graceMs ?? DEFAULT_GRACE_MS });
      if (graceTimer !== null) clearTimeout(graceTimer);
      graceTimer = setTimeout(() => void endSessions(), options.graceMs ?? DEFAULT_GRACE_MS);
    },
  };

  async function endSessions(): Promise<void> {
    graceTimer = null;
    const had = groups.some((group) => group.inSession);
    await Promise.all(groups.map((group) => group.endSession()));
    timeline.reset();
    if (had && state === 'running') {
      const reason = `the encoder stayed away for ${(options.graceMs ?? DEFAULT_GRACE_MS) / 1000} s`;
      options.logger?.info('relay ended its outbound publishes', { reason });
      emit({ event: 'session-ended', at: now(), reason });
    }
  }

  function stats(): RelayStats {
    const at = now();
    const bytesPerSecond = input.bytes.perSecond(at);
    const fps = input.frames.perSecond(at);
    const [previous, last] = encoder?.keyframes ?? [null, null];
    const info = encoder?.info ?? null;
    return {
      at,
      encoder: {
        connected: encoder !== null,
        codecs: info?.codecs ?? { video: null, audio: null },
        width: info?.width ?? null,
        height: info?.height ?? null,
        fps: info?.fps ?? null,
        bitrateKbps: encoder === null || bytesPerSecond === null ? null : Math.round((bytesPerSecond * 8) / 1000),
        measuredFps: encoder === null || fps === null ? null : Math.round(fps * 10) / 10,
        keyframeIntervalSeconds: previous === null || last === null ? null : (last - previous) / 1000,
      },
      activeTargetId: failover.active?.id ?? null,
      nextRetryAt: failover.retryAt,
      targets: groups.flatMap((group) => group.stats(at)),
    };
  }

  const relay: Relay = {
    async start() {
      if (state !== 'new') throw new Error(state === 'running' ? 'the relay is already running' : 'a stopped relay does not start again');
      try {
        await Promise.all(groups.map((group) => group.start()));
      } catch (error) {
        await Promise.all(groups.map((group) => group.stop()));
        throw error;
      }
      state = 'running';
      statsTimer = setInterval(() => {
        if (encoder !== null || groups.some((group) => group.inSession)) emit({ event: 'stats', at: now(), stats: stats() });
      }, options.statsIntervalMs ?? DEFAULT_STATS_INTERVAL_MS);
      statsTimer.unref();
      unsubscribe = options.ingest.subscribe(sink);
    },
    async stop(reason) {
      if (state === 'stopped') return;
      state = 'stopped';
      unsubscribe?.();
      if (graceTimer !== null) clearTimeout(graceTimer);
      if (statsTimer !== null) clearInterval(statsTimer);
      await Promise.all(groups.map((group) => group.stop()));
      options.logger?.info('relay stopped', { reason });
      emit({ event: 'stopped', at: now(), reason });
    },
    reconnectNow() {
      for (const group of groups) group.reconnectNow();
    },
    stats,
  };
  return relay;
}
