import { describe, expect, it } from 'vitest';
import { ContractEvents, mergeEventSources } from '../../../main/typed-emitter.js';
import type { TestContract } from '../../support/test-contract.js';

describe('mergeEventSources', () => {
  it("delivers every source's events to one subscriber until it unsubscribes, and `on` picks one event", () => {
    const first = new ContractEvents<TestContract>();
    const second = new ContractEvents<TestContract>();
    const merged = mergeEventSources([first, second]);
    const all: number[] = [];
    const ticks: number[] = [];
    const unsubscribe = merged.subscribe((_event, payload) => all.push(payload.count));
    const offTicks = merged.on('tick', ({ count }) => ticks.push(count));
    first.emit('tick', { count: 1 });
    second.emit('tick', { count: 2 });
    unsubscribe();
    offTicks();
    first.emit('tick', { count: 3 });
    expect(all).toEqual([1, 2]);
    expect(ticks).toEqual([1, 2]);
  });
});
