// Part B, "Videos" (PUT: title, description, protect), "Video expiration" (rule `never` or
// `at_given_time`, `expires_at` only with the latter; PUT supports only `never`) and "Video custom
// metadata values" (`metadata` array of `{field_id, value}` against fields of content_type `video`).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BENEFITS } from '../../sandbox/index.js';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, request, type AccessToken, type Form } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { MISSING_ID, unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf, videoShape } from './spec-shapes.js';

const EDIT = 'PUT /videos/<video_id>.<format>';
const GET_EXPIRATION = 'GET /videos/<video_id>/expiration.<format>';
const SET_EXPIRATION = 'PUT /videos/<video_id>/expiration.<format>';
const VALUES = 'GET /videos/<video_id>/custom-metadata.<format>';
const SET_VALUE = 'PUT /videos/<video_id>/custom-metadata/<field_id>.<format>';
const DELETE_VALUE = 'DELETE /videos/<video_id>/custom-metadata/<field_id>.<format>';

const videoEnvelope = z.object({ video: videoShape });
/** "rule string (`never` or `at_given_time`); `expires_at` timestamp, present only when the rule is `at_given_time`"; "200, expiration" may come bare or under `expiration`. */
const expirationFields = z.union([
  z.strictObject({ rule: z.literal('never') }),
  z.strictObject({ rule: z.literal('at_given_time'), expires_at: z.number().int() }),
]);
const expirationShape = z.union([z.object({ expiration: expirationFields }).transform((body) => body.expiration), expirationFields]);
const valuesShape = z.object({ metadata: z.array(z.object({ field_id: z.string(), value: z.unknown() })) });
const createdFieldShape = z.union([z.object({ field: z.object({ id: z.string() }) }).transform((body) => body.field), z.object({ id: z.string() })]);

