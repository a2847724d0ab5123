// A whole show against the sandbox, over its public interfaces only: hooks registered, ffmpeg publishes
// with a streaming key, the channel reads live, the cloud recorder makes a video ffprobe can read, the
// channel reads offair when the encoder stops, and the streamer's hook receiver verified every delivery.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { HookReceiver } from '../../support/hook-receiver.js';
import { api, clientToken, passwordToken } from '../../support/sandbox-client.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';

let sandbox: Sandbox;
let receiver: HookReceiver;
const encoders = new Encoders();

beforeAll(async () => {
  sandbox = await startSandbox();
  receiver = await HookReceiver.start();
});

afterAll(async () => {
  encoders.killAll();
  await sandbox?.close();
  await receiver?.close();
});

it('goes live with a streaming key, records, goes offair, and reports it all through signed hooks', async () => {
  const user = await passwordToken(sandbox);
  const client = await clientToken(sandbox);
  const channels = await api<{ channels: { id: string; title: string; default?: boolean }[] }>(sandbox, user, 'GET', '/users/self/channels.json');
  const channelId = channels.body.channels.find((channel) => channel.default)!.id;

  for (const event of ['channel.status.live', 'channel.status.offair', 'video.create']) {
    expect((await api(sandbox, client, 'PUT', `/channels/${channelId}/hooks/${event}.json`, { recipient: receiver.url })).status).toBe(204);
    await expect.poll(async () => (await api(sandbox, client, 'GET', `/channels/${channelId}/hooks/${event}.json`)).body.status).toBe('active');
  }

  const ingest = await api<{ rtmp_urls: string[]; streaming_key: string }>(sandbox, user, 'GET', `/channels/${channelId}/ingest.json`);
  const encoder = encoders.publish(`${ingest.body.rtmp_urls[0]}/${ingest.body.streaming_key}`, 6);
  const status = async () => (await api<{ channel: { status: string } }>(sandbox, user, 'GET', `/channels/${channelId}.json`)).body.channel.status;
  await expect.poll(status, { timeout: 10_000 }).toBe('live');

  expect((await api(sandbox, user, 'POST', `/channels/${channelId}/recorder.json`, { command: 'start' })).status).toBe(202);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const stopped = await api<{ video: { id: string; url: string } }>(sandbox, user, 'POST', `/channels/${channelId}/recorder.json`, { command: 'stop' });
  expect(stopped.status).toBe(202);
  expect(stopped.body.video.url).toBe(`${sandbox.apiUrl}/videos/${stopped.body.video.id}.json`);

  const video = await api<{ video: { id: string; length: string; file_size: string } }>(sandbox, user, 'GET', `/videos/${stopped.body.video.id}.json`);
  expect(video.status).toBe(200);
  expect(Number(video.body.video.length)).toBeGreaterThan(1);
  // The file is the sandbox's own (its API exposes no path): read it the way the platform would serve it.
  const file = sandbox.admin.store.video(stopped.body.video.id)!.filePath!;
  expect(Number(video.body.video.file_size)).toBeGreaterThan(10_000);
  expect((await probe(file, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);

  expect(await encoder.exited).toBe(0);
  await expect.poll(status, { timeout: 10_000 }).toBe('offair');

  await expect.poll(() => receiver.deliveries.map((delivery) => delivery.payload.event)).toEqual(['channel.status.live', 'video.create', 'channel.status.offair']);
  expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
  expect(receiver.deliveries[1]!.payload).toEqual({ event: 'video.create', videoId: Number(stopped.body.video.id) });
});
