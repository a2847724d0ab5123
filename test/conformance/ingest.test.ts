// Part A, "Ingest keys for external encoders": the ingest settings and the two key endpoints
// (Cache-Control: no-store; the streaming key lives 10 minutes and a request within them extends it).
import { beforeAll, describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { expectError, expectNoStore, expectRouteAnswers, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, eventually, MISSING_ID, nowSeconds, useSandbox } from './sandbox-fixture.js';
import { publish, rtmpTarget } from './rtmp-publisher.js';
import { bodyOf, channelShape, ingestShape } from './spec-shapes.js';
import { z } from 'zod';

const INGEST = 'GET /channels/<channel_id>/ingest.json';
const STREAMING_KEY = 'GET /channels/<channel_id>/authorizations/broadcasting.json';
const CHANNEL_KEY = 'GET /channels/<channel_id>/authorizations/broadcasting/channel_key.json';
const TEN_MINUTES = 600;

describe('ingest keys for external encoders', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const streamingKeyOf = async (id: string): Promise<string> => {
    const result = await request('GET', handle.api(`/channels/${id}/authorizations/broadcasting.json`), { token: demo });
    expectStatus(result, 200);
    expectNoStore(result);
    return bodyOf(result, z.object({ streaming_key: z.string().min(1) })).streaming_key;
  };

  describe(INGEST, () => {
    it('200 with rtmp_urls, channel_key and streaming_key', async () => {
      covers(INGEST, 'success');
      const result = await request('GET', handle.api(`/channels/${live()}/ingest.json`), { token: demo });
      expectStatus(result, 200);
      const body = bodyOf(result, ingestShape);
      expect(body.rtmp_urls.length).toBeGreaterThan(0);
      for (const url of body.rtmp_urls) expect(url).toMatch(/^rtmps?:\/\//);
      expect(body.channel_key.length).toBeGreaterThan(0);
      expect(body.streaming_key.length).toBeGreaterThan(0);
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(INGEST, '404 not_found');
      expectRouteAnswers(await request('GET', handle.api(`/channels/${live()}/ingest.json`), { token: demo }));
      expectError(await request('GET', handle.api(`/channels/${MISSING_ID}/ingest.json`), { token: demo }), 404, 'not_found');
    });

    it('403 lack_of_ownership for a channel of another user', async () => {
      covers(INGEST, '403 lack_of_ownership');
      expectError(await request('GET', handle.api(`/channels/${channelId(handle.sandbox, 'Rival Channel')}/ingest.json`), { token: demo }), 403, 'lack_of_ownership');
    });
  });

  describe(STREAMING_KEY, () => {
    it('200 {streaming_key} with Cache-Control: no-store; a second request within 10 minutes gives the same key', async () => {
      covers(STREAMING_KEY, 'success');
      const first = await streamingKeyOf(live());
      const second = await streamingKeyOf(live());
      expect(second).toBe(first);
    });

    it('a request within the 10 minutes extends the key; after them a new key is generated', async () => {
      covers(STREAMING_KEY, 'success');
      const id = channelId(handle.sandbox, 'Backstage');
      const key = await streamingKeyOf(id);
      const channel = handle.sandbox.admin.store.data.channels.find((candidate) => candidate.id === id)!;
      // Nearly 10 minutes later: still the same key, and its lifetime starts again.
      channel.streamingKey!.expiresAt = nowSeconds() + 5;
      expect(await streamingKeyOf(id)).toBe(key);
      expect(channel.streamingKey!.expiresAt, 'extended by the request').toBeGreaterThanOrEqual(nowSeconds() + TEN_MINUTES - 30);
      // More than 10 minutes without a request: a new key.
      channel.streamingKey!.expiresAt = nowSeconds() - 1;
      const renewed = await streamingKeyOf(id);
      expect(renewed).not.toBe(key);
    });
  });

  describe('RTMP ingest', () => {
    const statusOf = async (id: string) =>
      bodyOf(await request('GET', handle.api(`/channels/${id}.json`), { token: demo }), z.object({ channel: channelShape })).channel.status;

    it('accepts a publish with the streaming key: the channel goes live, then offair', { timeout: 60_000 }, async () => {
      covers(STREAMING_KEY, 'success');
      const id = channelId(handle.sandbox, 'Locked Room');
      const ingest = bodyOf(await request('GET', handle.api(`/channels/${id}/ingest.json`), { token: demo }), ingestShape);
      const key = await streamingKeyOf(id);
      const publisher = publish(rtmpTarget(ingest.rtmp_urls[0]!, key));
      try {
        await eventually(
          async () => {
            if (publisher.exited()) throw new Error(`ffmpeg stopped: ${publisher.log()}`);
            return (await statusOf(id)) === 'live' ? true : undefined;
          },
          'the channel to go live on the streaming key',
          20_000,
          250,
        );
      } finally {
        await publisher.stop();
      }
      await eventually(async () => ((await statusOf(id)) === 'offair' ? true : undefined), 'the channel to go offair', 20_000, 250);
    });

    it('refuses a publish with a key that is not the channel\'s', { timeout: 30_000 }, async () => {
      const id = channelId(handle.sandbox, 'Demo Live');
      const ingest = bodyOf(await request('GET', handle.api(`/channels/${id}/ingest.json`), { token: demo }), ingestShape);
      const publisher = publish(rtmpTarget(ingest.rtmp_urls[0]!, 'not-a-key-of-this-platform'), 10);
      try {
        await eventually(async () => (publisher.exited() ? true : undefined), 'ffmpeg to be turned away', 20_000, 250);
      } finally {
        await publisher.stop();
      }
      expect(await statusOf(id)).toBe('offair');
    });
  });

  describe(CHANNEL_KEY, () => {
    it('200 {channel_key} with Cache-Control: no-store; the permanent key of the ingest settings', async () => {
      covers(CHANNEL_KEY, 'success');
      const result = await request('GET', handle.api(`/channels/${live()}/authorizations/broadcasting/channel_key.json`), { token: demo });
      expectStatus(result, 200);
      expectNoStore(result);
      const { channel_key } = bodyOf(result, z.object({ channel_key: z.string().min(1) }));
      const again = await request('GET', handle.api(`/channels/${live()}/authorizations/broadcasting/channel_key.json`), { token: demo });
      expect(bodyOf(again, z.object({ channel_key: z.string() })).channel_key).toBe(channel_key);
      const ingest = bodyOf(await request('GET', handle.api(`/channels/${live()}/ingest.json`), { token: demo }), ingestShape);
      expect(ingest.channel_key).toBe(channel_key);
    });
  });
});
