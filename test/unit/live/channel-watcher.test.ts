// The channel watcher on a hand-moved clock: polls while watched, reports changes only, backs off on errors.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../main/platform/endpoints/index.js';
import { ChannelWatcher, type ChannelWatcherEvent } from '../../../main/live/channel-watcher.js';
import { ManualClock, settle } from './manual-clock.js';
import { channel, refused, unreachable } from './fake-platform.js';

const CHANNEL = '5001';

function watcherWith(answers: () => Channel, options: { intervalMs?: number; maxBackoffMs?: number } = {}) {
  const clock = new ManualClock();
  const events: ChannelWatcherEvent[] = [];
  let polls = 0;
  const watcher = new ChannelWatcher({
    channels: {
      get: async (id) => {
        expect(id).toBe(CHANNEL);
        polls += 1;
        return answers();
      },
    },
    channelId: CHANNEL,
    clock,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { watcher, clock, events, polls: () => polls };
}

describe('watching a channel', () => {
  it('polls at once and every 5 s, and reports status and viewer changes only', async () => {
    let answer = channel(CHANNEL, 'offair', { viewer_total: 10 });
    const { watcher, clock, events, polls } = watcherWith(() => answer);
    const unwatch = watcher.watch();
    await settle();
    expect(polls()).toBe(1);
    expect(events).toEqual([{ type: 'channel-changed', channelId: CHANNEL, activity: { status: 'offair', viewers: null, viewerTotal: 10 }, previous: null }]);

    await clock.advance(5_000);
    expect(polls()).toBe(2);
    expect(events).toHaveLength(1);

    answer = channel(CHANNEL, 'live', { viewer_total: 11, viewer: 1 });
    await clock.advance(5_000);
    answer = channel(CHANNEL, 'live', { viewer_total: 14, viewer: 4 });
    await clock.advance(5_000);
    answer = channel(CHANNEL, 'offair', { viewer_total: 14 });
    await clock.advance(5_000);
    expect(events.slice(1).map((event) => (event.type === 'channel-changed' ? event.activity : event))).toEqual([
      { status: 'live', viewers: 1, viewerTotal: 11 },
      { status: 'live', viewers: 4, viewerTotal: 14 },
      { status: 'offair', viewers: null, viewerTotal: 14 },
    ]);
    expect(watcher.activity).toEqual({ status: 'offair', viewers: null, viewerTotal: 14 });
    unwatch();
  });

  it('polls while anyone watches, stops when the last one lets go, and drops an answer that arrives after', async () => {
    const { watcher, clock, events, polls } = watcherWith(() => channel(CHANNEL, 'live', { viewer_total: 1, viewer: 1 }));
    const first = watcher.watch();
    const second = watcher.watch();
    expect(watcher.watching).toBe(true);
    first();
    first();
    expect(watcher.watching).toBe(true);
    second();
    expect(watcher.watching).toBe(false);
    // The first poll was already asked for; its answer comes after the watching ended.
    await settle();
    expect(polls()).toBe(1);
    expect(events).toEqual([]);
    expect(clock.scheduled()).toEqual([]);
    await clock.advance(60_000);
    expect(polls()).toBe(1);

    const again = watcher.watch();
    await settle();
    expect(polls()).toBe(2);
    expect(events).toHaveLength(1);
    again();
  });
});

describe('when polling fails', () => {
  it('waits twice as long after each failure up to the maximum, then goes back to the interval', async () => {
    let failures = 4;
    const { watcher, clock, events } = watcherWith(
      () => {
        if (failures > 0) {
          failures -= 1;
          throw unreachable('GET /channels/<channel_id>.<format>');
        }
        return channel(CHANNEL, 'live', { viewer_total: 1, viewer: 1 });
      },
      { intervalMs: 1_000, maxBackoffMs: 5_000 },
    );
    const unwatch = watcher.watch();
    await settle();
    await clock.advance(2_000 + 4_000 + 5_000 + 5_000);
    expect(events.map((event) => (event.type === 'channel-poll-failed' ? event.retryInMs : event.type))).toEqual([2_000, 4_000, 5_000, 5_000, 'channel-changed']);
    expect(clock.scheduled()).toEqual([1_000]);
    unwatch();
  });

  it('names the channel when it is gone, and treats an answer without a status as a failure', async () => {
    let gone = true;
    const { watcher, events } = watcherWith(() => {
      if (gone) throw refused(404, 'not_found', 'GET /channels/<channel_id>.<format>');
      const { status: _status, ...withoutStatus } = channel(CHANNEL, 'live');
      return withoutStatus;
    });
    const unwatch = watcher.watch();
    await settle();
    expect(events[0]).toMatchObject({ type: 'channel-poll-failed', error: { code: 'channel_not_found' } });
    unwatch();
    gone = false;
    const again = watcher.watch();
    await settle();
    expect(events[1]).toMatchObject({ type: 'channel-poll-failed', error: { message: 'The platform did not say whether channel 5001 is live.' } });
    again();
  });

  it('after the stream ends, keeps a watch until the platform says off air, a minute at most', async () => {
    let answer = channel(CHANNEL, 'live', { viewer_total: 3, viewer: 3 });
    const { watcher, clock, polls } = watcherWith(() => answer);
    const unwatch = watcher.watch();
    await settle();
    watcher.releaseOnceOffAir(unwatch);
    await clock.advance(10_000);
    expect(watcher.watching).toBe(true);
    answer = channel(CHANNEL, 'offair', { viewer_total: 3 });
    await clock.advance(5_000);
    expect(watcher.activity?.status).toBe('offair');
    expect(watcher.watching).toBe(false);
    const seen = polls();
    await clock.advance(60_000);
    expect(polls()).toBe(seen);
    expect(clock.scheduled()).toEqual([]);

    // Still live after a minute (the platform is slow to notice): released anyway.
    answer = channel(CHANNEL, 'live', { viewer_total: 4, viewer: 1 });
    const again = watcher.watch();
    await settle();
    watcher.releaseOnceOffAir(again);
    await clock.advance(59_000);
    expect(watcher.watching).toBe(true);
    await clock.advance(1_000);
    expect(watcher.watching).toBe(false);

    // Already off air: released at once.
    answer = channel(CHANNEL, 'offair', { viewer_total: 4 });
    const third = watcher.watch();
    await settle();
    watcher.releaseOnceOffAir(third);
    expect(watcher.watching).toBe(false);
  });
});
