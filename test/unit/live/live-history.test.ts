// The plots' history: points land on their step from the stats' own time, steps with no stats stay empty
// (null), points and marks older than five minutes go, the marks say what happened and to which series,
// and a long broadcast keeps the history bounded.
import { describe, expect, it } from 'vitest';
import { LiveHistoryRecorder } from '../../../main/live/live-history.js';
import type { RelayStats, TargetStats } from '../../../main/relay/relay-types.js';

const START = Date.UTC(2026, 0, 1);

function target(id: string, bitrateKbps: number | null): TargetStats {
  const health = { sendBufferBytes: 0, drainSeconds: null, backlogSeconds: 0, droppedFrames: 0, droppedGops: 0, congested: false };
  return { id, label: `Ingest ${id}`, role: 'failover', state: bitrateKbps === null ? 'idle' : 'live', active: bitrateKbps !== null, bytes: 0, bitrateKbps, reconnects: 0, lastSwitchAt: null, lastError: null, lastFailure: null, ...health };
}

/** One destination per target, named after it (a failover list of one). */
function stats(at: number, inputKbps: number | null, targets: TargetStats[]): { event: 'stats'; at: number; stats: RelayStats } {
  const encoder = { connected: inputKbps !== null, codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30, bitrateKbps: inputKbps, measuredFps: 30, keyframeIntervalSeconds: 1 };
  const destinations = targets.map((one) => ({ id: `d-${one.id}`, label: `Destination ${one.id}`, state: 'live' as const, activeTargetId: one.id, bitrateKbps: one.bitrateKbps, reconnects: 0, lastFailure: null, nextRetryAt: null, targets: [one] }));
  return { event: 'stats', at, stats: { at, encoder, activeTargetId: null, nextRetryAt: null, targets, destinations } };
}

function recorder(clock: { now: number }): LiveHistoryRecorder {
  return new LiveHistoryRecorder({ now: () => clock.now });
}

describe('the live history', () => {
  it('is empty before any stats', () => {
    const view = recorder({ now: START }).view();
    expect(view).toMatchObject({ stepMs: 2000, input: [], series: [], marks: [] });
  });

  it('puts each stats on its step and leaves the steps without stats empty', () => {
    const clock = { now: START };
    const history = recorder(clock);
    history.record(stats(START, 2500, [target('a', 2400), target('b', null)]));
    history.record(stats(START + 2000, 2600, [target('a', 2500), target('b', null)]));
    history.record(stats(START + 8000, 2700, [target('a', 2450), target('b', null)]));
    clock.now = START + 9000;
    const view = history.view();
    expect(view.endAt).toBe(START + 10_000);
    expect(view.input).toEqual([2500, 2600, null, null, 2700]);
    // A destination that never carried the stream has no line.
    expect(view.series).toEqual([{ id: 'd-a', label: 'Destination a', kbps: [2400, 2500, null, null, 2450] }]);
  });

  it('marks switches, drops and the encoder lost and back, each with its series', () => {
    const clock = { now: START + 20_000 };
    const history = recorder(clock);
    history.record({ event: 'encoder-connected', at: START, codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30 });
    history.record({ event: 'target-failed', at: START + 1000, destination: 'channel', target: { id: 'a', label: 'Ingest a' }, role: 'failover', kind: 'dropped', reason: 'The ingest closed the connection.', fatal: false });
    history.record({ event: 'switched', at: START + 1100, destination: 'channel', from: { id: 'a', label: 'Ingest a' }, to: { id: 'b', label: 'Ingest b' } });
    history.record({ event: 'encoder-disconnected', at: START + 5000, reason: 'the encoder closed the connection' });
    history.record({ event: 'encoder-connected', at: START + 9000, codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30 });
    history.record({ event: 'target-connecting', at: START + 9500, destination: 'channel', target: { id: 'b', label: 'Ingest b' }, role: 'failover' });
    expect(history.view().marks).toEqual([
      { at: START + 1000, kind: 'drop', label: 'Ingest a: The ingest closed the connection.', destination: 'channel' },
      { at: START + 1100, kind: 'switch', label: 'Switched from Ingest a to Ingest b', destination: 'channel' },
      { at: START + 5000, kind: 'encoder-lost', label: 'Encoder lost: the encoder closed the connection', destination: null },
      { at: START + 9000, kind: 'encoder-back', label: 'Encoder back', destination: null },
    ]);
  });

  it('marks the bridge, and each congestion and drop with its destination', () => {
    const clock = { now: START + 20_000 };
    const history = recorder(clock);
    const congestion = { target: { id: 'a', label: 'Ingest a' }, role: 'fanout' as const, backlogSeconds: 2.4, droppedFrames: 10, droppedGops: 0 };
    history.record({ event: 'bridge-started', at: START, windowMs: 60_000, slate: '640x360 at 30 fps' });
    history.record({ event: 'bridge-ended', at: START + 3000, reason: 'encoder-back' });
    history.record({ event: 'target-congested', at: START + 4000, destination: 'channel', ...congestion });
    history.record({ event: 'target-recovered', at: START + 8000, destination: 'channel', ...congestion });
    history.record({ event: 'target-congested', at: START + 10_000, destination: 'd2', ...congestion });
    history.record({ event: 'target-failed', at: START + 11_000, destination: 'd2', target: { id: 'a', label: 'Ingest a' }, role: 'fanout', kind: 'timeout', reason: 'It stopped taking data.', fatal: false });
    const marks = history.view().marks.map((mark) => [mark.kind, mark.at - START, mark.destination]);
    expect(marks).toEqual([
      ['bridge-started', 0, null],
      ['bridge-ended', 3000, null],
      ['congestion', 4000, 'channel'],
      ['congestion', 10_000, 'd2'],
      ['drop', 11_000, 'd2'],
    ]);
    expect(history.view().marks.map((mark) => mark.label).slice(0, 3)).toEqual([
      'Encoder lost: holding slate sent (640x360 at 30 fps) for up to 60 s',
      'Holding ended: the encoder is back',
      'Ingest a cannot keep up: 2.4 s of stream waiting, frames are dropped',
    ]);
  });

  it('forgets what is older than five minutes, so a long broadcast stays bounded', () => {
    const clock = { now: START };
    const history = recorder(clock);
    for (let second = 0; second < 3600; second += 2) {
      clock.now = START + second * 1000;
      history.record(stats(clock.now, 2500 + (second % 7), [target('a', 2400)]));
      if (second % 10 === 0) history.record({ event: 'switched', at: clock.now, destination: 'd-a', from: { id: 'a', label: 'a' }, to: { id: 'a', label: 'a' } });
    }
    const view = history.view();
    expect(view.input.length).toBe(150);
    expect(view.input.every((kbps) => kbps !== null)).toBe(true);
    expect(view.series[0]!.kbps.length).toBe(150);
    expect(view.marks.length).toBe(30);
    expect(view.marks.every((mark) => mark.at > clock.now - 300_000)).toBe(true);
    expect(JSON.stringify(view).length).toBeLessThan(10_000);
  });

  it('drops a series whose points have all aged out', () => {
    const clock = { now: START };
    const history = recorder(clock);
    history.record(stats(START, 2500, [target('a', 2400)]));
    clock.now = START + 400_000;
    history.record(stats(clock.now, 2500, [target('b', 2400)]));
    expect(history.view().series.map((line) => line.id)).toEqual(['d-b']);
    expect(history.view().input).toEqual([2500]);
  });
});
