import { expect, it } from 'vitest';
import { RateWindow } from '../../../main/relay/rate-window.js';

it('gives the rate over the last seconds, or since the first amount when that is shorter', () => {
  const rate = new RateWindow(5000);
  expect(rate.perSecond(0)).toBeNull();
  rate.add(1000, 10_000);
  rate.add(1000, 11_000);
  expect(rate.perSecond(12_000)).toBe(1000);
  for (let at = 12_000; at < 30_000; at += 1000) rate.add(500, at);
  expect(rate.perSecond(30_000)).toBe(500);
  // Nothing for a while: the window empties.
  expect(rate.perSecond(40_000)).toBe(0);
  rate.reset();
  expect(rate.perSecond(40_000)).toBeNull();
});

it('reads an even flow at its rate when asked between bucket edges (it read up to a fifth too high)', () => {
  const rate = new RateWindow(5000);
  // 30 frames a second, one every 33.3 ms, from t = 10.2 s.
  let at = 10_200;
  for (let frame = 0; frame < 30 * 20; frame += 1) {
    rate.add(1, Math.round(at));
    at += 1000 / 30;
    if (frame > 30 * 6 && frame % 7 === 0) expect(rate.perSecond(Math.round(at))).toBeCloseTo(30, 0);
  }
});
