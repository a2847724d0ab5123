import { describe, expect, it } from 'vitest';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { DEFAULT_YIELD_RULE, LiveYield, liveBacklogSeconds } from '../../../main/upload-service/live-yield.js';
import type { Contract, LiveState } from '../../../preload/contract.js';

/** 5 Mbit/s: 625,000 bytes a second of media. */
const STREAM_KBPS = 5000;
const MEDIA_SECOND = 625_000;

/** The parts of a live state the yield reads: the phase, the encoder's bitrate, each active target's send buffer. */
function liveState(phase: LiveState['phase'], waitingSeconds: number[] = [0], congested = false): LiveState {
  const target = (seconds: number) => ({ active: true, sendBufferBytes: Math.round(seconds * MEDIA_SECOND), drainSeconds: null, backlogSeconds: 0, congested });
  return {
    phase,
    encoder: { connected: true, codecs: null, bitrateKbps: STREAM_KBPS, fps: 30, keyframeIntervalSeconds: 1 },
    destinations: waitingSeconds.map((seconds, index) => ({ id: `d${index}`, targets: [target(seconds), { ...target(9), active: false }] })),
  } as unknown as LiveState;
}

function rig(uploadSpeed = 1_200_000) {
  const events = new ContractEvents<Contract>();
  const holds: (number | null)[] = [];
  let clock = 0;
  const uploads = { speed: uploadSpeed, holdForLive: (limit: number | null) => void holds.push(limit), currentSpeed: () => uploads.speed };
  const controller = new LiveYield({ live: { events }, uploads, now: () => clock });
  /** One live state a second later. */
  const tick = (state: LiveState) => {
    clock += 1000;
    events.emit('live', state);
    return controller.share;
  };
  return { events, holds, uploads, controller, tick };
}

describe('the live yield', () => {
  it('measures the slowest active link in seconds of media, a congested one at 2 s at least', () => {
    expect(liveBacklogSeconds(liveState('live', [0.1, 0.6]))).toBeCloseTo(0.6);
    expect(liveBacklogSeconds(liveState('live', [0.1], true))).toBe(2);
    expect(liveBacklogSeconds(liveState('idle', []))).toBe(0);
    // Frames dropped from the queue: its bytes say less than its timestamps.
    const dropped = liveState('live', [0.4]);
    (dropped.destinations[0]!.targets[0] as { backlogSeconds: number }).backlogSeconds = 1.5;
    expect(liveBacklogSeconds(dropped)).toBe(1.5);
  });

  it('holds uploads to a quarter of their speed as the broadcast starts, and cuts in half as soon as media waits', () => {
    const { tick, holds } = rig();
    expect(tick(liveState('starting'))).toBe(300_000);
    // Past 0.25 s and growing: cut, and again while it still grows.
    expect(tick(liveState('live', [0.3]))).toBe(150_000);
    expect(tick(liveState('live', [0.5]))).toBe(75_000);
    // Still high but no longer growing: the link gets time to drain before the next cut.
    expect(tick(liveState('live', [0.4]))).toBe(75_000);
    expect(tick(liveState('live', [0.35]))).toBe(37_500);
    // Never under the floor, so the uploads go on.
    expect(tick(liveState('live', [1.5], true))).toBe(DEFAULT_YIELD_RULE.floorBytesPerSecond);
    expect(holds.every((hold) => hold !== null)).toBe(true);
  });

  it('grows by a step a second while nothing waits and the uploads use their share; holds in between', () => {
    const { tick, uploads } = rig();
    tick(liveState('live'));
    expect(tick(liveState('live', [0]))).toBe(300_000 + 32_768);
    expect(tick(liveState('live', [0.05]))).toBe(300_000 + 2 * 32_768);
    // A keyframe in the socket: neither calm nor full.
    expect(tick(liveState('live', [0.2]))).toBe(300_000 + 2 * 32_768);
    // Uploads that do not use their share prove nothing about the link: no growth.
    uploads.speed = 100_000;
    expect(tick(liveState('live', [0]))).toBe(300_000 + 2 * 32_768);
  });

  it('decides at most about once a second however often the live state changes', () => {
    const { events, controller } = rig();
    events.emit('live', liveState('live'));
    const start = controller.share;
    for (let count = 0; count < 5; count += 1) events.emit('live', liveState('live', [1]));
    expect(controller.share).toBe(start);
  });

  it('gives the bandwidth back when the broadcast ends, and starts again at the next one', () => {
    const { tick, holds, uploads, controller } = rig();
    tick(liveState('live'));
    tick(liveState('live', [0.5]));
    tick(liveState('ending'));
    expect(holds.at(-1)).not.toBeNull();
    expect(tick(liveState('idle', []))).toBeNull();
    expect(holds.at(-1)).toBeNull();
    // Nothing more is said while off air.
    const said = holds.length;
    tick(liveState('idle', []));
    expect(holds).toHaveLength(said);
    uploads.speed = 0;
    expect(tick(liveState('starting'))).toBe(DEFAULT_YIELD_RULE.floorBytesPerSecond);
    controller.close();
    expect(holds.at(-1)).toBeNull();
  });
});
