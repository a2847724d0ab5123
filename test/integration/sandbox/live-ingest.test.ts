// The sandbox's RTMP ingest and cloud recorder end to end: ffmpeg publishes a synthetic stream to the
// real ingest (node-media-server in its child process), the API reports the channel live and off air,
// and recordings become videos whose files ffprobe reads.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import type { Channel } from '../../../sandbox/state/model.js';
import { api, passwordToken } from '../../support/sandbox-client.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';

let sandbox: Sandbox;
let demo: string;
let rival: string;
const encoders = new Encoders();
/** Ids of the videos the store announced (what hooks deliver as video.create). */
const created: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  demo = await passwordToken(sandbox);
  rival = await passwordToken(sandbox, sandbox.rival);
  sandbox.admin.store.on('video-created', (video) => created.push(video.id));
});

afterAll(async () => {
  encoders.killAll();
  await sandbox?.close();
});

function channelTitled(title: string): Channel {
  return sandbox.admin.store.data.channels.find((channel) => channel.title === title)!;
}

async function ingestSettings(channel: Channel) {
  const answer = await api<{ rtmp_urls: string[]; channel_key: string; streaming_key: string }>(sandbox, demo, 'GET', `/channels/${channel.id}/ingest.json`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The ingest's log lines that say a publish was refused. */
async function refusals(): Promise<string[]> {
  const log = await readFile(join(sandbox.dataDir, 'rtmp', 'ingest.log'), 'utf8');
  return log.split('\n').filter((line) => line.includes('refused a publish'));
}

const recordingsOf = (channel: Channel) => sandbox.admin.store.data.videos.filter((video) => video.channelId === channel.id && video.source === 'recording');

describe('ingest settings and keys', () => {
  it('hands out two ingest URLs, the channel key, and a streaming key that asking again extends', async () => {
    const channel = channelTitled('Demo Live');
    const first = await api(sandbox, demo, 'GET', `/channels/${channel.id}/ingest.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const port = new URL(sandbox.rtmpUrl.replace('rtmp:', 'http:')).port;
    expect(first.body).toEqual({
      rtmp_urls: [`rtmp://127.0.0.1:${port}/live`, `rtmp://localhost:${port}/live`],
      channel_key: channel.channelKey,
      streaming_key: expect.stringMatching(/^[\w-]{16,}$/),
    });
    expect(sandbox.rtmpUrl).toBe(`rtmp://127.0.0.1:${port}/live`);

    const key = await api(sandbox, demo, 'GET', `/channels/${channel.id}/authorizations/broadcasting/channel_key.json`);
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toBe('no-store');
    expect(key.body).toEqual({ channel_key: channel.channelKey });

    channel.streamingKey!.expiresAt -= 300;
    const extended = await api(sandbox, demo, 'GET', `/channels/${channel.id}/authorizations/broadcasting.json`);
    expect(extended.status).toBe(200);
    expect(extended.headers.get('cache-control')).toBe('no-store');
    expect(extended.body).toEqual({ streaming_key: first.body.streaming_key });
    expect(channel.streamingKey!.expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 599);

    channel.streamingKey!.expiresAt = Math.floor(Date.now() / 1000) - 1;
    const renewed = await api(sandbox, demo, 'GET', `/channels/${channel.id}/authorizations/broadcasting.json`);
    expect(renewed.body.streaming_key).not.toBe(first.body.streaming_key);
  });

  it('answers 404, 401 and 403 lack_of_ownership as the spec says', async () => {
    const mine = channelTitled('Backstage');
    for (const path of ['ingest.json', 'authorizations/broadcasting.json', 'authorizations/broadcasting/channel_key.json', 'limits/recording.json']) {
      expect((await api(sandbox, demo, 'GET', `/channels/999999/${path}`)).body, path).toMatchObject({ error: 'not_found' });
      expect((await api(sandbox, null, 'GET', `/channels/${mine.id}/${path}`)).status, path).toBe(401);
      const foreign = await api(sandbox, rival, 'GET', `/channels/${mine.id}/${path}`);
      expect([foreign.status, foreign.body.error], path).toEqual([403, 'lack_of_ownership']);
    }
  });

  it('reads the record time limit and sets autorecord (400 invalid_value, 402 payment_required)', async () => {
    const channel = channelTitled('Locked Room');
    expect((await api(sandbox, demo, 'GET', `/channels/${channel.id}/limits/recording.json`)).body).toEqual({ time: 8 * 3600 });

    const path = `/channels/${channel.id}/settings/autorecord.json`;
    for (const form of [{ value: 'sometimes' }, {}] as Record<string, string>[]) {
      const bad = await api(sandbox, demo, 'PUT', path, form);
      expect([bad.status, bad.body.error]).toEqual([400, 'invalid_value']);
    }
    expect((await api(sandbox, demo, 'PUT', path, { value: 'public' })).status).toBe(200);
    expect(channel.autorecord).toBe('public');
    const benefits = [...sandbox.admin.store.accountByUsername('demo')!.benefits];
    sandbox.admin.setBenefits('demo', benefits.filter((benefit) => benefit !== 'autorecord'));
    try {
      const unpaid = await api(sandbox, demo, 'PUT', path, { value: 'private' });
      expect([unpaid.status, unpaid.body.error]).toEqual([402, 'payment_required']);
    } finally {
      sandbox.admin.setBenefits('demo', benefits);
    }
    expect((await api(sandbox, demo, 'PUT', path, { value: 'disabled' })).status).toBe(200);
    expect(channel.autorecord).toBe('disabled');
  });

  it('takes recorder commands without a broadcast and gives no video', async () => {
    const channel = channelTitled('Locked Room');
    const path = `/channels/${channel.id}/recorder.json`;
    expect((await api(sandbox, demo, 'POST', path, {})).status).toBe(400);
    expect((await api(sandbox, demo, 'POST', path, { command: 'rewind' })).body).toMatchObject({ error: 'invalid_value' });
    expect((await api(sandbox, demo, 'POST', path, { command: 'start' })).status).toBe(202);
    expect(channel.recording).toBeNull();
    const stop = await api(sandbox, demo, 'POST', path, { command: 'stop' });
    expect([stop.status, stop.body]).toEqual([202, { video: null }]);
    expect((await api(sandbox, demo, 'GET', path)).body).toEqual({ video: null });
    expect((await api(sandbox, rival, 'POST', path, { command: 'start' })).status).toBe(403);
  });
});

describe('broadcasting', () => {
  it('goes live on a streaming-key publish, records on command, and goes off air when the publish ends', async () => {
    const channel = channelTitled('Demo Live');
    const settings = await ingestSettings(channel);
    const encoder = encoders.publish(`${settings.rtmp_urls[0]}/${settings.streaming_key}`, 7);
    await expect.poll(() => channel.status, { timeout: 10_000 }).toBe('live');
    expect((await api(sandbox, demo, 'GET', `/channels/${channel.id}.json`)).body).toMatchObject({ channel: { status: 'live' } });

    // The channel already receives a broadcast: a second one, even with its channel key, is refused.
    const second = encoders.publish(`${settings.rtmp_urls[0]}/${settings.channel_key}`, 7);
    expect(await second.exited).not.toBe(0);
    await expect.poll(refusals).toContainEqual(expect.stringContaining(`channel ${channel.id} is already receiving a broadcast`));

    const recorder = `/channels/${channel.id}/recorder.json`;
    expect((await api(sandbox, demo, 'POST', recorder, { command: 'start' })).status).toBe(202);
    const running = channel.recording!;
    expect(running.trigger).toBe('api');
    expect((await api(sandbox, demo, 'GET', recorder)).body).toEqual({ video: { id: running.videoId, url: `${sandbox.apiUrl}/videos/${running.videoId}.json` } });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stop = await api<{ video: { id: string; url: string } }>(sandbox, demo, 'POST', recorder, { command: 'stop' });
    expect(stop.status).toBe(202);
    expect(stop.body).toEqual({ video: { id: running.videoId, url: `${sandbox.apiUrl}/videos/${running.videoId}.json` } });
    expect(channel.recording).toBeNull();
    expect(created).toContain(running.videoId);

    const video = sandbox.admin.store.video(stop.body.video.id)!;
    expect(video).toMatchObject({ channelId: channel.id, ownerId: channel.ownerId, source: 'recording', protect: 'public' });
    expect(video.length).toMatch(/^\d+\.\d{3}$/);
    expect(Number(video.length)).toBeGreaterThan(1.5);
    expect(Number(video.length)).toBeLessThan(4.5);
    expect((await api(sandbox, demo, 'GET', `/videos/${video.id}.json`)).status).toBe(200);
    const file = video.filePath!;
    expect(file.startsWith(sandbox.dataDir)).toBe(true);
    expect(video.fileSize).toBeGreaterThan(50_000);
    expect((await probe(file, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
    expect(await probe(file, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1')).toMatch(/^1,?$/);
    expect(Number(await probe(file, '-show_entries', 'format=duration'))).toBeCloseTo(Number(video.length), 1);

    expect(await encoder.exited).toBe(0);
    await expect.poll(() => channel.status, { timeout: 5_000 }).toBe('offair');
    expect((await api(sandbox, demo, 'GET', `/channels/${channel.id}.json`)).body).toMatchObject({ channel: { status: 'offair' } });
    expect((await api(sandbox, demo, 'GET', recorder)).body).toEqual(stop.body);
  }, 30_000);

  it('refuses a key no channel has', async () => {
    const encoder = encoders.publish(`${sandbox.rtmpUrl}/not-a-key-of-anyone`, 5);
    expect(await encoder.exited).not.toBe(0);
    await expect.poll(refusals).toContainEqual(expect.stringMatching(/to \/live\/not-…: no channel has this key$/));
    expect(sandbox.admin.store.data.channels.every((channel) => channel.status === 'offair')).toBe(true);
  });

  it('refuses an expired streaming key', async () => {
    const channel = channelTitled('Backstage');
    const { streaming_key: key } = await ingestSettings(channel);
    channel.streamingKey!.expiresAt = Math.floor(Date.now() / 1000) - 1;
    const encoder = encoders.publish(`${sandbox.rtmpUrl}/${key}`, 5);
    expect(await encoder.exited).not.toBe(0);
    expect(channel.status).toBe('offair');
    await expect.poll(refusals).toContainEqual(expect.stringContaining(`the streaming key of channel ${channel.id} expired`));
  });

  it('records a publish by itself with autorecord private, and the video is private', async () => {
    const channel = channelTitled('Backstage');
    expect((await api(sandbox, demo, 'PUT', `/channels/${channel.id}/settings/autorecord.json`, { value: 'private' })).status).toBe(200);
    // The second ingest URL (localhost) reaches the same server.
    const settings = await ingestSettings(channel);
    const encoder = encoders.publish(`${settings.rtmp_urls[1]}/${settings.channel_key}`, 3);
    await expect.poll(() => channel.recording?.trigger, { timeout: 10_000 }).toBe('auto');
    const { videoId } = channel.recording!;
    expect(await encoder.exited).toBe(0);
    await expect.poll(() => sandbox.admin.store.video(videoId), { timeout: 5_000 }).toBeDefined();
    expect(sandbox.admin.store.video(videoId)).toMatchObject({ protect: 'private', source: 'recording' });
    expect(channel.recording).toBeNull();
    await expect.poll(() => channel.status).toBe('offair');
    expect((await api(sandbox, demo, 'GET', `/channels/${channel.id}/recorder.json`)).body).toEqual({ video: { id: videoId, url: `${sandbox.apiUrl}/videos/${videoId}.json` } });
  }, 20_000);

  it('stops a recording by itself at the record time limit, on a channel made after the ingest started', async () => {
    const created = await api<{ channel: { id: string } }>(sandbox, demo, 'POST', '/users/self/channels.json', { title: 'Limit Test' });
    expect(created.status).toBe(201);
    const channel = sandbox.admin.store.channel(created.body.channel.id)!;
    channel.recordingLimit = 3;
    const encoder = encoders.publish(`${sandbox.rtmpUrl}/${channel.channelKey}`, 8);
    await expect.poll(() => channel.status, { timeout: 10_000 }).toBe('live');
    expect((await api(sandbox, demo, 'POST', `/channels/${channel.id}/recorder.json`, { command: 'start' })).status).toBe(202);
    await expect.poll(() => recordingsOf(channel).length, { timeout: 8_000 }).toBe(1);
    expect(channel.status).toBe('live');
    expect(channel.recording).toBeNull();
    const length = Number(recordingsOf(channel)[0]!.length);
    expect(length).toBeGreaterThan(2.5);
    expect(length).toBeLessThanOrEqual(3);
    encoder.stop();
    await expect.poll(() => channel.status, { timeout: 5_000 }).toBe('offair');
  }, 20_000);
});
