import { describe, expect, it } from 'vitest';
import { FailoverPlan } from '../../../main/relay/failover-plan.js';
import type { TargetSpec } from '../../../main/relay/relay-types.js';

const target = (id: string): TargetSpec => ({ id, label: id.toUpperCase(), url: `rtmp://${id}.example/app/key` });
const [a, b, c] = [target('a'), target('b'), target('c')];
const BACKOFF = { baseMs: 500, maxMs: 10_000 };
/** Jitter at its top: every wait is its full ceiling. */
const top = () => 0.999999;

describe('target order', () => {
  it('starts at the first target and moves to the next one at once on a failure, wrapping around', () => {
    const plan = new FailoverPlan([a, b, c], BACKOFF, top);
    expect(plan.current).toBe(a);
    expect(plan.failed()).toEqual({ kind: 'connect', target: b, waitMs: 0, round: 0 });
    expect(plan.failed()).toEqual({ kind: 'connect', target: c, waitMs: 0, round: 0 });
    // Every target failed in a row: the next attempt (the first target again) waits.
    expect(plan.failed()).toEqual({ kind: 'connect', target: a, waitMs: 500, round: 1 });
    expect(plan.failed()).toMatchObject({ target: b, waitMs: 0 });
  });

  it('waits longer after each full round, up to the cap, and starts over after an accepted publish', () => {
    const plan = new FailoverPlan([a, b], BACKOFF, top);
    const waits = Array.from({ length: 14 }, () => plan.failed().waitMs).filter((ms) => ms > 0);
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    plan.accepted();
    expect(plan.failed()).toMatchObject({ waitMs: 0 });
    expect(plan.failed()).toMatchObject({ waitMs: 500, round: 1 });
  });

  it('keeps its place by target id when the list is renewed (a key extended)', () => {
    const plan = new FailoverPlan([a, b, c], BACKOFF, top);
    plan.failed();
    const renewed = [a, { ...b, url: 'rtmp://b.example/app/new-key' }, c];
    plan.update(renewed);
    expect(plan.current).toBe(renewed[1]);
    plan.update([c, a]);
    expect(plan.current).toBe(c);
  });

  it('needs at least one target', () => {
    expect(() => new FailoverPlan([], BACKOFF)).toThrow(/no targets/);
  });
});

describe('a refused stream key', () => {
  it('asks for fresh targets once, starts over with them, and gives up when they are refused too', () => {
    const plan = new FailoverPlan([a, b], BACKOFF, top);
    expect(plan.refused()).toEqual({ kind: 'refresh', failed: a });
    const fresh = [target('a2'), target('b2')];
    expect(plan.afterRefresh(fresh, a)).toEqual({ kind: 'connect', target: fresh[0], waitMs: 0, round: 0 });
    expect(plan.targets).toBe(fresh);
    expect(plan.refused()).toEqual({ kind: 'give-up', failed: fresh[0] });
  });

  it('gives up when no fresh targets come', () => {
    const plan = new FailoverPlan([a], BACKOFF, top);
    plan.refused();
    expect(plan.afterRefresh(null, a)).toEqual({ kind: 'give-up', failed: a });
    expect(plan.afterRefresh([], a)).toEqual({ kind: 'give-up', failed: a });
  });

  it('may refresh again once a publish was accepted in between (a key that expired hours later)', () => {
    const plan = new FailoverPlan([a, b], BACKOFF, top);
    plan.refused();
    plan.afterRefresh([a, b], a);
    plan.accepted();
    expect(plan.refused()).toEqual({ kind: 'refresh', failed: a });
  });

  it('does not count a refusal among the failures that lead to a backoff', () => {
    const plan = new FailoverPlan([a, b], BACKOFF, top);
    plan.refused();
    plan.afterRefresh([a, b], a);
    expect(plan.failed()).toMatchObject({ target: b, waitMs: 0 });
  });
});
