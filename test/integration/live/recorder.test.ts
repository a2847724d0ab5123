// The recorder and the channel watcher over real HTTP against the sandbox, with a real encoder (ffmpeg)
// publishing to the sandbox's RTMP ingest with the keeper's first target: recordings become videos,
// the limit ends one, the watcher sees the broadcast come and go, and "record when live" follows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { ChannelWatcher, type ChannelWatcherEvent } from '../../../main/live/channel-watcher.js';
import { Recorder, type RecorderEvent } from '../../../main/live/recorder.js';
import { StreamingKeyKeeper } from '../../../main/live/streaming-key-keeper.js';
import { BENEFITS } from '../../../sandbox/index.js';
import { Encoders, type Encoder } from '../../support/synthetic-encoder.js';
import { startSandboxApis, type SandboxApis } from '../platform/endpoints/sandbox-api.js';

let apis: SandboxApis;
const encoders = new Encoders();

beforeAll(async () => {
  apis = await startSandboxApis();
});

afterAll(async () => {
  encoders.killAll();
  await apis?.sandbox.close();
});

function recorderFor(channelId = apis.demoChannelId, recordWhenLive = false) {
  const events: RecorderEvent[] = [];
  const recorder = new Recorder({ platform: apis.api, channelId, recordWhenLive, onEvent: (event) => events.push(event) });
  return { recorder, events };
}

/** Publishes to the demo channel as a streamer's encoder would: to the first ingest URL with the streaming key. */
async function broadcast(seconds: number): Promise<Encoder> {
  const keeper = new StreamingKeyKeeper({ platform: apis.api, channelId: apis.demoChannelId, logger: createLogger({ sink: { write: () => undefined } }) });
  const [first] = await keeper.targets();
  return encoders.publish(first!.url, seconds);
}

const status = async () => (await apis.api.channels.get(apis.demoChannelId)).status;