describe('video editing', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const videoUrl = (id: string) => handle.api(`/videos/${id}.json`);
  const expirationUrl = (id: string) => handle.api(`/videos/${id}/expiration.json`);
  const valuesUrl = (id: string) => handle.api(`/videos/${id}/custom-metadata.json`);
  const valueUrl = (id: string, field: string) => handle.api(`/videos/${id}/custom-metadata/${field}.json`);
  const behindTheScenes = () => videoId(handle.sandbox, 'Behind the scenes');
  const launch = () => videoId(handle.sandbox, 'Launch stream');
  const rehearsal = () => videoId(handle.sandbox, 'Rehearsal (unlisted)');

  /** Runs `body` while the demo account lacks the permission to manage expiration (as an operator would switch it). */
  async function withoutExpirationPermission(body: () => Promise<void>): Promise<void> {
    handle.sandbox.admin.setBenefits(handle.sandbox.demo.username, BENEFITS.filter((benefit) => benefit !== 'video_expiration'));
    try {
      await body();
    } finally {
      handle.sandbox.admin.setBenefits(handle.sandbox.demo.username, BENEFITS);
    }
  }

  describe(EDIT, () => {
    it('200; title, description and protect change, each OPTIONAL', async () => {
      covers(EDIT, 'success');
      const id = behindTheScenes();
      const title = unique('Edited');
      expectStatus(await request('PUT', videoUrl(id), { token: demo, form: { title, description: 'A new description', protect: 'private' } }), 200);
      expect(bodyOf(await request('GET', videoUrl(id), { token: demo }), videoEnvelope).video).toMatchObject({ title, description: 'A new description' });
      expectStatus(await request('GET', videoUrl(id)), 401);
      // One field alone; the others stay.
      expectStatus(await request('PUT', videoUrl(id), { token: demo, form: { protect: 'public' } }), 200);
      const video = bodyOf(await request('GET', videoUrl(id)), videoEnvelope).video;
      expect(video).toMatchObject({ title, description: 'A new description' });
    });

    it('400 invalid_value for a protect other than public or private, or an empty title; nothing changes', async () => {
      covers(EDIT, '400 invalid_value');
      const id = launch();
      const before = bodyOf(await request('GET', videoUrl(id), { token: demo }), videoEnvelope).video;
      expectError(await request('PUT', videoUrl(id), { token: demo, form: { title: 'Not applied', protect: 'friends' } }), 400, 'invalid_value');
      expectError(await request('PUT', videoUrl(id), { token: demo, form: { title: '' } }), 400, 'invalid_value');
      expect(bodyOf(await request('GET', videoUrl(id), { token: demo }), videoEnvelope).video.title).toBe(before.title);
    });

    it('403 lack_of_ownership for a video of another user', async () => {
      covers(EDIT, '403 lack_of_ownership');
      expectError(await request('PUT', videoUrl(launch()), { token: rival, form: { title: 'Hijacked' } }), 403, 'lack_of_ownership');
      expect(bodyOf(await request('GET', videoUrl(launch()), { token: demo }), videoEnvelope).video.title).not.toBe('Hijacked');
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(EDIT, '404 not_found');
      expectError(await request('PUT', videoUrl(MISSING_ID), { token: demo, form: { title: 'Nobody' } }), 404, 'not_found');
    });
  });

  describe(GET_EXPIRATION, () => {
    it('200 with rule never, or at_given_time with expires_at', async () => {
      covers(GET_EXPIRATION, 'success');
      const never = bodyOf(await request('GET', expirationUrl(launch()), { token: demo }), expirationShape);
      expect(never).toEqual({ rule: 'never' });
      const timed = bodyOf(await request('GET', expirationUrl(rehearsal()), { token: demo }), expirationShape);
      expect(timed.rule).toBe('at_given_time');
      if (timed.rule === 'at_given_time') expect(timed.expires_at).toBeGreaterThan(Date.now() / 1000);
    });

    it('403 lack_of_ownership for a video of another user', async () => {
      covers(GET_EXPIRATION, '403 lack_of_ownership');
      expectError(await request('GET', expirationUrl(launch()), { token: rival }), 403, 'lack_of_ownership');
    });

    it('403 forbidden when the user lacks the permission to manage expiration', async () => {
      covers(GET_EXPIRATION, '403 forbidden');
      await withoutExpirationPermission(async () => {
        expectError(await request('GET', expirationUrl(launch()), { token: demo }), 403, 'forbidden');
      });
      expectStatus(await request('GET', expirationUrl(launch()), { token: demo }), 200);
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(GET_EXPIRATION, '404 not_found');
      expectRouteAnswers(await request('GET', expirationUrl(launch()), { token: demo }));
      expectError(await request('GET', expirationUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });

  describe(SET_EXPIRATION, () => {
    it('200 with rule never; an at_given_time expiration is cleared', async () => {
      covers(SET_EXPIRATION, 'success');
      const id = rehearsal();
      expectStatus(await request('PUT', expirationUrl(id), { token: demo, form: { rule: 'never' } }), 200);
      expect(bodyOf(await request('GET', expirationUrl(id), { token: demo }), expirationShape)).toEqual({ rule: 'never' });
    });

    it('400 bad_request when rule is missing or invalid (only never is supported)', async () => {
      covers(SET_EXPIRATION, '400 bad_request');
      for (const form of <Form[]>[{}, { rule: 'at_given_time' }, { rule: 'someday' }]) {
        expectError(await request('PUT', expirationUrl(launch()), { token: demo, form }), 400, 'bad_request');
      }
    });

    it('403 lack_of_ownership for a video of another user', async () => {
      covers(SET_EXPIRATION, '403 lack_of_ownership');
      expectError(await request('PUT', expirationUrl(launch()), { token: rival, form: { rule: 'never' } }), 403, 'lack_of_ownership');
    });

    it('403 forbidden when the user lacks the permission to manage expiration', async () => {
      covers(SET_EXPIRATION, '403 forbidden');
      await withoutExpirationPermission(async () => {
        expectError(await request('PUT', expirationUrl(launch()), { token: demo, form: { rule: 'never' } }), 403, 'forbidden');
      });
    });

    it('404 not_found for a video that does not exist', async () => {
      covers(SET_EXPIRATION, '404 not_found');
      expectError(await request('PUT', expirationUrl(MISSING_ID), { token: demo, form: { rule: 'never' } }), 404, 'not_found');
    });
  });

  describe('video custom metadata values', () => {
    async function videoField(): Promise<string> {
      const name = unique('vf').replace(/\s+/g, '_');
      const result = await request('POST', handle.api('/custom-metadata-fields.json'), {
        token: demo,
        form: { name, display_name: `Field ${name}`, content_type: 'video', type: 'string', is_required: false },
      });
      expectStatus(result, 200);
      return bodyOf(result, createdFieldShape).id;
    }

    it('PUT 204, GET 200 lists {field_id, value}, DELETE 200 removes it', async () => {
      covers(SET_VALUE, 'success');
      covers(VALUES, 'success');
      covers(DELETE_VALUE, 'success');
      const field = await videoField();
      expectStatus(await request('PUT', valueUrl(launch(), field), { token: demo, form: { value: 'Berlin' } }), 204);
      expect(bodyOf(await request('GET', valuesUrl(launch()), { token: demo }), valuesShape).metadata).toContainEqual({ field_id: field, value: 'Berlin' });
      expectStatus(await request('DELETE', valueUrl(launch(), field), { token: demo }), 200);
      expect(bodyOf(await request('GET', valuesUrl(launch()), { token: demo }), valuesShape).metadata.map((entry) => entry.field_id)).not.toContain(field);
    });

    it('GET 401 unauthorized for a protected video without the owner\'s token; 404 not_found for a missing video', async () => {
      covers(VALUES, '401 unauthorized');
      covers(VALUES, '404 not_found');
      expectStatus(await request('GET', valuesUrl(rehearsal()), { token: demo }), 200);
      expectError(await request('GET', valuesUrl(rehearsal())), 401, 'unauthorized');
      expectRouteAnswers(await request('GET', valuesUrl(launch()), { token: demo }));
      expectError(await request('GET', valuesUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });

    it('PUT 401 without a token; 404 for a missing video or field', async () => {
      covers(SET_VALUE, '401');
      covers(SET_VALUE, '404');
      const field = await videoField();
      expectStatus(await request('PUT', valueUrl(launch(), field), { form: { value: 'x' } }), 401);
      expectStatus(await request('PUT', valueUrl(MISSING_ID, field), { token: demo, form: { value: 'x' } }), 404);
      expectStatus(await request('PUT', valueUrl(launch(), MISSING_ID), { token: demo, form: { value: 'x' } }), 404);
    });

    it('DELETE 401 without a token; 404 for a missing video or field', async () => {
      covers(DELETE_VALUE, '401');
      covers(DELETE_VALUE, '404');
      const field = await videoField();
      expectStatus(await request('PUT', valueUrl(launch(), field), { token: demo, form: { value: 'kept' } }), 204);
      expectStatus(await request('DELETE', valueUrl(launch(), field)), 401);
      expectStatus(await request('DELETE', valueUrl(MISSING_ID, field), { token: demo }), 404);
      expectStatus(await request('DELETE', valueUrl(launch(), MISSING_ID), { token: demo }), 404);
      expect(bodyOf(await request('GET', valuesUrl(launch()), { token: demo }), valuesShape).metadata).toContainEqual({ field_id: field, value: 'kept' });
    });

    it('another user cannot set the values of a video they do not own', async () => {
      const field = await videoField();
      const result = await request('PUT', valueUrl(launch(), field), { token: rival, form: { value: 'hijack' } });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(bodyOf(await request('GET', valuesUrl(launch()), { token: demo }), valuesShape).metadata.map((entry) => entry.field_id)).not.toContain(field);
    });
  });
});
