// Hooks end to end over real HTTP: registration with a client-credentials token, the X-Hook-Secret
// handshake against a real local receiver, and signed deliveries the receiver verifies.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { api, clientToken, passwordToken } from '../../support/sandbox-client.js';

interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

let sandbox: Sandbox;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The receiver echoes the handshake secret unless told to misbehave. */
let echoSecret = true;
const secrets = new Map<string, string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const secret = request.headers['x-hook-secret'];
      if (typeof secret === 'string') {
        const { event, channelId } = JSON.parse(body) as { event: string; channelId: number };
        secrets.set(`${channelId}/${event}`, secret);
        response.writeHead(200, echoSecret ? { 'X-Hook-Secret': secret } : {}).end();
        return;
      }
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function verified(delivery: Received, secret: string): boolean {
  return delivery.headers['x-hook-signature'] === createHmac('sha1', secret).update(delivery.body).digest('hex');
}

describe('channel hooks', () => {
  it('activates a hook after the handshake and delivers signed events', async () => {
    const token = await clientToken(sandbox);
    const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Backstage')!;
    for (const event of ['channel.status.live', 'channel.status.offair', 'video.deleted']) {
      const put = await api(sandbox, token, 'PUT', `/channels/${channel.id}/hooks/${event}.json`, { recipient: receiverUrl });
      expect(put.status, event).toBe(204);
    }
    await expect.poll(async () => (await api(sandbox, token, 'GET', `/channels/${channel.id}/hooks/channel.status.live.json`)).body).toEqual({ recipient: receiverUrl, status: 'active' });
    const handshake = received.find((entry) => entry.headers['x-hook-secret'] !== undefined)!;
    expect(JSON.parse(handshake.body)).toEqual({ event: expect.any(String), channelId: Number(channel.id) });

    received.length = 0;
    sandbox.admin.store.setChannelStatus(channel, 'live', Math.floor(Date.now() / 1000));
    sandbox.admin.store.setChannelStatus(channel, 'offair', Math.floor(Date.now() / 1000));
    const video = sandbox.admin.store.data.videos.find((candidate) => candidate.channelId === channel.id)!;
    const user = await passwordToken(sandbox);
    expect((await api(sandbox, user, 'DELETE', `/videos/${video.id}.json`)).status).toBe(200);

    await expect.poll(() => received.length).toBe(3);
    const bodies = received.map((entry) => JSON.parse(entry.body) as Record<string, unknown>);
    expect(bodies).toEqual([
      { event: 'channel.status.live', channelId: Number(channel.id), when: expect.any(Number) },
      { event: 'channel.status.offair', channelId: Number(channel.id), when: expect.any(Number) },
      { event: 'video.deleted', videoId: Number(video.id) },
    ]);
    for (const [index, entry] of received.entries()) {
      const event = bodies[index]!.event as string;
      expect(verified(entry, secrets.get(`${channel.id}/${event}`)!), event).toBe(true);
      expect(verified(entry, 'another secret'), event).toBe(false);
      expect(entry.headers['content-type']).toBe('application/json');
    }
  });

  it('keeps a hook pending when the recipient does not echo the secret, and delivers nothing to it', async () => {
    echoSecret = false;
    try {
      const token = await clientToken(sandbox);
      const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Demo Live')!;
      expect((await api(sandbox, token, 'PUT', `/channels/${channel.id}/hooks/channel.status.live.json`, { recipient: receiverUrl })).status).toBe(204);
      await expect.poll(() => sandbox.admin.hookLog().filter((entry) => entry.kind === 'handshake' && entry.channelId === channel.id).length).toBeGreaterThan(0);
      expect((await api(sandbox, token, 'GET', `/channels/${channel.id}/hooks/channel.status.live.json`)).body).toEqual({ recipient: receiverUrl, status: 'pending' });
      received.length = 0;
      sandbox.admin.store.setChannelStatus(channel, 'live', Math.floor(Date.now() / 1000));
      sandbox.admin.store.setChannelStatus(channel, 'offair', Math.floor(Date.now() / 1000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.filter((entry) => entry.headers['x-hook-signature'] !== undefined)).toEqual([]);
    } finally {
      echoSecret = true;
    }
  });

  it('refuses user tokens, other owners, unknown events and bad recipients', async () => {
    const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Backstage')!;
    const rivalChannel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Rival Channel')!;
    const user = await passwordToken(sandbox);
    const client = await clientToken(sandbox);
    expect((await api(sandbox, user, 'PUT', `/channels/${channel.id}/hooks/video.create.json`, { recipient: receiverUrl })).status).toBe(401);
    expect((await api(sandbox, client, 'PUT', `/channels/${rivalChannel.id}/hooks/video.create.json`, { recipient: receiverUrl })).status).toBe(403);
    expect((await api(sandbox, client, 'PUT', `/channels/${channel.id}/hooks/video.edited.json`, { recipient: receiverUrl })).body).toMatchObject({ error: 'bad_request' });
    expect((await api(sandbox, client, 'PUT', `/channels/${channel.id}/hooks/video.create.json`, { recipient: 'not a url' })).body).toMatchObject({ error: 'bad_request' });
    expect((await api(sandbox, client, 'DELETE', `/channels/${channel.id}/hooks/video.edited.json`)).status).toBe(400);
    expect((await api(sandbox, client, 'GET', `/channels/${channel.id}/hooks/video.create.json`)).status).toBe(404);
    expect((await api(sandbox, client, 'PUT', `/channels/999999/hooks/video.create.json`, { recipient: receiverUrl })).status).toBe(404);
    expect((await api(sandbox, client, 'DELETE', `/channels/${channel.id}/hooks/video.deleted.json`)).status).toBe(200);
    expect((await api(sandbox, client, 'GET', `/channels/${channel.id}/hooks/video.deleted.json`)).status).toBe(404);
  });
});