/** expect.poll for hooks, where vitest does not allow it. */
async function statusBecomes(wanted: 'live' | 'offair', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await status()) !== wanted) {
    if (Date.now() > deadline) throw new Error(`channel ${apis.demoChannelId} did not become ${wanted} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const recordedVideo = (id: string) => apis.sandbox.admin.store.video(id);

describe('recording a live channel', () => {
  let encoder: Encoder;

  beforeAll(async () => {
    encoder = await broadcast(30);
    await statusBecomes('live');
  });

  afterAll(async () => {
    encoders.killAll();
    await encoder.exited;
    await statusBecomes('offair');
  });

  it('starts, counts down the channel limit, and stops with the video it became', async () => {
    const { recorder, events } = recorderFor();
    const state = await recorder.start();
    expect(state).toMatchObject({ state: 'recording', limitSeconds: 8 * 3600, videoId: expect.stringMatching(/^\d+$/) });
    const videoId = state.state === 'recording' ? state.videoId : null;
    expect(recorder.remainingSeconds()).toBeGreaterThan(8 * 3600 - 2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const video = await recorder.stop();
    recorder.close();
    expect(video).toEqual({ id: videoId, url: `${apis.sandbox.apiUrl}/videos/${videoId}.json` });
    expect(events.map((event) => event.type)).toEqual(['recording-started', 'recording-stopped']);
    expect(recordedVideo(videoId!)).toMatchObject({ source: 'recording', channelId: apis.demoChannelId });
    expect(Number(recordedVideo(videoId!)!.length)).toBeGreaterThan(1);
  });

  it('ends a recording at the channel limit and still finds its video', async () => {
    apis.sandbox.admin.store.channel(apis.demoChannelId)!.recordingLimit = 2;
    try {
      const { recorder, events } = recorderFor();
      await recorder.start();
      await expect.poll(() => events.map((event) => event.type), { timeout: 10_000 }).toEqual(['recording-started', 'recording-limit-reached', 'recording-stopped']);
      const stopped = events[2];
      expect(stopped).toMatchObject({ type: 'recording-stopped', reason: 'limit-reached', video: { id: expect.any(String) } });
      const video = stopped?.type === 'recording-stopped' ? stopped.video : null;
      expect(Number(recordedVideo(video!.id)!.length)).toBeLessThanOrEqual(2.5);
      expect(recorder.state()).toEqual({ state: 'idle' });
    } finally {
      apis.sandbox.admin.store.channel(apis.demoChannelId)!.recordingLimit = 8 * 3600;
    }
  });
});

describe('without a broadcast', () => {
  it('refuses to start an off-air channel, and a stop gives no video', async () => {
    const { recorder } = recorderFor();
    await expect(recorder.start()).rejects.toMatchObject({ code: 'channel_off_air' });
    expect(await recorder.stop()).toBeNull();
  });

  it("says when the channel is another account's or missing", async () => {
    const rivalChannel = apis.sandbox.admin.store.data.channels.find((channel) => channel.title === 'Rival Channel')!;
    await expect(recorderFor(rivalChannel.id).recorder.start()).rejects.toMatchObject({ code: 'not_channel_owner' });
    await expect(recorderFor('999999').recorder.stop()).rejects.toMatchObject({ code: 'channel_not_found' });
  });
});

describe('autorecord', () => {
  it('sets the mode, and a plan without autorecording gets a clear error', async () => {
    const { recorder } = recorderFor();
    await recorder.setAutorecord('private');
    expect(apis.sandbox.admin.store.channel(apis.demoChannelId)!.autorecord).toBe('private');
    await recorder.setAutorecord('disabled');

    apis.sandbox.admin.setBenefits('demo', BENEFITS.filter((benefit) => benefit !== 'autorecord'));
    try {
      const error: unknown = await recorder.setAutorecord('public').catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(CompanionError);
      expect(error).toMatchObject({ code: 'autorecord_not_in_plan', message: expect.stringMatching(/^Your plan does not include autorecording/) });
      expect(recorder.autorecord()).toBe('disabled');
    } finally {
      apis.sandbox.admin.setBenefits('demo', [...BENEFITS]);
    }
  });
});

describe('following the broadcast', () => {
  it('the watcher sees off air, live, off air; "record when live" records that broadcast by itself', async () => {
    const watcherEvents: ChannelWatcherEvent[] = [];
    const { recorder, events } = recorderFor(apis.demoChannelId, true);
    const watcher = new ChannelWatcher({
      channels: apis.api.channels,
      channelId: apis.demoChannelId,
      intervalMs: 200,
      onEvent: (event) => {
        watcherEvents.push(event);
        if (event.type === 'channel-changed') recorder.channelStatus(event.activity.status);
      },
    });
    const unwatch = watcher.watch();
    try {
      await expect.poll(() => watcher.activity?.status).toBe('offair');
      const encoder = await broadcast(5);
      await expect.poll(() => events.map((event) => event.type), { timeout: 10_000 }).toEqual(['recording-started']);
      expect(events[0]).toMatchObject({ trigger: 'record-when-live' });
      expect(await encoder.exited).toBe(0);
      await expect.poll(() => events.map((event) => event.type), { timeout: 10_000 }).toEqual(['recording-started', 'recording-stopped']);
    } finally {
      unwatch();
      recorder.close();
    }
    expect(watcherEvents.map((event) => (event.type === 'channel-changed' ? event.activity.status : event.type))).toEqual(['offair', 'live', 'offair']);
    const stopped = events[1];
    expect(stopped).toMatchObject({ type: 'recording-stopped', reason: 'broadcast-ended', video: { id: expect.any(String) } });
    const video = stopped?.type === 'recording-stopped' ? stopped.video : null;
    expect(recordedVideo(video!.id)).toMatchObject({ source: 'recording' });
    expect(recorder.summary()).toMatchObject({ state: 'idle', recordWhenLive: true, lastVideo: video });
  });
});
