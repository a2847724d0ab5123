// Part B, "Thumbnail, trim, copy": a thumbnail file (under 10 MB, smaller than 4000x4000 px) or a frame
// by position (204); a trim of at least 10 seconds (`trim` object of `start`, `end` integers; the
// original unchanged); a copy of a part of at least 10 seconds, asynchronous (202 `{request_id,
// status_url}`, then `is_finished` false until done, then true with `video_id` and `video_url`), which
// becomes an unpublished video on the same channel.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testImage, TEST_IMAGE_TYPES } from '../support/test-images.js';
import { covers } from './coverage.js';
import { describeResult, expectError, expectStatus, request, type AccessToken, type Form } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, eventually, unique, useSandbox, videoId } from './sandbox-fixture.js';
import { bodyOf, videoShape } from './spec-shapes.js';

const THUMBNAIL = 'POST /videos/<video_id>/thumbnail.<format>';
const FRAME = 'POST /videos/<video_id>/thumbnail/frame.<format>';
const SET_TRIM = 'PUT /videos/<video_id>/trim.<format>';
const GET_TRIM = 'GET /videos/<video_id>/trim.<format>';
const DELETE_TRIM = 'DELETE /videos/<video_id>/trim.<format>';
const COPY = 'POST /videos/<video_id>/copy.<format>';
const COPY_STATUS = 'GET /videos-copy-status/<request_id>.<format>';

const trimShape = z.object({ trim: z.object({ start: z.number().int(), end: z.number().int() }) });
const copyRequestShape = z.object({ request_id: z.string(), status_url: z.string() });
const copyStatusShape = z.object({ is_finished: z.boolean(), video_id: z.number().int().optional(), video_url: z.string().optional() });
const videoEnvelope = z.object({ video: videoShape });

