// Hooks end to end over real HTTP: registration with a client-credentials token, the X-Hook-Secret
// handshake against a real local receiver, and signed deliveries the receiver verifies.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { HookReceiver } from '../../support/hook-receiver.js';
import { api, clientToken, passwordToken } from '../../support/sandbox-client.js';

let sandbox: Sandbox;
let receiver: HookReceiver;

beforeAll(async () => {
  sandbox = await startSandbox();
  receiver = await HookReceiver.start();
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const channelTitled = (title: string) => sandbox.admin.store.data.channels.find((channel) => channel.title === title)!;
const now = () => Math.floor(Date.now() / 1000);

describe('channel hooks', () => {
  it('activates a hook after the handshake and delivers signed events', async () => {
    const token = await clientToken(sandbox);
    const channel = channelTitled('Backstage');
    for (const event of ['channel.status.live', 'channel.status.offair', 'video.deleted']) {
      const put = await api(sandbox, token, 'PUT', `/channels/${channel.id}/hooks/${event}.json`, { recipient: receiver.url });
      expect(put.status, event).toBe(204);
    }
    await expect.poll(async () => (await api(sandbox, token, 'GET', `/channels/${channel.id}/hooks/channel.status.live.json`)).body).toEqual({ recipient: receiver.url, status: 'active' });
    const handshake = receiver.requests.find((request) => request.verified === null)!;
    expect(handshake.payload).toEqual({ event: expect.any(String), channelId: Number(channel.id) });

    sandbox.admin.store.setChannelStatus(channel, 'live', now());
    sandbox.admin.store.setChannelStatus(channel, 'offair', now());
    const video = sandbox.admin.store.data.videos.find((candidate) => candidate.channelId === channel.id)!;
    const user = await passwordToken(sandbox);
    expect((await api(sandbox, user, 'DELETE', `/videos/${video.id}.json`)).status).toBe(200);

    await expect.poll(() => receiver.deliveries.length).toBe(3);
    expect(receiver.deliveries.map((delivery) => delivery.payload)).toEqual([
      { event: 'channel.status.live', channelId: Number(channel.id), when: expect.any(Number) },
      { event: 'channel.status.offair', channelId: Number(channel.id), when: expect.any(Number) },
      { event: 'video.deleted', videoId: Number(video.id) },
    ]);
    for (const delivery of receiver.deliveries) {
      expect(delivery.verified, String(delivery.payload.event)).toBe(true);
      expect(delivery.headers['content-type']).toBe('application/json');
      const wrong = createHmac('sha1', 'another secret').update(delivery.body).digest('hex');
      expect(delivery.headers['x-hook-signature']).not.toBe(wrong);
    }
  });

  it('keeps a hook pending when the recipient does not echo the secret, and delivers nothing to it', async () => {
    receiver.echoSecret = false;
    try {
      const token = await clientToken(sandbox);
      const channel = channelTitled('Demo Live');
      expect((await api(sandbox, token, 'PUT', `/channels/${channel.id}/hooks/channel.status.live.json`, { recipient: receiver.url })).status).toBe(204);
      await expect.poll(() => sandbox.admin.hookLog().filter((entry) => entry.kind === 'handshake' && entry.channelId === channel.id).length).toBeGreaterThan(0);
      expect(sandbox.admin.hookLog().at(-1)).toMatchObject({ outcome: 'failed', detail: 'the response has no X-Hook-Secret header' });
      expect((await api(sandbox, token, 'GET', `/channels/${channel.id}/hooks/channel.status.live.json`)).body).toEqual({ recipient: receiver.url, status: 'pending' });
      const before = receiver.deliveries.length;
      sandbox.admin.store.setChannelStatus(channel, 'live', now());
      sandbox.admin.store.setChannelStatus(channel, 'offair', now());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.deliveries.length).toBe(before);
    } finally {
      receiver.echoSecret = true;
    }
  });

  it('refuses user tokens, other owners, unknown events and bad recipients', async () => {
    const channel = channelTitled('Backstage');
    const rivalChannel = channelTitled('Rival Channel');
    const user = await passwordToken(sandbox);
    const client = await clientToken(sandbox);
    expect((await api(sandbox, user, 'PUT', `/channels/${channel.id}/hooks/video.create.json`, { recipient: receiver.url })).status).toBe(401);
    expect((await api(sandbox, client, 'PUT', `/channels/${rivalChannel.id}/hooks/video.create.json`, { recipient: receiver.url })).status).toBe(403);
    expect((await api(sandbox, client, 'PUT', `/channels/${channel.id}/hooks/video.edited.json`, { recipient: receiver.url })).body).toMatchObject({ error: 'bad_request' });
    expect((await api(sandbox, client, 'PUT', `/channels/${channel.id}/hooks/video.create.json`, { recipient: 'not a url' })).body).toMatchObject({ error: 'bad_request' });
    expect((await api(sandbox, client, 'DELETE', `/channels/${channel.id}/hooks/video.edited.json`)).status).toBe(400);
    expect((await api(sandbox, client, 'GET', `/channels/${channel.id}/hooks/video.create.json`)).status).toBe(404);
    expect((await api(sandbox, client, 'PUT', `/channels/999999/hooks/video.create.json`, { recipient: receiver.url })).status).toBe(404);
    expect((await api(sandbox, client, 'DELETE', `/channels/${channel.id}/hooks/video.deleted.json`)).status).toBe(200);
    expect((await api(sandbox, client, 'GET', `/channels/${channel.id}/hooks/video.deleted.json`)).status).toBe(404);
  });
});
