// Part A, "Recording": the recorder (start/stop during a broadcast, read), the autorecord setting (402
// payment_required without the benefit) and the record time limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFITS } from '../../sandbox/index.js';
import { covers } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { publish, rtmpTarget, type Publisher } from './rtmp-publisher.js';
import { channelId, eventually, MISSING_ID, useSandbox } from './sandbox-fixture.js';
import { bodyOf, channelListShape, channelShape, ingestShape, recorderResultShape, recordingLimitShape, videoShape } from './spec-shapes.js';
import { z } from 'zod';

const RECORDER_POST = 'POST /channels/<channel_id>/recorder.<format>';
const RECORDER_GET = 'GET /channels/<channel_id>/recorder.<format>';
const AUTORECORD = 'PUT /channels/<channel_id>/settings/autorecord.<format>';
const LIMIT = 'GET /channels/<channel_id>/limits/recording.<format>';

describe('recording', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let publisher: Publisher | null = null;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });
  afterAll(async () => {
    await publisher?.stop();
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');

  describe('recorder', () => {
    let recorded: { id: string; url: string } | null = null;

    it('POST start and stop during a broadcast: 202; stop answers with the video (id, url)', { timeout: 60_000 }, async () => {
      covers(RECORDER_POST, 'success');
      const ingest = bodyOf(await request('GET', handle.api(`/channels/${live()}/ingest.json`), { token: demo }), ingestShape);
      publisher = publish(rtmpTarget(ingest.rtmp_urls[0]!, ingest.channel_key));
      await eventually(
        async () => {
          if (publisher?.exited()) throw new Error(`ffmpeg stopped: ${publisher.log()}`);
          const channel = bodyOf(await request('GET', handle.api(`/channels/${live()}.json`), { token: demo }), z.object({ channel: channelShape }));
          return channel.channel.status === 'live' ? true : undefined;
        },
        'the channel to read live while ffmpeg publishes',
        20_000,
        250,
      );
      // While live, the list names the channel `online` and gives its live_thumbnail (Part A, channel list item).
      const listed = bodyOf(await request('GET', handle.api('/users/self/channels.json'), { token: demo }), channelListShape).channels.find((item) => item.id === live());
      expect(listed?.status).toBe('online');
      expect(listed?.live_thumbnail, 'live_thumbnail while online').toBeTypeOf('string');
      const start = await request('POST', handle.api(`/channels/${live()}/recorder.json`), { token: demo, form: { command: 'start' } });
      expectStatus(start, 202);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const stop = await request('POST', handle.api(`/channels/${live()}/recorder.json`), { token: demo, form: { command: 'stop' } });
      expectStatus(stop, 202);
      recorded = bodyOf(stop, recorderResultShape).video;
      expect(recorded.url, 'url: the API resource URL of the video').toContain(`/videos/${recorded.id}`);
      await publisher.stop();
      publisher = null;
      // The broadcast ended: the channel goes offair.
      await eventually(
        async () => {
          const channel = bodyOf(await request('GET', handle.api(`/channels/${live()}.json`), { token: demo }), z.object({ channel: channelShape }));
          return channel.channel.status === 'offair' ? true : undefined;
        },
        'the channel to read offair after the publish ended',
        20_000,
        250,
      );
      // The video the recorder made exists on the API.
      const video = await eventually(
        async () => {
          const result = await request('GET', recorded!.url.startsWith('http') ? recorded!.url : handle.api(recorded!.url), { token: demo });
          return result.status === 200 ? result : undefined;
        },
        'the recorded video to exist',
        20_000,
        250,
      );
      expect(bodyOf(video, z.object({ video: videoShape })).video.id).toBe(recorded.id);
    });

    it('GET: the video with id and url', async () => {
      covers(RECORDER_GET, 'success');
      const result = await request('GET', handle.api(`/channels/${live()}/recorder.json`), { token: demo });
      expectSuccess(result);
      const { video } = bodyOf(result, recorderResultShape);
      expect(video.url).toContain(`/videos/${video.id}`);
      if (recorded) expect(video.id, describeResult(result)).toBe(recorded.id);
    });
  });

  describe(AUTORECORD, () => {
    it('200 for disabled, private and public', async () => {
      covers(AUTORECORD, 'success');
      for (const value of ['private', 'public', 'disabled']) {
        expectStatus(await request('PUT', handle.api(`/channels/${live()}/settings/autorecord.json`), { token: demo, form: { value } }), 200);
      }
    });

    it('400 invalid_value for a value other than disabled, private, public', async () => {
      covers(AUTORECORD, '400 invalid_value');
      expectError(await request('PUT', handle.api(`/channels/${live()}/settings/autorecord.json`), { token: demo, form: { value: 'sometimes' } }), 400, 'invalid_value');
      // Without the REQUIRED value: a 400 (the spec names no value for a missing parameter here).
      expectStatus(await request('PUT', handle.api(`/channels/${live()}/settings/autorecord.json`), { token: demo, form: {} }), 400);
    });

    it('402 payment_required when the account lacks the autorecord benefit', async () => {
      covers(AUTORECORD, '402 payment_required');
      handle.sandbox.admin.setBenefits(handle.sandbox.demo.username, BENEFITS.filter((benefit) => benefit !== 'autorecord'));
      try {
        expectError(await request('PUT', handle.api(`/channels/${live()}/settings/autorecord.json`), { token: demo, form: { value: 'public' } }), 402, 'payment_required');
      } finally {
        handle.sandbox.admin.setBenefits(handle.sandbox.demo.username, BENEFITS);
      }
      expectStatus(await request('PUT', handle.api(`/channels/${live()}/settings/autorecord.json`), { token: demo, form: { value: 'disabled' } }), 200);
    });
  });

  describe(LIMIT, () => {
    it('{time} in seconds, the maximum recorded video length', async () => {
      covers(LIMIT, 'success');
      const result = await request('GET', handle.api(`/channels/${live()}/limits/recording.json`), { token: demo });
      expectSuccess(result);
      expect(bodyOf(result, recordingLimitShape).time).toBeGreaterThan(0);
    });

    it('403 lack_of_ownership for a channel of another user', async () => {
      covers(LIMIT, '403 lack_of_ownership');
      expectError(await request('GET', handle.api(`/channels/${channelId(handle.sandbox, 'Rival Channel')}/limits/recording.json`), { token: demo }), 403, 'lack_of_ownership');
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(LIMIT, '404 not_found');
      expectRouteAnswers(await request('GET', handle.api(`/channels/${live()}/limits/recording.json`), { token: demo }));
      expectError(await request('GET', handle.api(`/channels/${MISSING_ID}/limits/recording.json`), { token: demo }), 404, 'not_found');
    });
  });
});
