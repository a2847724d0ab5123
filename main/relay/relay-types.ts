// The relay engine's public types: targets and where they come from, the events it reports (for the
// CLI's --json lines and the Go live panel) and its stats. Events carry an `event` field, as the CLI's
// JSON lines do. Nothing here holds a stream key: targets are named by id and label, never by URL.
import type { Logger } from '../log/redacting-logger.js';
import type { FailureKind } from './publish-failure.js';

/** One place to publish to. `url` is the full publish URL, rtmp[s]://host[:port]/app/streamName. */
export interface TargetSpec {
  /** Stable across key refreshes, so a refreshed list can be matched to the targets in use. */
  readonly id: string;
  /** What the streamer sees: never holds a key. */
  readonly label: string;
  readonly url: string;
}

/** The failover targets, in order. The relay asks again for each new outbound session. */
export interface TargetSource {
  targets(): Promise<readonly TargetSpec[]>;
  /**
   * A target refused the stream key: fresh targets (a new key), or null when there are none. Asked at
   * most once per refusal streak; if the fresh targets are refused too, the relay stops.
   */
  refreshAfterAuthFailure(failed: TargetSpec): Promise<readonly TargetSpec[] | null>;
}

/** A place the stream goes to, besides the others: the channel, or a second platform. */
export interface DestinationRef {
  /** Stable for the destination's life; every target event carries it as `destination`. */
  readonly id: string;
  /** What the streamer sees: never holds a key. */
  readonly label: string;
}

/** One destination: its own failover list, connection, backoff and state. */
export interface DestinationSpec extends DestinationRef {
  readonly targets: TargetSource;
}

/** The part of the app's logger the relay writes to. */
export type RelayLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/** What the encoder sends, as far as it has told. */
export interface StreamInfo {
  readonly codecs: { readonly video: string | null; readonly audio: string | null };
  readonly width: number | null;
  readonly height: number | null;
  /** As the encoder declares it in its metadata; stats measure the real rate. */
  readonly fps: number | null;
}

export interface TargetRef {
  readonly id: string;
  readonly label: string;
}

/** The main destination's targets are `failover`; every other destination's are `fanout` (each destination fails over among its own). */
export type TargetRole = 'failover' | 'fanout';

export type TargetState =
  /** Not tried yet, or not in use (a failover target while another one is live). */
  | 'idle'
  | 'connecting'
  /** Publishing; the target has accepted the stream. */
  | 'live'
  /** Its last attempt or publish failed. */
  | 'failed'
  /** Gave up on it: its stream key was refused. */
  | 'stopped';

export interface TargetStats extends TargetRef {
  readonly role: TargetRole;
  readonly state: TargetState;
  /** The target the failover publish is on (or connecting to); fan-out targets while they publish. */
  readonly active: boolean;
  /** Sent to it so far, all sessions together. */
  readonly bytes: number;
  readonly bitrateKbps: number | null;
  /** Connection attempts after the first. */
  readonly reconnects: number;
  /** When the failover publish last moved to it (ms since the epoch). */
  readonly lastSwitchAt: number | null;
  readonly lastError: string | null;
  /** The kind of its last failure (`untrusted`: its TLS certificate), cleared when it goes live. */
  readonly lastFailure: FailureKind | null;
  /** Waiting to go out on its connection (queue and socket); 0 without one. */
  readonly sendBufferBytes: number;
  /** How long that takes at the measured send rate; null when the rate is unknown. */
  readonly drainSeconds: number | null;
  /** Media time waiting in its queue (by timestamps, so frames already dropped do not shorten it); 0 without a connection. */
  readonly backlogSeconds: number;
  /** Video frames and GOPs dropped because its link was slower than the stream, all sessions together. */
  readonly droppedFrames: number;
  readonly droppedGops: number;
  /** More than 2 s of media waits for its link (target-congested), until it has caught up (target-recovered). */
  readonly congested: boolean;
}

export type DestinationState =
  /** Waiting for the stream to have a start (or for the encoder to come back). */
  | 'idle'
  | 'connecting'
  | 'live'
  /** Every target of it failed in a row: the next round waits (`nextRetryAt`). */
  | 'retrying'
  /** Gave up: its stream key was refused again. The other destinations go on. */
  | 'stopped';

