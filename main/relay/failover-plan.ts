// Which target to try next, and when: the pure rules of the relay's failover, apart from sockets and
// clocks. Targets are tried in order; a failure moves to the next one (wrapping around) at once, and
// once every target has failed in a row, the next attempt waits (backoff.ts). A refused stream key asks
// for fresh targets (a new key) once; if they are refused too, the relay gives up instead of looping.
// An accepted publish clears both the failure streak and the refresh.
import { backoffDelay, type BackoffPolicy } from './backoff.js';
import type { TargetSpec } from './relay-types.js';

export type NextStep =
  /** Try `target` after `waitMs` (0: now). */
  | { readonly kind: 'connect'; readonly target: TargetSpec; readonly waitMs: number; readonly round: number }
  /** Ask the target source for fresh targets (a new key), then call afterRefresh. */
  | { readonly kind: 'refresh'; readonly failed: TargetSpec }
  /** The key was refused again after a refresh, or no fresh targets came: stop. */
  | { readonly kind: 'give-up'; readonly failed: TargetSpec };

export class FailoverPlan {
  #targets: readonly TargetSpec[];
  #index = 0;
  /** Failures since the last accepted publish. */
  #streak = 0;
  #refreshed = false;
  readonly #backoff: BackoffPolicy;
  readonly #random: () => number;

  constructor(targets: readonly TargetSpec[], backoff: BackoffPolicy, random: () => number = Math.random) {
    if (targets.length === 0) throw new Error('no targets to publish to');
    this.#targets = targets;
    this.#backoff = backoff;
    this.#random = random;
  }

  get current(): TargetSpec {
    return this.#targets[this.#index]!;
  }

  get targets(): readonly TargetSpec[] {
    return this.#targets;
  }

  /** A newer list of the same targets (a key extended in between): keeps the place by target id. */
  update(targets: readonly TargetSpec[]): void {
    if (targets.length === 0) return;
    const at = targets.findIndex((target) => target.id === this.current.id);
    this.#targets = targets;
    this.#index = at >= 0 ? at : 0;
  }

  accepted(): void {
    this.#streak = 0;
    this.#refreshed = false;
  }

  /** The current target failed for a reason other than its key. */
  failed(): Extract<NextStep, { kind: 'connect' }> {
    this.#streak += 1;
    this.#index = (this.#index + 1) % this.#targets.length;
    const fullRound = this.#streak % this.#targets.length === 0;
    const round = Math.floor(this.#streak / this.#targets.length);
    return { kind: 'connect', target: this.current, waitMs: fullRound ? backoffDelay(round, this.#backoff, this.#random) : 0, round };
  }

  /** The current target refused the stream key. */
  refused(): NextStep {
    const failed = this.current;
    if (this.#refreshed) return { kind: 'give-up', failed };
    this.#refreshed = true;
    return { kind: 'refresh', failed };
  }

  /** What the source answered to the refresh: fresh targets to start over with, or null. */
  afterRefresh(fresh: readonly TargetSpec[] | null, failed: TargetSpec): NextStep {
    if (fresh === null || fresh.length === 0) return { kind: 'give-up', failed };
    this.#targets = fresh;
    this.#index = 0;
    this.#streak = 0;
    return { kind: 'connect', target: this.current, waitMs: 0, round: 0 };
  }
}
