// Part A, "Branding" and "Channel design": the branding type (co/full/no, 402 without access to that
// type), removal, the logo's settings and the logo itself (the request body; JPEG/PNG/GIF, at most
// 170 x 170); the page background colour (hex RGB) and the channel picture (square, under 1 MB).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, useSandbox } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';
import { TEST_IMAGE_TYPES, testImage } from '../support/test-images.js';

const TYPE = 'PUT /channels/<channel_id>/branding.<format>';
const REMOVE = 'DELETE /channels/<channel_id>/branding.<format>';
const SETTINGS = 'PUT /channels/<channel_id>/branding/logo/<logo_id>/settings.<format>';
const LOGO = 'PUT /channels/<channel_id>/branding/logo/<logo_id>.<format>';
const GET_BACKGROUND = 'GET /channels/<channel_id>/design/background.<format>';
const SET_BACKGROUND = 'PUT /channels/<channel_id>/design/background.<format>';
const DELETE_BACKGROUND = 'DELETE /channels/<channel_id>/design/background.<format>';
const PICTURE = 'POST /channels/<channel_id>/design/picture.<format>';
const DELETE_PICTURE = 'DELETE /channels/<channel_id>/design/picture.<format>';

// "200, `background` with `color` (hex RGB string)".
const backgroundShape = z.object({ background: z.object({ color: z.string().regex(/^#?[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/) }) });

describe('branding and channel design', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  const demoLive = () => channelId(handle.sandbox, 'Demo Live');
  const rivalChannel = () => channelId(handle.sandbox, 'Rival Channel');
  const branding = (channel: string) => handle.api(`/channels/${channel}/branding.json`);
  const settings = (channel: string) => handle.api(`/channels/${channel}/branding/logo/0/settings.json`);
  const logo = (channel: string) => handle.api(`/channels/${channel}/branding/logo/0.json`);
  const background = (channel: string) => handle.api(`/channels/${channel}/design/background.json`);
  const picture = (channel: string) => handle.api(`/channels/${channel}/design/picture.json`);
  const png = (width: number, height: number) => ({ body: testImage('png', width, height), headers: { 'content-type': TEST_IMAGE_TYPES.png } });

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  describe(TYPE, () => {
    it('200 for co, full and no, sent in the body', async () => {
      covers(TYPE, 'success');
      for (const type of ['co', 'full', 'no']) expectStatus(await request('PUT', branding(demoLive()), { token: demo, form: { type } }), 200);
    });
    it('400 invalid_type for a type other than co, full and no', async () => {
      covers(TYPE, '400 invalid_type');
      expectError(await request('PUT', branding(demoLive()), { token: demo, form: { type: 'partial' } }), 400, 'invalid_type');
      expectError(await request('PUT', branding(demoLive()), { token: demo, form: {} }), 400, 'invalid_type');
    });
    it('402 payment_required without access to that type', async () => {
      covers(TYPE, '402 payment_required');
      expectError(await request('PUT', branding(rivalChannel()), { token: rival, form: { type: 'full' } }), 402, 'payment_required');
      expectError(await request('PUT', branding(rivalChannel()), { token: rival, form: { type: 'co' } }), 402, 'payment_required');
    });
  });

  describe(REMOVE, () => {
    it('200', async () => {
      covers(REMOVE, 'success');
      expectStatus(await request('PUT', branding(demoLive()), { token: demo, form: { type: 'full' } }), 200);
      expectStatus(await request('DELETE', branding(demoLive()), { token: demo }), 200);
    });
  });

  describe(SETTINGS, () => {
    const valid = { position: 'bottom-right', margin: 12, link: 'https://example.com/home' };
    it('200 for every listed position, an unsigned margin and a URL or the empty link', async () => {
      covers(SETTINGS, 'success');
      for (const position of ['top-left', 'top-middle', 'top-right', 'middle-left', 'middle-right', 'bottom-left', 'bottom-middle', 'bottom-right']) {
        expectStatus(await request('PUT', settings(demoLive()), { token: demo, form: { ...valid, position } }), 200);
      }
      expectStatus(await request('PUT', settings(demoLive()), { token: demo, form: { ...valid, margin: 0, link: '' } }), 200);
    });
    it('400 invalid_position', async () => {
      covers(SETTINGS, '400 invalid_position');
      expectError(await request('PUT', settings(demoLive()), { token: demo, form: { ...valid, position: 'center' } }), 400, 'invalid_position');
    });
    it('400 invalid_margin: not an unsigned integer', async () => {
      covers(SETTINGS, '400 invalid_margin');
      for (const margin of ['-1', '1.5', 'wide', '']) {
        expectError(await request('PUT', settings(demoLive()), { token: demo, form: { ...valid, margin } }), 400, 'invalid_margin');
      }
    });
    it('400 invalid_link: neither a valid URL nor empty', async () => {
      covers(SETTINGS, '400 invalid_link');
      expectError(await request('PUT', settings(demoLive()), { token: demo, form: { ...valid, link: 'not a url' } }), 400, 'invalid_link');
    });
    it('402 payment_required without branding', async () => {
      covers(SETTINGS, '402 payment_required');
      expectError(await request('PUT', settings(rivalChannel()), { token: rival, form: valid }), 402, 'payment_required');
    });
  });

  describe(LOGO, () => {
    it('200 for a JPEG, PNG or GIF body of at most 170 x 170 px', async () => {
      covers(LOGO, 'success');
      for (const format of ['png', 'gif', 'jpeg'] as const) {
        const result = await request('PUT', logo(demoLive()), { token: demo, body: testImage(format, 170, 170), headers: { 'content-type': TEST_IMAGE_TYPES[format] } });
        expectStatus(result, 200);
      }
      expectStatus(await request('PUT', logo(demoLive()), { token: demo, ...png(120, 40) }), 200);
    });
    it('400 invalid_file: an empty body, or a file that is not one of the three types', async () => {
      covers(LOGO, '400 invalid_file');
      expectError(await request('PUT', logo(demoLive()), { token: demo, body: new Uint8Array(), headers: { 'content-type': 'image/png' } }), 400, 'invalid_file');
      expectError(await request('PUT', logo(demoLive()), { token: demo, body: 'plain words', headers: { 'content-type': 'text/plain' } }), 400, 'invalid_file');
    });
    it('400 invalid_image: wider or higher than 170 px', async () => {
      covers(LOGO, '400 invalid_image');
      expectError(await request('PUT', logo(demoLive()), { token: demo, ...png(300, 300) }), 400, 'invalid_image');
      expectError(await request('PUT', logo(demoLive()), { token: demo, ...png(172, 10) }), 400, 'invalid_image');
      expectError(await request('PUT', logo(demoLive()), { token: demo, ...png(10, 172) }), 400, 'invalid_image');
    });
    it('402 payment_required without branding', async () => {
      covers(LOGO, '402 payment_required');
      expectError(await request('PUT', logo(rivalChannel()), { token: rival, ...png(100, 100) }), 402, 'payment_required');
    });
  });

  describe(SET_BACKGROUND, () => {
    it('200; the colour is then read back', async () => {
      covers(SET_BACKGROUND, 'success');
      covers(GET_BACKGROUND, 'success');
      expectStatus(await request('PUT', background(demoLive()), { token: demo, form: { color: '#1A2B3C' } }), 200);
      const read = await request('GET', background(demoLive()), { token: demo });
      expectStatus(read, 200);
      expect(bodyOf(read, backgroundShape).background.color.replace('#', '').toLowerCase()).toBe('1a2b3c');
    });
    it('400 bad_request when the colour is not hex RGB', async () => {
      covers(SET_BACKGROUND, '400 bad_request');
      for (const color of ['', 'red', '#12345g', '#1234']) {
        expectError(await request('PUT', background(demoLive()), { token: demo, form: { color } }), 400, 'bad_request');
      }
    });
    it('403 on a channel of another user', async () => {
      covers(SET_BACKGROUND, '403');
      expectError(await request('PUT', background(rivalChannel()), { token: demo, form: { color: '#000000' } }), 403);
    });
    it('404 for a channel that does not exist', async () => {
      covers(SET_BACKGROUND, '404');
      expectError(await request('PUT', background('999999999'), { token: demo, form: { color: '#000000' } }), 404);
    });
  });

  describe(GET_BACKGROUND, () => {
    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(GET_BACKGROUND, '403 lack_of_ownership');
      expectError(await request('GET', background(rivalChannel()), { token: demo }), 403, 'lack_of_ownership');
    });
    it('404 not_found for a channel that does not exist', async () => {
      covers(GET_BACKGROUND, '404 not_found');
      expectError(await request('GET', background('999999999'), { token: demo }), 404, 'not_found');
    });
  });

  describe(DELETE_BACKGROUND, () => {
    it('200; the colour is gone', async () => {
      covers(DELETE_BACKGROUND, 'success');
      expectStatus(await request('PUT', background(demoLive()), { token: demo, form: { color: 'abcdef' } }), 200);
      expectStatus(await request('DELETE', background(demoLive()), { token: demo }), 200);
      const read = await request('GET', background(demoLive()), { token: demo });
      expect(read.status === 404 || (read.status === 200 && bodyOf(read, backgroundShape).background.color.toLowerCase() !== '#abcdef')).toBe(true);
    });
    it('403 on a channel of another user', async () => {
      covers(DELETE_BACKGROUND, '403');
      expectError(await request('DELETE', background(rivalChannel()), { token: demo }), 403);
    });
    it('404 for a channel that does not exist', async () => {
      covers(DELETE_BACKGROUND, '404');
      expectError(await request('DELETE', background('999999999'), { token: demo }), 404);
    });
  });

  describe(PICTURE, () => {
    it('204 for a square picture under 1 MB, as a multipart picture file', async () => {
      covers(PICTURE, 'success');
      const form = new FormData();
      form.append('picture', new Blob([testImage('png', 200, 200)], { type: 'image/png' }), 'picture.png');
      expectStatus(await request('POST', picture(demoLive()), { token: demo, body: form }), 204);
    });
    it('400 bad_request: not square, not an image, missing, or 1 MB or more', async () => {
      covers(PICTURE, '400 bad_request');
      expectError(await request('POST', picture(demoLive()), { token: demo, ...png(200, 100) }), 400, 'bad_request');
      expectError(await request('POST', picture(demoLive()), { token: demo, body: 'plain words', headers: { 'content-type': 'text/plain' } }), 400, 'bad_request');
      expectError(await request('POST', picture(demoLive()), { token: demo }), 400, 'bad_request');
      const large = Buffer.concat([testImage('png', 64, 64), Buffer.alloc(1_100_000)]);
      expectError(await request('POST', picture(demoLive()), { token: demo, body: large, headers: { 'content-type': 'image/png' } }), 400, 'bad_request');
    });
    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(PICTURE, '403 lack_of_ownership');
      expectError(await request('POST', picture(rivalChannel()), { token: demo, ...png(64, 64) }), 403, 'lack_of_ownership');
    });
  });

  describe(DELETE_PICTURE, () => {
    it('200', async () => {
      covers(DELETE_PICTURE, 'success');
      expectStatus(await request('DELETE', picture(demoLive()), { token: demo }), 200);
    });
    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(DELETE_PICTURE, '403 lack_of_ownership');
      expectError(await request('DELETE', picture(rivalChannel()), { token: demo }), 403, 'lack_of_ownership');
    });
  });
});