export interface DestinationStats extends DestinationRef {
  readonly state: DestinationState;
  readonly activeTargetId: string | null;
  readonly bitrateKbps: number | null;
  /** Connection attempts after the first, all its targets together. */
  readonly reconnects: number;
  /** Its last failure (kept after it recovers, with the time), or null. */
  readonly lastFailure: { readonly kind: FailureKind; readonly reason: string; readonly at: number } | null;
  readonly nextRetryAt: number | null;
  readonly targets: readonly TargetStats[];
}

export interface EncoderStats extends StreamInfo {
  readonly connected: boolean;
  readonly bitrateKbps: number | null;
  /** Measured: video frames per second over the last seconds. */
  readonly measuredFps: number | null;
  /** Media time between the last two keyframes. */
  readonly keyframeIntervalSeconds: number | null;
}

export interface RelayStats {
  readonly at: number;
  readonly encoder: EncoderStats;
  /** The main destination's active target. */
  readonly activeTargetId: string | null;
  /** When the main destination's next attempt starts, while it waits out a backoff. */
  readonly nextRetryAt: number | null;
  /** The main destination's targets (each destination's are in `destinations`). */
  readonly targets: readonly TargetStats[];
  /** One entry per destination, the main one first. */
  readonly destinations: readonly DestinationStats[];
}

/** Reported by the local ingest alone (the relay does not repeat them: each would be told twice). */
export type EncoderEvent =
  | ({ readonly event: 'encoder-connected'; readonly at: number } & StreamInfo)
  | { readonly event: 'encoder-disconnected'; readonly at: number; readonly reason: string }
  /** A publish to the local ingest with a wrong key or application; the key is not in the reason. */
  | { readonly event: 'encoder-refused'; readonly at: number; readonly reason: string; readonly address: string };

/** A congestion event's figures: media time waiting (seconds) and what its connection dropped so far. */
export interface CongestionFacts {
  readonly backlogSeconds: number;
  readonly droppedFrames: number;
  readonly droppedGops: number;
}

export type RelayEvent =
  | { readonly event: 'target-connecting'; readonly at: number; readonly destination: string; readonly target: TargetRef; readonly role: TargetRole }
  | { readonly event: 'target-connected'; readonly at: number; readonly destination: string; readonly target: TargetRef; readonly role: TargetRole }
  | {
      readonly event: 'target-failed';
      readonly at: number;
      readonly destination: string;
      readonly target: TargetRef;
      readonly role: TargetRole;
      /** `untrusted`: its TLS certificate (the reason says why); the failover then moves to the next target. */
      readonly kind: FailureKind;
      readonly reason: string;
      /** The destination gave up (its key was refused again); the other destinations go on. */
      readonly fatal: boolean;
    }
  /** Its link falls behind the stream: media waits, and frames will be dropped to keep the wait bounded. */
  | ({ readonly event: 'target-congested'; readonly at: number; readonly destination: string; readonly target: TargetRef; readonly role: TargetRole } & CongestionFacts)
  /** Its link has caught up: the wait is back under half a second. */
  | ({ readonly event: 'target-recovered'; readonly at: number; readonly destination: string; readonly target: TargetRef; readonly role: TargetRole } & CongestionFacts)
  /** A destination's publish moved to another of its targets; `at` is when the new target started receiving. */
  | { readonly event: 'switched'; readonly at: number; readonly destination: string; readonly from: TargetRef; readonly to: TargetRef }
  /** Every target of a destination failed in a row: its next round starts after a wait (reconnectNow skips it). */
  | { readonly event: 'retrying'; readonly at: number; readonly destination: string; readonly inMs: number; readonly target: TargetRef }
  /** A destination joined or left a running relay (switched on or off mid-broadcast). */
  | { readonly event: 'destination-added'; readonly at: number; readonly destination: string; readonly label: string }
  | { readonly event: 'destination-removed'; readonly at: number; readonly destination: string; readonly label: string }
  /** The encoder stayed away past the grace period: the outbound publishes were ended cleanly. */
  | { readonly event: 'session-ended'; readonly at: number; readonly reason: string }
  | { readonly event: 'stats'; readonly at: number; readonly stats: RelayStats }
  | { readonly event: 'stopped'; readonly at: number; readonly reason: string };
