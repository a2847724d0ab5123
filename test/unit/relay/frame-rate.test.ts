import { expect, it } from 'vitest';
import { FrameRate } from '../../../main/relay/frame-rate.js';
import { RateWindow } from '../../../main/relay/rate-window.js';

/**
 * 30 fps by their timestamps; the first 2 s of them (an encoder's backlog at connect) arrive at once, the
 * rest as they are made. Returns the wall clock after `seconds` of media.
 */
function backlogged(rate: FrameRate | RateWindow, seconds: number): number {
  const start = 50_000;
  let wall = start;
  for (let frame = 0; frame < seconds * 30; frame++) {
    const timestamp = Math.round((frame * 1000) / 30);
    wall = Math.max(start, start + timestamp - 2000);
    if (rate instanceof FrameRate) rate.add(timestamp, wall);
    else rate.add(1, wall);
  }
  return wall;
}

it('reads 30 fps as 30 from the timestamps when frames arrive in a burst (counted arrivals read 50)', () => {
  const rate = new FrameRate();
  expect(rate.perSecond(0)).toBeNull();
  const wall = backlogged(rate, 5);
  expect(rate.perSecond(wall)).toBeCloseTo(30, 0);
  const arrivals = new RateWindow(5000);
  expect(arrivals.perSecond(backlogged(arrivals, 5))).toBeGreaterThan(45);
});

it('says 0 once frames stop arriving, and starts over on a new timeline', () => {
  const rate = new FrameRate();
  const wall = backlogged(rate, 3);
  expect(rate.perSecond(wall + 2500)).toBe(0);
  // The encoder restarted its clock at 0, now at 25 fps.
  for (let frame = 0; frame < 50; frame++) rate.add(frame * 40, wall + 3000 + frame * 40);
  expect(rate.perSecond(wall + 5000)).toBeCloseTo(25, 5);
  rate.reset();
  expect(rate.perSecond(wall + 5000)).toBeNull();
});
