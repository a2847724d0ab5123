// The last five minutes of a broadcast for the Go live panel's plots: the encoder's bitrate and each
// destination's, one point per stats step, from the
// relay's `stats` events; and marks for what happened on the way, from its other events and the local
// ingest's (failover switches, drops, the encoder lost and back, the bridge, congestion). Memory is
// bounded: points and marks older than the window are dropped, and the marks are capped.
import type { LiveHistory, LiveHistoryMarkKind } from '../../preload/contract.js';
import type { BridgeEvent } from '../relay/encoder-bridge.js';
import type { EncoderEvent, RelayEvent, RelayStats } from '../relay/relay-types.js';

export interface LiveHistoryOptions {
  /** How far back the plots go (ms). */
  readonly windowMs?: number;
  /** One point per step (ms): the relay's stats come every 2 s. */
  readonly stepMs?: number;
  readonly maxMarks?: number;
  readonly now?: () => number;
}

/** What the history reads: the relay's events, the local ingest's and the encoder-drop bridge's. */
type HistoryEvent = EncoderEvent | RelayEvent | BridgeEvent;

interface Point {
  input: number | null;
  readonly series: Map<string, number | null>;
}

type Mark = LiveHistory['marks'][number];

export const HISTORY_WINDOW_MS = 5 * 60_000;
export const HISTORY_STEP_MS = 2000;
const MAX_MARKS = 200;

export class LiveHistoryRecorder {
  readonly #windowMs: number;
  readonly #stepMs: number;
  readonly #maxMarks: number;
  readonly #now: () => number;
  /** By step number (time / step). */
  readonly #points = new Map<number, Point>();
  /** Series labels in the order first seen (the channel first, as the relay lists it). */
  readonly #labels = new Map<string, string>();
  #marks: Mark[] = [];
  #encoderLost = false;

  constructor(options: LiveHistoryOptions = {}) {
    this.#windowMs = options.windowMs ?? HISTORY_WINDOW_MS;
    this.#stepMs = options.stepMs ?? HISTORY_STEP_MS;
    this.#maxMarks = options.maxMarks ?? MAX_MARKS;
    this.#now = options.now ?? Date.now;
  }

  /** Takes in any relay or encoder event; those that are neither a point nor a mark are ignored. */
  record(known: HistoryEvent): void {
    switch (known.event) {
      case 'stats':
        this.#sample(known.stats);
        break;
      case 'switched':
        this.#mark(known.at, 'switch', `Switched from ${known.from.label} to ${known.to.label}`, known.destination);
        break;
      case 'target-failed':
        this.#mark(known.at, 'drop', `${known.target.label}: ${known.reason}`, known.destination);
        break;
      case 'target-congested':
        this.#mark(known.at, 'congestion', `${known.target.label} cannot keep up: ${known.backlogSeconds.toFixed(1)} s of stream waiting, frames are dropped`, known.destination);
        break;
      case 'encoder-disconnected':
        this.#encoderLost = true;
        this.#mark(known.at, 'encoder-lost', `Encoder lost: ${known.reason}`, null);
        break;
      case 'encoder-connected':
        if (this.#encoderLost) this.#mark(known.at, 'encoder-back', 'Encoder back', null);
        this.#encoderLost = false;
        break;
      case 'bridge-started':
        this.#mark(known.at, 'bridge-started', `Encoder lost: holding slate sent (${known.slate}) for up to ${Math.round(known.windowMs / 1000)} s`, null);
        break;
      case 'bridge-ended':
        this.#mark(known.at, 'bridge-ended', known.reason === 'timeout' ? 'Holding ended: the encoder did not come back in time' : 'Holding ended: the encoder is back', null);
        break;
      default:
        break;
    }
  }

  /** The window ending now: series with no point in it are left out, and so are the empty steps before the first point. */
  view(): LiveHistory {
    const now = this.#now();
    this.#prune(now);
    const last = Math.floor(now / this.#stepMs);
    const steps = [...this.#points.keys()];
    const first = steps.length === 0 ? last + 1 : Math.min(...steps);
    const range = Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
    const series = [...this.#labels]
      .map(([id, label]) => ({ id, label, kbps: range.map((step) => this.#points.get(step)?.series.get(id) ?? null) }))
      .filter((line) => line.kbps.some((kbps) => kbps !== null));
    return {
      stepMs: this.#stepMs,
      endAt: (last + 1) * this.#stepMs,
      input: range.map((step) => this.#points.get(step)?.input ?? null),
      series,
      marks: [...this.#marks],
    };
  }

  #sample(stats: RelayStats): void {
    const step = Math.floor(stats.at / this.#stepMs);
    const point: Point = this.#points.get(step) ?? { input: null, series: new Map() };
    // While the encoder is away the relay's input is the bridge's slate, not the encoder.
    point.input = this.#encoderLost ? null : stats.encoder.bitrateKbps;
    for (const source of stats.destinations) {
      if (!this.#labels.has(source.id)) this.#labels.set(source.id, source.label);
      point.series.set(source.id, source.bitrateKbps);
    }
    this.#points.set(step, point);
    this.#prune(stats.at);
  }

  #mark(at: number, kind: LiveHistoryMarkKind, label: string, destination: string | null): void {
    this.#marks.push({ at, kind, label, destination });
    if (this.#marks.length > this.#maxMarks) this.#marks = this.#marks.slice(-this.#maxMarks);
  }

  #prune(now: number): void {
    const oldest = now - this.#windowMs;
    const firstStep = Math.floor(oldest / this.#stepMs) + 1;
    for (const step of this.#points.keys()) if (step < firstStep) this.#points.delete(step);
    this.#marks = this.#marks.filter((mark) => mark.at > oldest);
    const seen = new Set([...this.#points.values()].flatMap((point) => [...point.series.keys()]));
    for (const id of this.#labels.keys()) if (!seen.has(id)) this.#labels.delete(id);
  }
}