describe('thumbnail, trim, copy', () => {
  // Long enough that the first status read comes before the copy is done, even on a busy machine.
  const handle = useSandbox({ copyMs: 1000 });
  let demo: AccessToken;
  let rival: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  const launch = () => videoId(handle.sandbox, 'Launch stream');
  const qa = () => videoId(handle.sandbox, 'Q&A night');
  const videoUrl = (id: string) => handle.api(`/videos/${id}.json`);
  const trimUrl = (id: string) => handle.api(`/videos/${id}/trim.json`);
  const copyUrl = (id: string) => handle.api(`/videos/${id}/copy.json`);

  describe(THUMBNAIL, () => {
    const url = () => handle.api(`/videos/${launch()}/thumbnail.json`);

    it('204 for an image file, as a multipart field or as the body', async () => {
      covers(THUMBNAIL, 'success');
      const png = testImage('png', 640, 360);
      const form = new FormData();
      form.append('thumbnail', new Blob([png], { type: TEST_IMAGE_TYPES.png }), 'thumbnail.png');
      expectStatus(await request('POST', url(), { token: demo, body: form }), 204);
      const jpeg = testImage('jpeg', 1280, 720);
      expectStatus(await request('POST', url(), { token: demo, body: jpeg, headers: { 'content-type': TEST_IMAGE_TYPES.jpeg } }), 204);
    });

    it('refuses a file of 4000x4000 px or of 10 MB, and a file that is not an image (limits: under 10 MB, smaller than 4000x4000 px)', async () => {
      covers(THUMBNAIL, 'success');
      const large = testImage('png', 4000, 4000);
      const tooLarge = await request('POST', url(), { token: demo, body: large, headers: { 'content-type': TEST_IMAGE_TYPES.png } });
      expect(tooLarge.status, describeResult(tooLarge)).toBe(400);
      const heavy = Buffer.concat([testImage('png', 64, 64), Buffer.alloc(10_000_000)]);
      const tooHeavy = await request('POST', url(), { token: demo, body: heavy, headers: { 'content-type': TEST_IMAGE_TYPES.png } });
      expect(tooHeavy.status, describeResult(tooHeavy)).toBe(400);
      const text = await request('POST', url(), { token: demo, body: 'not an image', headers: { 'content-type': 'image/png' } });
      expect(text.status, describeResult(text)).toBe(400);
      expectStatus(await request('POST', url(), { token: demo, body: testImage('gif', 3998, 2), headers: { 'content-type': TEST_IMAGE_TYPES.gif } }), 204);
    });

    it('only the owner may set it', async () => {
      const refused = await request('POST', url(), { token: rival, body: testImage('png', 32, 32), headers: { 'content-type': TEST_IMAGE_TYPES.png } });
      expectError(refused, 403, 'lack_of_ownership');
    });
  });

  describe(FRAME, () => {
    it('204 for a position in seconds (a float)', async () => {
      covers(FRAME, 'success');
      expectStatus(await request('POST', handle.api(`/videos/${launch()}/thumbnail/frame.json`), { token: demo, form: { position: 12.5 } }), 204);
      expectStatus(await request('POST', handle.api(`/videos/${launch()}/thumbnail/frame.json`), { token: demo, form: { position: 0 } }), 204);
    });

    it('refuses a missing position', async () => {
      const result = await request('POST', handle.api(`/videos/${launch()}/thumbnail/frame.json`), { token: demo, form: {} });
      expect(result.status, describeResult(result)).toBe(400);
    });
  });

  describe('trim', () => {
    it('PUT 204, GET 200 gives {trim: {start, end}}, DELETE 200; the original is unchanged', async () => {
      covers(SET_TRIM, 'success');
      covers(GET_TRIM, 'success');
      covers(DELETE_TRIM, 'success');
      const id = qa();
      const before = bodyOf(await request('GET', videoUrl(id), { token: demo }), videoEnvelope).video;
      expectStatus(await request('PUT', trimUrl(id), { token: demo, form: { start: 30, end: 40 } }), 204);
      const trimmed = await request('GET', trimUrl(id), { token: demo });
      expectStatus(trimmed, 200);
      expect(bodyOf(trimmed, trimShape).trim).toEqual({ start: 30, end: 40 });
      const after = bodyOf(await request('GET', videoUrl(id), { token: demo }), videoEnvelope).video;
      expect({ length: after.length, file_size: after.file_size }, 'the original file is unchanged').toEqual({ length: before.length, file_size: before.file_size });
      expectStatus(await request('DELETE', trimUrl(id), { token: demo }), 200);
      expect(bodyOf(await request('GET', trimUrl(id), { token: demo }), trimShape).trim).not.toEqual({ start: 30, end: 40 });
    });

    it('PUT 400 bad_request for invalid times or a trim under 10 seconds', async () => {
      covers(SET_TRIM, '400 bad_request');
      const id = qa();
      for (const form of <Form[]>[{ start: 30, end: 39 }, { start: 40, end: 30 }, { start: 'soon', end: 40 }, { end: 40 }, { start: 0 }, { start: -5, end: 40 }]) {
        expectError(await request('PUT', trimUrl(id), { token: demo, form }), 400, 'bad_request');
      }
      expectStatus(await request('PUT', trimUrl(id), { token: demo, form: { start: 30, end: 40 } }), 204);
    });

    it('only the owner may trim', async () => {
      expectError(await request('PUT', trimUrl(qa()), { token: rival, form: { start: 0, end: 20 } }), 403, 'lack_of_ownership');
    });
  });

  describe('copy', () => {
    it('202 {request_id, status_url}; the status is unfinished, then finished with video_id and video_url', async () => {
      covers(COPY, 'success');
      covers(COPY_STATUS, 'success');
      const title = unique('Highlight');
      const started = await request('POST', copyUrl(launch()), { token: demo, form: { start: 60, end: 90, title, description: 'The best bit' } });
      expectStatus(started, 202);
      const { status_url: statusUrl, request_id: requestId } = bodyOf(started, copyRequestShape);
      expect(statusUrl).toContain(requestId);
      const first = await request('GET', handle.api(`/videos-copy-status/${requestId}.json`), { token: demo });
      expectStatus(first, 200);
      expect(bodyOf(first, copyStatusShape).is_finished, 'the copy is asynchronous').toBe(false);

      const finished = await eventually(async () => {
        const status = bodyOf(await request('GET', new URL(statusUrl, handle.sandbox.apiUrl).toString(), { token: demo }), copyStatusShape);
        return status.is_finished ? status : undefined;
      }, 'the copy to finish');
      expect(finished.video_id).toBeTypeOf('number');
      expect(finished.video_url).toBeTypeOf('string');

      // "The copy is unpublished and lies on the same channel as the original."
      const copyId = String(finished.video_id);
      const copy = bodyOf(await request('GET', videoUrl(copyId), { token: demo }), videoEnvelope).video;
      expect(copy).toMatchObject({ id: copyId, title, description: 'The best bit' });
      expect(copy.links.channel.id ?? copy.links.channel.href).toContain(channelId(handle.sandbox, 'Demo Live'));
      expect(Number(copy.length)).toBeCloseTo(30, 0);
      expect((await request('GET', videoUrl(copyId))).status, 'unpublished: not readable without the owner\'s token').toBe(401);
      // The original stays as it was.
      expect(bodyOf(await request('GET', videoUrl(launch()), { token: demo }), videoEnvelope).video.id).toBe(launch());
    });

    it('400 bad_request for a part under 10 seconds, invalid times, or no title', async () => {
      covers(COPY, '400 bad_request');
      for (const form of <Form[]>[{ start: 0, end: 9, title: 'Short' }, { start: 50, end: 20, title: 'Backwards' }, { start: 'x', end: 20, title: 'Bad' }, { start: 0, end: 20 }]) {
        expectError(await request('POST', copyUrl(launch()), { token: demo, form }), 400, 'bad_request');
      }
    });

    it('only the owner may copy', async () => {
      expectError(await request('POST', copyUrl(launch()), { token: rival, form: { start: 0, end: 20, title: 'Taken' } }), 403, 'lack_of_ownership');
    });
  });
});
