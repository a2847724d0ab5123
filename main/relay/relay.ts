// The relay: the local ingest's stream, published to each destination (the channel, a second platform),
// each on its own failover list (one target at a time, the next one when the current one fails), without
// the encoder noticing anything. One destination failing, even for good, never disturbs the others;
// destinations can be added and removed while it runs. It
// keeps the start of the stream (metadata, configurations, the latest keyframe and what followed) so a
// new connection starts cleanly, and its own timeline so an outbound publish goes on across encoder
// reconnects. When the encoder leaves, the outbound publishes wait `graceMs` for it, then end cleanly.
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
import type { IngestSink, LocalIngest } from './local-ingest.js';
import { MediaCache } from './media-cache.js';
import type { MediaPacket } from './media-packet.js';
import { FrameRate } from './frame-rate.js';
import { RateWindow } from './rate-window.js';
import { RelayTimeline } from './relay-timeline.js';
import type { DestinationRef, DestinationSpec, RelayEvent, RelayLogger, RelayStats, StreamInfo, TargetSource, TargetSpec } from './relay-types.js';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher, type OpenPublisher, type PublisherOptions } from './rtmp-publisher.js';
import { TargetGroup, type Sleep } from './target-group.js';

export interface RelayOptions {
  readonly ingest: Pick<LocalIngest, 'subscribe'>;
  /** The main destination's failover targets. */
  readonly targets: TargetSource;
  /** The main destination's id and label (default: `channel`). */
  readonly main?: DestinationRef;
  /** More destinations, each with its own failover list (another channel, a second platform). */
  readonly destinations?: readonly DestinationSpec[];
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
  /** Skips the wait before the next attempt of one destination (all of them without an id). */
  reconnectNow(destinationId?: string): void;
  /** Starts publishing to one more destination, at the latest keyframe when the stream runs. */
  addDestination(spec: DestinationSpec): Promise<void>;
  /** Ends one destination's publish cleanly; the others go on. The main destination cannot be removed. */
  removeDestination(id: string): Promise<void>;
  stats(): RelayStats;
}

export const DEFAULT_GRACE_MS = 10_000;
export const MAIN_DESTINATION: DestinationRef = { id: 'channel', label: 'Channel' };

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
  const input = { bytes: new RateWindow(), frames: new FrameRate() };
  let encoder: { info: StreamInfo | null; keyframes: [number | null, number | null] } | null = null;
  /** After an encoder reconnects, its video joins running publishes at its first keyframe. */
  let holdVideo = false;
  let graceTimer: NodeJS.Timeout | null = null;
  let statsTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let state: 'new' | 'running' | 'stopped' = 'new';

  const shared = {
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    open: options.openPublisher ?? rtmpPublisher({ ...DEFAULT_PUBLISHER_OPTIONS, ...options.publisher }),
    startSequence: () => cache.startSequence(),
    emit,
    now,
    sleep: options.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal })),
    random: options.random ?? Math.random,
    logger: options.logger,
  };
  const main = options.main ?? MAIN_DESTINATION;
  const newGroup = (destination: DestinationRef, role: 'failover' | 'fanout', source: TargetSource): TargetGroup =>
    new TargetGroup({
      ...shared,
      destination,
      role,
      source,
      // A destination that gives up stops alone; when none is left, the relay stops.
      onFatal: (reason) => {
        if (groups.every((group) => group.gaveUp)) void relay.stop(reason);
      },
    });
  const failover = newGroup(main, 'failover', options.targets);
  let groups: TargetGroup[] = [failover];
  for (const spec of options.destinations ?? []) {
    if (groups.some((group) => group.destination.id === spec.id)) throw new Error(`two destinations are called ${spec.id}`);
    groups.push(newGroup(refOf(spec), 'fanout', spec.targets));
  }

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
        input.frames.add(packet.timestamp, at);
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
      targets: failover.stats(at),
      destinations: groups.map((group) => group.destinationStats(at)),
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
    reconnectNow(destinationId) {
      for (const group of groups) if (destinationId === undefined || group.destination.id === destinationId) group.reconnectNow();
    },
    async addDestination(spec) {
      if (state === 'stopped') throw new Error('the relay has stopped');
      if (groups.some((group) => group.destination.id === spec.id)) throw new Error(`the destination ${spec.id} is already in the relay`);
      const group = newGroup(refOf(spec), 'fanout', spec.targets);
      if (state === 'running') await group.start();
      // Checked again: the relay may have stopped, or another call added it, while the targets were fetched.
      const stoppedMeanwhile = (state as string) === 'stopped';
      if (stoppedMeanwhile || groups.some((other) => other.destination.id === spec.id)) {
        await group.stop();
        if (stoppedMeanwhile) return;
        throw new Error(`the destination ${spec.id} is already in the relay`);
      }
      // With the stream running, its first connection starts at the cached keyframe; packets follow from the next one.
      groups = [...groups, group];
      options.logger?.info('relay destination added', { destination: spec.id, label: spec.label });
      emit({ event: 'destination-added', at: now(), destination: spec.id, label: spec.label });
    },
    async removeDestination(id) {
      if (id === main.id) throw new Error('the main destination stays while the relay runs: stop the relay instead');
      const group = groups.find((candidate) => candidate.destination.id === id);
      if (group === undefined) return;
      groups = groups.filter((candidate) => candidate !== group);
      await group.stop();
      options.logger?.info('relay destination removed', { destination: id });
      emit({ event: 'destination-removed', at: now(), destination: id, label: group.destination.label });
    },
    stats,
  };
  return relay;
}

function refOf(spec: DestinationRef): DestinationRef {
  return { id: spec.id, label: spec.label };
}

/** Targets that never change (explicit URLs: `companion relay`, a second platform): no fresh key after a refusal. */
export function fixedTargets(targets: readonly TargetSpec[]): TargetSource {
  return { targets: async () => targets, refreshAfterAuthFailure: async () => null };
}
