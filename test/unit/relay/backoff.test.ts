import { expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from '../../../main/relay/backoff.js';

it('doubles from the base up to the cap, each wait between half and all of its ceiling', () => {
  const policy = { baseMs: 500, maxMs: 10_000 };
  expect([1, 2, 3, 4, 5, 6, 7, 60].map((round) => backoffDelay(round, policy, () => 0.999999))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  expect([1, 2, 6].map((round) => backoffDelay(round, policy, () => 0))).toEqual([250, 500, 5000]);
  expect(backoffDelay(3, policy, () => 0.5)).toBe(1500);
  expect(DEFAULT_BACKOFF).toEqual({ baseMs: 500, maxMs: 10_000 });
});
