// What the encoder and the relay said about the broadcast, kept as facts: the checklist's steps, the
// relay's stats, and what the one on-air state is derived from (when the platform took the stream, when the
// encoder left, the channel's failing ingests and the next attempt). The live service hands every encoder
// and relay event here and reads the facts back.
import type { LiveState, SafetyCopyState } from '../../preload/contract.js';
import type { Relay } from '../relay/relay.js';
import type { EncoderEvent, RelayEvent, RelayStats } from '../relay/relay-types.js';
import { everyDestinationGaveUp } from './destination-runner.js';
import type { BridgeEvent } from './live-bridge.js';
import { LiveHistoryRecorder } from './live-history.js';
import { liveEncoder } from './live-relay-view.js';
import { onAirState, type AirFacts } from './on-air-state.js';
import type { PreflightFacts } from './preflight.js';

export interface LiveRelayFactsHooks {
  readonly listenUrl: () => string | null;
  readonly relay: () => Relay | undefined;
  /** An encoder was taken: a refusal said before is answered. */
  readonly encoderAccepted: () => void;
  /** Something the streamer must read (`encoderRefusal`: the local ingest refused an encoder). */
  readonly problem: (error: string, encoderRefusal?: boolean) => void;
  /** Every destination gave up: the broadcast ends. */
  readonly giveUp: (reason: string) => void;
  readonly now?: () => number;
}

/** Per broadcast: reset when one starts and when it ends. */
interface Broadcast {
  liveSince: number | null;
  encoderLostAt: number | null;
  paused: boolean;
  reconnectingSince: number | null;
  failure: AirFacts['failure'];
  retry: AirFacts['retry'];
  /** The relay's id of the channel's destination, learned from its failover events. */
  channel: string | null;
  diskSince: number | null;
  /** The ingest that carried the channel's stream last (and why it failed, once it has), and the last move from one ingest to another on air. */
  carriedBy: { readonly id: string; readonly label: string; failedWith: string | null } | null;
  movedOn: AirFacts['movedOn'];
}

function freshBroadcast(): Broadcast {
  return { liveSince: null, encoderLostAt: null, paused: false, reconnectingSince: null, failure: null, retry: null, channel: null, diskSince: null, carriedBy: null, movedOn: null };
}

export class LiveRelayFacts {
  phase: LiveState['phase'] = 'idle';
  ingest: PreflightFacts['ingest'] = { state: 'idle' };
  encoder: PreflightFacts['encoder'] = { state: 'waiting', listenUrl: null };
  target: PreflightFacts['target'] = { state: 'idle' };
  stats: RelayStats | null = null;
  readonly history = new LiveHistoryRecorder();
  readonly #hooks: LiveRelayFactsHooks;
  readonly #now: () => number;
  #broadcast: Broadcast = freshBroadcast();

  constructor(hooks: LiveRelayFactsHooks) {
    this.#hooks = hooks;
    this.#now = hooks.now ?? Date.now;
  }

  /** Go live was pressed: the ingest settings are being fetched. */
  begin(): void {
    this.phase = 'starting';
    this.ingest = { state: 'fetching' };
    this.target = { state: 'idle' };
    this.#broadcast = freshBroadcast();
  }

  /** The broadcast is over; a failed one keeps its failure for the alarm until the next one starts. */
  end(failed: boolean): void {
    this.phase = failed ? 'failed' : 'idle';
    this.ingest = { state: 'idle' };
    this.target = { state: 'idle' };
    this.stats = null;
    const failure = this.#broadcast.failure;
    this.#broadcast = freshBroadcast();
    if (failed) this.#broadcast.failure = failure;
  }

  /** The one on-air state, from these facts, the bridge's holding and the safety copy. */
  air(holding: { since: number; until: number } | null, copy: SafetyCopyState): LiveState['air'] {
    const b = this.#broadcast;
    const stopped = copy.state === 'stopped' && copy.warning !== null;
    if (!stopped) b.diskSince = null;
    else b.diskSince ??= this.#now();
    return onAirState({
      phase: this.phase,
      liveSince: b.liveSince,
      encoderLostAt: b.encoderLostAt,
      holding,
      paused: b.paused,
      reconnectingSince: b.reconnectingSince,
      failure: b.failure,
      retry: b.retry,
      disk: stopped && b.diskSince !== null ? { warning: copy.warning!, since: b.diskSince } : null,
      movedOn: b.movedOn,
    });
  }

