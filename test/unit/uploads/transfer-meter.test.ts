// Speed and time left of a transfer on a hand-moved clock: from the progress of the last few seconds.
import { describe, expect, it } from 'vitest';
import { TransferMeter } from '../../../main/uploads/transfer-meter.js';

function meterAt(): { meter: TransferMeter; at: (ms: number, bytes: number) => void } {
  let now = 0;
  const meter = new TransferMeter(() => now);
  return {
    meter,
    at(ms, bytes) {
      now = ms;
      meter.record(bytes);
    },
  };
}

describe('TransferMeter', () => {
  it('knows no speed nor time left until two samples are at least 200 ms apart', () => {
    const { meter, at } = meterAt();
    expect(meter.speed()).toBe(0);
    at(0, 0);
    at(150, 150_000);
    expect(meter.speed()).toBe(0);
    expect(meter.etaSeconds(1_000_000)).toBeNull();
    at(250, 250_000);
    expect(meter.speed()).toBe(1_000_000);
    expect(meter.etaSeconds(750_000)).toBe(1);
    expect(meter.etaSeconds(1_000_001)).toBe(2);
  });

  it('follows the last three seconds, so a slowdown shows', () => {
    const { meter, at } = meterAt();
    // 1 MB/s for 5 s, then 100 kB/s for 4 s.
    for (let second = 0; second <= 5; second += 1) at(second * 1000, second * 1_000_000);
    for (let second = 1; second <= 4; second += 1) at(5000 + second * 1000, 5_000_000 + second * 100_000);
    expect(meter.speed()).toBeCloseTo(100_000, 0);
  });

  it('starts over after a reset (a resumed transfer starts from the server bytes)', () => {
    const { meter, at } = meterAt();
    at(0, 0);
    at(1000, 1_000_000);
    meter.reset();
    expect(meter.speed()).toBe(0);
    at(2000, 1_000_000);
    at(3000, 1_500_000);
    expect(meter.speed()).toBe(500_000);
  });
});
