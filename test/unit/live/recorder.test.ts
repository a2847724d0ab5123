// The recorder against a fake platform recorder on a hand-moved clock: the state and its countdown, the
// limit, "record when live", autorecord, and the platform's refusals as sentences.
import { describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import type { AutorecordMode, RecorderVideo } from '../../../main/platform/endpoints/index.js';
import { Recorder, type RecorderEvent, type RecorderPlatform } from '../../../main/live/recorder.js';
import { ManualClock, settle } from './manual-clock.js';
import { channel, refused, unreachable } from './fake-platform.js';

const CHANNEL = '5001';
const video = (id: string): RecorderVideo => ({ id, url: `http://api.example.test/videos/${id}.json` });

/** A platform recorder: records only a live channel; its GET shows the running recording, else the latest. */
class FakeRecorder {
  status: 'live' | 'offair' = 'live';
  limitSeconds = 3600;
  running: RecorderVideo | null = null;
  latest: RecorderVideo | null = video('900001');
  autorecord: AutorecordMode = 'disabled';
  hasAutorecordBenefit = true;
  /** Errors the next stop calls throw, in order. */
  stopFailures: Error[] = [];
  readonly calls: string[] = [];
  #nextId = 900100;

  readonly platform: RecorderPlatform = {
    channels: { get: async (id) => this.#answer('channel', () => channel(id, this.status)) },
    recording: {
      start: async () =>
        this.#answer('start', () => {
          if (this.status === 'live' && this.running === null) this.running = video(String(this.#nextId++));
        }),
      stop: async () =>
        this.#answer('stop', () => {
          const failure = this.stopFailures.shift();
          if (failure) throw failure;
          const stopped = this.running;
          this.end();
          return stopped;
        }),
      get: async () => this.#answer('get', () => this.running ?? this.latest),
      getLimit: async () => this.#answer('limit', () => this.limitSeconds),
      setAutorecord: async (_id, mode) =>
        this.#answer('autorecord', () => {
          if (!this.hasAutorecordBenefit) throw refused(402, 'payment_required', 'PUT /channels/<channel_id>/settings/autorecord.<format>');
          this.autorecord = mode;
        }),
    },
  };

  /** The platform ends the recording by itself (the limit, the end of the broadcast). */
  end(): void {
    if (this.running !== null) this.latest = this.running;
    this.running = null;
  }

  async #answer<T>(call: string, answer: () => T): Promise<T> {
    this.calls.push(call);
    return answer();
  }
}

function recorderWith(fake = new FakeRecorder(), clock = new ManualClock()) {
  const events: RecorderEvent[] = [];
  const recorder = new Recorder({ platform: fake.platform, channelId: CHANNEL, clock, onEvent: (event) => events.push(event) });
  return { recorder, fake, clock, events };
}

async function rejection(promise: Promise<unknown>): Promise<CompanionError> {
  const error: unknown = await promise.then(
    () => new Error('it succeeded'),
    (thrown: unknown) => thrown,
  );
  if (error instanceof CompanionError) return error;
  throw error;
}

describe('start and stop', () => {
  it('records a live channel, counts down its limit, and stops with the video', async () => {
    const { recorder, fake, clock, events } = recorderWith();
    const state = await recorder.start();
    const since = Math.floor(clock.now() / 1000);
    expect(state).toEqual({ state: 'recording', since, videoId: '900100', limitSeconds: 3600 });
    expect(events).toEqual([{ type: 'recording-started', channelId: CHANNEL, trigger: 'manual', since, videoId: '900100', limitSeconds: 3600 }]);
    expect(recorder.remainingSeconds()).toBe(3600);
    await clock.advance(10 * 60_000);
    expect(recorder.remainingSeconds()).toBe(3000);
    // Whole seconds, rounded up: the last second shows 1, not 0.
    expect(recorder.remainingSeconds(clock.now() + 49 * 60_000 + 59_500)).toBe(1);
    expect(recorder.remainingSeconds(clock.now() + 2 * 3600_000)).toBe(0);

    expect(await recorder.stop()).toEqual(video('900100'));
    expect(recorder.state()).toEqual({ state: 'idle' });
    expect(recorder.remainingSeconds()).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'recording-stopped', channelId: CHANNEL, video: video('900100'), reason: 'stopped' });
    expect(recorder.summary()).toEqual({ state: 'idle', since: null, limitSeconds: null, recordWhenLive: false, lastVideo: video('900100') });
    expect(fake.calls.filter((call) => call === 'start' || call === 'stop')).toEqual(['start', 'stop']);
    // Stopping cancelled the limit's timer.
    expect(clock.scheduled()).toEqual([]);
  });

  it('refuses an off-air channel before asking the recorder, which would silently record nothing', async () => {
    const { recorder, fake } = recorderWith();
    fake.status = 'offair';
    const error = await rejection(recorder.start());
    expect(error.code).toBe('channel_off_air');
    expect(error.message).toBe('Channel 5001 is off air: the platform records only during a broadcast. Start broadcasting first (or turn on "record when live").');
    expect(fake.calls).not.toContain('start');
    expect(recorder.state()).toEqual({ state: 'idle' });
  });

  it('says which channel is missing or not the account’s own', async () => {
    const missing = new FakeRecorder();
    missing.platform.channels.get = async () => {
      throw refused(404, 'not_found', 'GET /channels/<channel_id>.<format>');
    };
    expect(await rejection(recorderWith(missing).recorder.start())).toMatchObject({ code: 'channel_not_found', message: expect.stringContaining('There is no channel 5001') });
    const foreign = new FakeRecorder();
    foreign.platform.recording.stop = async () => {
      throw refused(403, 'lack_of_ownership', 'POST /channels/<channel_id>/recorder.<format>');
    };
    expect(await rejection(recorderWith(foreign).recorder.stop())).toMatchObject({ code: 'not_channel_owner' });
  });

  it('keeps one recording when started twice, and stops one started elsewhere', async () => {
    const { recorder, fake, events } = recorderWith();
    await Promise.all([recorder.start(), recorder.start()]);
    expect(fake.calls.filter((call) => call === 'start')).toEqual(['start']);
    expect(events.filter((event) => event.type === 'recording-started')).toHaveLength(1);

    const elsewhere = recorderWith(fake).recorder;
    expect(await elsewhere.stop()).toEqual(video('900100'));
    const idle = recorderWith(fake);
    expect(await idle.recorder.stop()).toBeNull();
    expect(idle.events).toEqual([{ type: 'recording-stopped', channelId: CHANNEL, video: null, reason: 'stopped' }]);
  });

  it('stays recording when a stop fails, so the stop can be tried again', async () => {
    const { recorder, fake, clock } = recorderWith();
    await recorder.start();
    fake.stopFailures.push(unreachable('POST /channels/<channel_id>/recorder.<format>'));
    await expect(recorder.stop()).rejects.toThrow('could not be reached');
    expect(recorder.state()).toMatchObject({ state: 'recording', videoId: '900100' });
    expect(clock.scheduled()).toHaveLength(1);
    expect(await recorder.stop()).toEqual(video('900100'));
  });
});

