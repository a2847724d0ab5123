// Uploads yield to a broadcast on the same link. While the app is live, the upload speed follows the relay's
// send buffers, as TCP follows its losses (AIMD): as soon as media starts to wait for a destination's link
// (well before the 2 s at which the relay warns and starts dropping frames), the uploads' share is cut in
// half; while nothing waits and the uploads use what they have, it grows by a small step a second. When the
// broadcast ends the hold is lifted: the streamer's own limit or the timetable apply again.
// Events flow one way: this listens to the live service and sets the upload service's hold.
import type { Contract, LiveState } from '../../preload/contract.js';
import type { ContractEventSource } from '../typed-emitter.js';

export interface YieldRule {
  /** Media waiting for a link past this many seconds: the link is full, the uploads' share is cut. */
  readonly cutAboveSeconds: number;
  /** Less than this waiting counts as an empty buffer: the share may grow. */
  readonly calmBelowSeconds: number;
  /** A cut multiplies the share by this. */
  readonly cutFactor: number;
  /** What the share grows by at each calm decision, in bytes per second. */
  readonly stepBytesPerSecond: number;
  /** The share never goes under this, so uploads keep moving. */
  readonly floorBytesPerSecond: number;
  /** The share at the start of a broadcast, as a part of the uploads' speed then (the floor when they are idle). */
  readonly startShare: number;
  /** The share grows only while the uploads move at least this part of it (else growing proves nothing). */
  readonly usedShare: number;
  /** The shortest time between two decisions: the relay's stats come about once a second. */
  readonly decideEveryMs: number;
  /** After a cut, another waits this long unless the backlog is still growing: the link needs time to drain. */
  readonly holdAfterCutMs: number;
}

/**
 * The relay warns at 2 s of waiting media and drops GOPs at 3 s; a cut at 0.2 s leaves the link time to
 * drain long before. 0.1 s is under one 5 Mbit/s keyframe, so calm means really empty. What the relay sees
 * comes late: its queue fills only once 768 KiB are unacknowledged (about 1.2 s of a 5 Mbit/s stream), its
 * stats come once a second, and what the uploads already gave the kernel still goes after a cut; so the
 * probe is slow, 32 KiB/s (0.25 Mbit/s) a second, which overshoots by little in that time and refills a
 * 10 Mbit/s link's spare half in about 16 s. (At 64 KiB/s a run reached 1.2 s queued and 2 s by timestamps.) Growing only while the uploads move 85% of
 * their share keeps it from running far above what they take (TCP may hold them lower than the share: a
 * share nobody uses is no evidence the link has room, and a cut from a share too high comes too late).
 */
export const DEFAULT_YIELD_RULE: YieldRule = {
  cutAboveSeconds: 0.2,
  calmBelowSeconds: 0.1,
  cutFactor: 0.5,
  stepBytesPerSecond: 32 * 1024,
  floorBytesPerSecond: 32 * 1024,
  startShare: 0.25,
  usedShare: 0.85,
  decideEveryMs: 900,
  holdAfterCutMs: 2000,
};

/** The waiting media a congested target is taken to hold (the relay says so from 2 s on). */
const CONGESTED_SECONDS = 2;

export interface LiveYieldOptions {
  readonly live: { readonly events: Pick<ContractEventSource<Contract>, 'on'> };
  readonly uploads: { holdForLive(bytesPerSecond: number | null): void; currentSpeed(): number };
  readonly rule?: YieldRule;
  readonly now?: () => number;
}

/**
 * The media time waiting for the slowest link, in seconds: the relay's own count (by timestamps) or its queued
 * bytes at the encoder's bitrate, whichever is more (the bytes include the socket's; the timestamps count
 * what was dropped in between).
 */
export function liveBacklogSeconds(state: LiveState): number {
  const bitrateKbps = state.encoder?.bitrateKbps ?? null;
  const streamBytesPerSecond = bitrateKbps !== null && bitrateKbps > 0 ? (bitrateKbps * 1000) / 8 : null;
  let worst = 0;
  for (const destination of state.destinations) {
    for (const target of destination.targets) {
      if (!target.active) continue;
      const waiting = Math.max(target.backlogSeconds, streamBytesPerSecond === null ? (target.drainSeconds ?? 0) : target.sendBufferBytes / streamBytesPerSecond);
      worst = Math.max(worst, target.congested ? Math.max(CONGESTED_SECONDS, waiting) : waiting);
    }
  }
  return worst;
}

const broadcasting = (state: LiveState): boolean => state.phase === 'starting' || state.phase === 'live' || state.phase === 'ending';

export class LiveYield {
  readonly #options: LiveYieldOptions;
  readonly #rule: YieldRule;
  readonly #now: () => number;
  /** The uploads' share while live, in bytes per second; null while not live. */
  #share: number | null = null;
  #decidedAt = -Infinity;
  #cutAt = -Infinity;
  #lastBacklog = 0;
  readonly #unsubscribe: () => void;

  constructor(options: LiveYieldOptions) {
    this.#options = options;
    this.#rule = options.rule ?? DEFAULT_YIELD_RULE;
    this.#now = options.now ?? (() => performance.now());
    this.#unsubscribe = options.live.events.on('live', (state) => this.observe(state));
  }

  /** The uploads' share now; null while not live. */
  get share(): number | null {
    return this.#share;
  }

  /** One live state: starts, adjusts or lifts the hold. */
  observe(state: LiveState): void {
    const rule = this.#rule;
    if (!broadcasting(state)) {
      if (this.#share !== null) this.#set(null);
      return;
    }
    const now = this.#now();
    const backlog = liveBacklogSeconds(state);
    if (this.#share === null) {
      this.#decidedAt = now;
      this.#lastBacklog = backlog;
      this.#set(Math.max(rule.floorBytesPerSecond, this.#options.uploads.currentSpeed() * rule.startShare));
      return;
    }
    if (now - this.#decidedAt < rule.decideEveryMs) return;
    this.#decidedAt = now;
    const growing = backlog > this.#lastBacklog;
    this.#lastBacklog = backlog;
    if (backlog > rule.cutAboveSeconds && (growing || now - this.#cutAt >= rule.holdAfterCutMs)) {
      this.#cutAt = now;
      this.#set(Math.max(rule.floorBytesPerSecond, this.#share * rule.cutFactor));
    } else if (backlog < rule.calmBelowSeconds && this.#options.uploads.currentSpeed() >= this.#share * rule.usedShare) {
      this.#set(this.#share + rule.stepBytesPerSecond);
    }
  }

  close(): void {
    this.#unsubscribe();
    if (this.#share !== null) this.#set(null);
  }

  #set(share: number | null): void {
    this.#share = share === null ? null : Math.round(share);
    this.#options.uploads.holdForLive(this.#share);
  }
}