  /** The encoder's figures, none while it is away: the bridge's slate is not the encoder. */
  encoderView(): LiveState['encoder'] {
    return this.encoder.state === 'connected' ? liveEncoder(this.stats, this.encoder) : null;
  }

  onEncoder(event: EncoderEvent): void {
    this.history.record(event);
    if (event.event === 'encoder-connected') {
      this.#hooks.encoderAccepted();
      this.encoder = { state: 'connected', codecs: [event.codecs.video, event.codecs.audio].filter((codec) => codec !== null).join(' + ') || null };
      this.#broadcast.encoderLostAt = null;
      this.#broadcast.paused = false;
    } else if (event.event === 'encoder-disconnected') {
      this.encoder = { state: 'waiting', listenUrl: this.#hooks.listenUrl() };
      if (this.#broadcast.liveSince !== null && (this.phase === 'live' || this.phase === 'starting')) this.#broadcast.encoderLostAt = event.at;
    } else {
      this.#hooks.problem(`An encoder was refused by the local ingest: ${event.reason}. Check the stream key in the encoder.`, true);
    }
  }

  onRelay(event: RelayEvent | BridgeEvent): void {
    this.history.record(event);
    const b = this.#broadcast;
    switch (event.event) {
      case 'target-connecting':
        if (event.role === 'failover') {
          b.channel = event.destination;
          this.target = { state: 'connecting', label: event.target.label };
        }
        break;
      case 'target-connected':
        if (event.role === 'failover') {
          // On air already, and another ingest takes the stream: a failover the streamer should hear of.
          if (b.liveSince !== null && b.carriedBy !== null && b.carriedBy.id !== event.target.id) {
            b.movedOn = { from: b.carriedBy.label, to: event.target.label, reason: b.carriedBy.failedWith, at: event.at };
          }
          b.carriedBy = { id: event.target.id, label: event.target.label, failedWith: null };
          this.target = { state: 'connected', label: event.target.label };
          this.phase = 'live';
          b.liveSince ??= event.at;
          b.reconnectingSince = null;
          b.failure = null;
          b.retry = null;
        }
        break;
      case 'target-failed':
        this.#failed(event);
        break;
      case 'retrying':
        if (event.destination === b.channel) b.retry = { label: event.target.label, from: event.at, at: event.at + event.inMs, since: b.retry?.since ?? event.at };
        break;
      case 'stats':
        this.stats = event.stats;
        break;
      case 'session-ended':
        // The encoder stayed away past the grace: the relay ended its publishes and waits for it (on-air-state.ts says so).
        b.paused = true;
        break;
      default:
        break;
    }
  }

  #failed(event: Extract<RelayEvent, { event: 'target-failed' }>): void {
    const b = this.#broadcast;
    if (event.role === 'failover') {
      b.failure = { kind: event.kind, reason: event.reason, since: b.failure?.since ?? event.at };
      if (b.carriedBy?.id === event.target.id) b.carriedBy.failedWith = event.reason;
      if (b.liveSince !== null) b.reconnectingSince ??= event.at;
    }
    if (event.fatal) {
      if (event.role === 'failover') this.target = { state: 'failed', error: event.reason };
      this.#hooks.problem(event.reason);
      if (everyDestinationGaveUp(this.#hooks.relay())) {
        this.phase = 'failed';
        this.#hooks.giveUp(event.reason);
      }
    } else if (event.kind === 'untrusted' && event.role === 'failover') {
      // Said at once, not only in the target's row: the stream goes on, but not over the TLS ingest it was meant for.
      this.#hooks.problem(`${event.target.label}: ${event.reason} Meanwhile the stream goes to the next ingest.`);
    }
  }
}