describe('the record time limit', () => {
  it('is read on its own, and reported when reached; the video the platform made is found though stop answers none', async () => {
    const { recorder, fake, clock, events } = recorderWith();
    fake.limitSeconds = 120;
    expect(await recorder.limitSeconds()).toBe(120);
    await recorder.start();
    await clock.advance(119_000);
    expect(recorder.remainingSeconds()).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['recording-started']);
    // The platform ends the recording at its limit; its stop then has nothing to stop.
    fake.end();
    await clock.advance(1_000);
    expect(events.slice(1)).toEqual([
      { type: 'recording-limit-reached', channelId: CHANNEL, limitSeconds: 120 },
      { type: 'recording-stopped', channelId: CHANNEL, video: video('900100'), reason: 'limit-reached' },
    ]);
    expect(recorder.state()).toEqual({ state: 'idle' });
  });

  it('is not watched after close()', async () => {
    const { recorder, clock, events } = recorderWith();
    await recorder.start();
    recorder.close();
    await clock.advance(2 * 3600_000);
    expect(events.map((event) => event.type)).toEqual(['recording-started']);
  });
});

describe('record when live', () => {
  it('starts when the channel goes live and finishes when the broadcast ends', async () => {
    const { recorder, fake, events } = recorderWith();
    recorder.setRecordWhenLive(true);
    fake.status = 'offair';
    recorder.channelStatus('offair');
    await settle();
    expect(fake.calls).toEqual([]);

    fake.status = 'live';
    recorder.channelStatus('live');
    await settle();
    expect(recorder.state()).toMatchObject({ state: 'recording', videoId: '900100' });
    expect(events.at(-1)).toMatchObject({ type: 'recording-started', trigger: 'record-when-live' });
    // The same status again changes nothing.
    recorder.channelStatus('live');
    await settle();
    expect(fake.calls.filter((call) => call === 'start')).toHaveLength(1);

    fake.status = 'offair';
    fake.end();
    recorder.channelStatus('offair');
    await settle();
    expect(events.at(-1)).toEqual({ type: 'recording-stopped', channelId: CHANNEL, video: video('900100'), reason: 'broadcast-ended' });
    expect(recorder.summary()).toMatchObject({ state: 'idle', recordWhenLive: true, lastVideo: video('900100') });
  });

  it('starts at once when turned on during a broadcast, and reports a failed automatic start as an event', async () => {
    const { recorder, fake, events } = recorderWith();
    recorder.channelStatus('live');
    await settle();
    expect(fake.calls).toEqual([]);
    recorder.setRecordWhenLive(true);
    await settle();
    expect(recorder.state()).toMatchObject({ state: 'recording' });

    const other = recorderWith();
    other.fake.status = 'offair';
    other.recorder.setRecordWhenLive(true);
    other.recorder.channelStatus('live');
    await settle();
    expect(other.events).toEqual([{ type: 'recording-failed', channelId: CHANNEL, action: 'start', error: expect.objectContaining({ code: 'channel_off_air' }) }]);
    expect(events.filter((event) => event.type === 'recording-failed')).toEqual([]);
  });
});

describe('autorecord', () => {
  it('sets the mode, remembers it, and explains a plan without autorecording', async () => {
    const { recorder, fake } = recorderWith();
    expect(recorder.autorecord()).toBeNull();
    await recorder.setAutorecord('private');
    expect(fake.autorecord).toBe('private');
    expect(recorder.autorecord()).toBe('private');

    fake.hasAutorecordBenefit = false;
    const error = await rejection(recorder.setAutorecord('public'));
    expect(error.code).toBe('autorecord_not_in_plan');
    expect(error.message).toMatch(/^Your plan does not include autorecording/);
    expect(recorder.autorecord()).toBe('private');
  });
});
