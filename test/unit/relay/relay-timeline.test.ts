import { expect, it } from 'vitest';
import { RelayTimeline } from '../../../main/relay/relay-timeline.js';

it('starts at 0, continues a reconnected encoder after the time it was away, and starts over after a reset', () => {
  let now = 1_000_000;
  const timeline = new RelayTimeline(() => now);
  expect([5000, 5033, 5066].map((timestamp) => timeline.map(timestamp))).toEqual([0, 33, 66]);
  // The encoder is away 2 s and comes back with its timestamps from 0.
  now += 2000;
  timeline.restart();
  expect([0, 33].map((timestamp) => timeline.map(timestamp))).toEqual([2066, 2099]);
  // Audio a little behind the first packet of a publish is not sent before 0.
  timeline.reset();
  expect([100, 90, 133].map((timestamp) => timeline.map(timestamp))).toEqual([0, 0, 33]);
});
