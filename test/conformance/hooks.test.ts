// Part B, "Channel hooks": PUT/GET/DELETE /channels/<channel_id>/hooks/<event>.<format> with a client
// credentials token (user tokens cannot reach client-level resources); the X-Hook-Secret handshake
// activates a hook.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken, clientToken } from './oauth-client.js';
import { channelId, eventually, MISSING_ID, useSandbox } from './sandbox-fixture.js';
import { bodyOf, hookShape } from './spec-shapes.js';

const PUT = 'PUT /channels/<channel_id>/hooks/<event>.<format>';
const GET = 'GET /channels/<channel_id>/hooks/<event>.<format>';
const DELETE = 'DELETE /channels/<channel_id>/hooks/<event>.<format>';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A hook recipient that answers the handshake by echoing X-Hook-Secret (or, to test that, does not). */
class Recipient {
  readonly received: Received[] = [];
  #server: Server | null = null;
  url = '';

  constructor(readonly echoes = true) {}

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const secret = req.headers['x-hook-secret'];
        if (this.echoes && typeof secret === 'string') res.setHeader('X-Hook-Secret', secret);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

describe('channel hooks', () => {
  const handle = useSandbox();
  const recipient = new Recipient();
  const silent = new Recipient(false);
  let client: AccessToken;
  let user: AccessToken;
  beforeAll(async () => {
    await recipient.start();
    await silent.start();
    client = await clientToken(handle.sandbox);
    user = await bearerToken(handle.sandbox);
  });
  afterAll(async () => {
    await recipient.stop();
    await silent.stop();
  });

  const hookUrl = (channel: string, event: string) => handle.api(`/channels/${channel}/hooks/${event}.json`);
  const live = () => channelId(handle.sandbox, 'Demo Live');

  describe(PUT, () => {
    it('204; the service sends the handshake ({event, channelId}, X-Hook-Secret) and the echo activates the hook', async () => {
      covers(PUT, 'success');
      covers(GET, 'success');
      const put = await request('PUT', hookUrl(live(), 'channel.status.live'), { token: client, form: { recipient: recipient.url } });
      expectStatus(put, 204);
      const handshake = await eventually(
        async () => recipient.received.find((entry) => typeof entry.headers['x-hook-secret'] === 'string' && entry.body.includes('channel.status.live')),
        'the X-Hook-Secret handshake',
        10_000,
        50,
      );
      expect(handshake.headers['content-type'] ?? '').toMatch(/application\/json/);
      expect(JSON.parse(handshake.body)).toMatchObject({ event: 'channel.status.live', channelId: Number(live()) });
      const hook = await eventually(
        async () => {
          const result = await request('GET', hookUrl(live(), 'channel.status.live'), { token: client });
          expectStatus(result, 200);
          const body = bodyOf(result, hookShape);
          return body.status === 'active' ? body : undefined;
        },
        'the hook to become active',
        10_000,
        50,
      );
      expect(hook.recipient).toBe(recipient.url);
    });

    it('a recipient that does not echo the secret leaves the hook inactive', async () => {
      covers(PUT, 'success');
      const backstage = channelId(handle.sandbox, 'Backstage');
      expectStatus(await request('PUT', hookUrl(backstage, 'video.create'), { token: client, form: { recipient: silent.url } }), 204);
      await eventually(async () => (silent.received.length > 0 ? true : undefined), 'the handshake to the silent recipient', 10_000, 50);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await request('GET', hookUrl(backstage, 'video.create'), { token: client });
      expectStatus(result, 200);
      expect(bodyOf(result, hookShape).status).not.toBe('active');
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(PUT, '404 not_found');
      expectRouteAnswers(await request('GET', hookUrl(live(), 'channel.status.live'), { token: client }));
      expectError(await request('PUT', hookUrl(MISSING_ID, 'video.create'), { token: client, form: { recipient: recipient.url } }), 404, 'not_found');
    });

    it('400 bad_request for invalid parameters (an unknown event, no recipient)', async () => {
      covers(PUT, '400 bad_request');
      expectError(await request('PUT', hookUrl(live(), 'channel.status.sideways'), { token: client, form: { recipient: recipient.url } }), 400, 'bad_request');
      expectError(await request('PUT', hookUrl(live(), 'video.create'), { token: client, form: {} }), 400, 'bad_request');
    });

    it('a user token cannot reach hooks', async () => {
      const result = await request('PUT', hookUrl(live(), 'video.deleted'), { token: user, form: { recipient: recipient.url } });
      expect(result.status, describeResult(result)).toBeGreaterThanOrEqual(400);
      const read = await request('GET', hookUrl(live(), 'channel.status.live'), { token: user });
      expect(read.status, describeResult(read)).toBeGreaterThanOrEqual(400);
      expect(read.json).not.toHaveProperty('recipient');
    });
  });

  describe(GET, () => {
    it('200 {recipient, status} for a registered hook', async () => {
      covers(GET, 'success');
      expectStatus(await request('PUT', hookUrl(live(), 'video.create'), { token: client, form: { recipient: recipient.url } }), 204);
      const result = await request('GET', hookUrl(live(), 'video.create'), { token: client });
      expectStatus(result, 200);
      expect(bodyOf(result, hookShape).recipient).toBe(recipient.url);
    });

    it('404 not_found when no hook is registered or the channel does not exist', async () => {
      covers(GET, '404 not_found');
      expectError(await request('GET', hookUrl(channelId(handle.sandbox, 'Backstage'), 'video.deleted'), { token: client }), 404, 'not_found');
      expectError(await request('GET', hookUrl(MISSING_ID, 'video.deleted'), { token: client }), 404, 'not_found');
    });
  });

  describe(DELETE, () => {
    it('200; the hook is gone afterwards', async () => {
      covers(DELETE, 'success');
      const backstage = channelId(handle.sandbox, 'Backstage');
      expectStatus(await request('PUT', hookUrl(backstage, 'channel.status.offair'), { token: client, form: { recipient: recipient.url } }), 204);
      expectStatus(await request('DELETE', hookUrl(backstage, 'channel.status.offair'), { token: client }), 200);
      expectError(await request('GET', hookUrl(backstage, 'channel.status.offair'), { token: client }), 404, 'not_found');
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(DELETE, '404 not_found');
      expectError(await request('DELETE', hookUrl(MISSING_ID, 'video.create'), { token: client }), 404, 'not_found');
    });

    it('400 bad_request for an invalid event type', async () => {
      covers(DELETE, '400 bad_request');
      expectError(await request('DELETE', hookUrl(live(), 'channel.status.sideways'), { token: client }), 400, 'bad_request');
    });
  });
});
