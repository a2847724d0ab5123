// Part B, "Custom metadata field definitions" (list with filter[type], create, delete) and part A,
// "Channel custom metadata values" (a channel's values and their display settings), from the spec text:
// a value is `{field_id, value}`, a display setting `{channel_id, field_id, is_link}`.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf } from './spec-shapes.js';

const FIELDS = 'GET /custom-metadata-fields.<format>';
const CREATE_FIELD = 'POST /custom-metadata-fields.<format>';
const DELETE_FIELD = 'DELETE /custom-metadata-fields/<field_id>.<format>';
const VALUES = 'GET /channels/<channel_id>/custom-metadata.<format>';
const SET_VALUE = 'PUT /channels/<channel_id>/custom-metadata/<field_id>.<format>';
const DELETE_VALUE = 'DELETE /channels/<channel_id>/custom-metadata/<field_id>.<format>';
const DISPLAYS = 'GET /channels/<channel_id>/custom-metadata-display.<format>';
const SET_DISPLAY = 'PUT /channels/<channel_id>/custom-metadata-display/<field_id>.<format>';
const DELETE_DISPLAY = 'DELETE /channels/<channel_id>/custom-metadata-display/<field_id>.<format>';

const fieldChild = z.object({
  name: z.string(),
  display_name: z.string(),
  content_type: z.enum(['channel', 'video']),
  type: z.unknown(),
  description: z.string().optional(),
  is_required: z.boolean(),
});
const fieldShape = fieldChild.extend({
  id: z.string().optional(),
  enum_items: z.array(z.object({ item: z.string() })).optional(),
  children: z.array(fieldChild).optional(),
});
const fieldsShape = z.object({ fields: z.array(fieldShape) });
/** "the field definition with `id`": the spec does not say whether it is wrapped; both are accepted. */
const createdShape = z.union([z.object({ field: fieldShape.extend({ id: z.string() }) }).transform((body) => body.field), fieldShape.extend({ id: z.string() })]);
const valuesShape = z.object({ metadata: z.array(z.object({ field_id: z.string(), value: z.unknown() })) });
const displaysShape = z.object({ metadata_displays: z.array(z.object({ channel_id: z.string(), field_id: z.string(), is_link: z.boolean() })) });

describe('custom metadata', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  const fieldsUrl = () => handle.api('/custom-metadata-fields.json');
  const live = () => channelId(handle.sandbox, 'Demo Live');
  const locked = () => channelId(handle.sandbox, 'Locked Room');
  const valueUrl = (channel: string, field: string) => handle.api(`/channels/${channel}/custom-metadata/${field}.json`);
  const displayUrl = (channel: string, field: string) => handle.api(`/channels/${channel}/custom-metadata-display/${field}.json`);

  async function createField(form: Record<string, string | boolean | readonly string[]> = {}): Promise<{ id: string; name: string }> {
    const name = unique('cf').replace(/\s+/g, '_');
    const result = await request('POST', fieldsUrl(), {
      token: demo,
      form: { name, display_name: `Field ${name}`, content_type: 'channel', type: 'string', is_required: false, ...form },
    });
    expectStatus(result, 200);
    const field = bodyOf(result, createdShape);
    return { id: field.id, name: field.name };
  }

  const values = async (channel: string, token: AccessToken | null = demo): Promise<HttpResult> =>
    request('GET', handle.api(`/channels/${channel}/custom-metadata.json`), { token });

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
  });

  describe(FIELDS, () => {
    it('200 with the fields of the asked type', async () => {
      covers(FIELDS, 'success');
      const field = await createField({ description: 'Where the stream happens' });
      const channelFields = bodyOf(await request('GET', fieldsUrl(), { token: demo, query: { 'filter[type]': 'channel' } }), fieldsShape).fields;
      expect(channelFields.find((candidate) => candidate.name === field.name)).toMatchObject({ content_type: 'channel', is_required: false, description: 'Where the stream happens' });
      const videoFields = bodyOf(await request('GET', fieldsUrl(), { token: demo, query: { 'filter[type]': 'video' } }), fieldsShape).fields;
      expect(videoFields.map((candidate) => candidate.name)).not.toContain(field.name);
    });

    it('400 bad_request without filter[type]', async () => {
      covers(FIELDS, '400 bad_request');
      expectError(await request('GET', fieldsUrl(), { token: demo }), 400, 'bad_request');
    });

    it('401 unauthorized without a valid token', async () => {
      covers(FIELDS, '401 unauthorized');
      expectError(await request('GET', fieldsUrl(), { query: { 'filter[type]': 'channel' } }), 401, 'unauthorized');
      expectError(await request('GET', fieldsUrl(), { query: { 'filter[type]': 'channel' }, token: { kind: 'bearer', accessToken: 'malformed' } }), 401, 'unauthorized');
    });
  });

  describe(CREATE_FIELD, () => {
    it('200 with the definition and its id; enum_items come back as {item} entries', async () => {
      covers(CREATE_FIELD, 'success');
      const name = unique('genre').replace(/\s+/g, '_');
      const result = await request('POST', fieldsUrl(), {
        token: demo,
        form: { name, display_name: 'Genre', content_type: 'channel', type: 'enum', is_required: true, 'enum_items[]': ['music', 'talk'] },
      });
      expectStatus(result, 200);
      const field = bodyOf(result, createdShape);
      expect(field).toMatchObject({ name, display_name: 'Genre', content_type: 'channel', is_required: true });
      expect(field.enum_items).toEqual([{ item: 'music' }, { item: 'talk' }]);
    });

    it('400 bad_request when the definition is invalid (a required parameter missing or wrong)', async () => {
      covers(CREATE_FIELD, '400 bad_request');
      const complete = { name: unique('bad').replace(/\s+/g, '_'), display_name: 'Bad', content_type: 'channel', type: 'string', is_required: 'false' };
      for (const missing of ['name', 'display_name', 'content_type', 'type', 'is_required'] as const) {
        const form: Record<string, string> = { ...complete };
        delete form[missing];
        expectError(await request('POST', fieldsUrl(), { token: demo, form }), 400, 'bad_request');
      }
      expectError(await request('POST', fieldsUrl(), { token: demo, form: { ...complete, content_type: 'playlist' } }), 400, 'bad_request');
    });

    it('401 without a valid token', async () => {
      covers(CREATE_FIELD, '401');
      expectStatus(await request('POST', fieldsUrl(), { form: { name: 'x', display_name: 'X', content_type: 'channel', type: 'string', is_required: 'false' } }), 401);
    });
  });

  describe(DELETE_FIELD, () => {
    it('200; the definition is gone from the list', async () => {
      covers(DELETE_FIELD, 'success');
      const field = await createField();
      expectStatus(await request('DELETE', handle.api(`/custom-metadata-fields/${field.id}.json`), { token: demo }), 200);
      const fields = bodyOf(await request('GET', fieldsUrl(), { token: demo, query: { 'filter[type]': 'channel' } }), fieldsShape).fields;
      expect(fields.map((candidate) => candidate.name)).not.toContain(field.name);
    });

    it('404 not_found for a definition that does not exist', async () => {
      covers(DELETE_FIELD, '404 not_found');
      expectError(await request('DELETE', handle.api(`/custom-metadata-fields/${MISSING_ID}.json`), { token: demo }), 404, 'not_found');
    });

    it('401 without a valid token', async () => {
      covers(DELETE_FIELD, '401');
      const field = await createField();
      expectStatus(await request('DELETE', handle.api(`/custom-metadata-fields/${field.id}.json`)), 401);
    });
  });

  describe('channel values', () => {
    it('PUT 204, GET 200 lists {field_id, value}, DELETE 200 removes it', async () => {
      covers(SET_VALUE, 'success');
      covers(VALUES, 'success');
      covers(DELETE_VALUE, 'success');
      const field = await createField();
      expectStatus(await request('PUT', valueUrl(live(), field.id), { token: demo, form: { value: 'Berlin' } }), 204);
      const listed = bodyOf(await values(live()), valuesShape).metadata;
      expect(listed).toContainEqual({ field_id: field.id, value: 'Berlin' });
      const anonymous = bodyOf(await values(live(), null), valuesShape).metadata;
      expect(anonymous, 'a public channel\'s values read without a token').toContainEqual({ field_id: field.id, value: 'Berlin' });
      expectStatus(await request('DELETE', valueUrl(live(), field.id), { token: demo }), 200);
      expect(bodyOf(await values(live()), valuesShape).metadata.map((entry) => entry.field_id)).not.toContain(field.id);
    });

    it('GET 401 unauthorized for a locked channel without a valid token; 404 not_found for a missing channel', async () => {
      covers(VALUES, '401 unauthorized');
      covers(VALUES, '404 not_found');
      expectStatus(await values(locked()), 200);
      expectError(await values(locked(), null), 401, 'unauthorized');
      expectRouteAnswers(await values(live()));
      expectError(await values(MISSING_ID), 404, 'not_found');
    });

    it('PUT 401 unauthorized without a token; 404 for a missing channel or field', async () => {
      covers(SET_VALUE, '401 unauthorized');
      covers(SET_VALUE, '404');
      const field = await createField();
      expectError(await request('PUT', valueUrl(live(), field.id), { form: { value: 'x' } }), 401, 'unauthorized');
      expectStatus(await request('PUT', valueUrl(MISSING_ID, field.id), { token: demo, form: { value: 'x' } }), 404);
      expectStatus(await request('PUT', valueUrl(live(), MISSING_ID), { token: demo, form: { value: 'x' } }), 404);
    });

    it('DELETE 401 unauthorized without a token; 404 for a missing channel or field', async () => {
      covers(DELETE_VALUE, '401 unauthorized');
      covers(DELETE_VALUE, '404');
      const field = await createField();
      expectStatus(await request('PUT', valueUrl(live(), field.id), { token: demo, form: { value: 'kept' } }), 204);
      expectError(await request('DELETE', valueUrl(live(), field.id)), 401, 'unauthorized');
      expectStatus(await request('DELETE', valueUrl(MISSING_ID, field.id), { token: demo }), 404);
      expectStatus(await request('DELETE', valueUrl(live(), MISSING_ID), { token: demo }), 404);
      expect(bodyOf(await values(live()), valuesShape).metadata).toContainEqual({ field_id: field.id, value: 'kept' });
    });

    it('another user cannot set the values of a channel they do not own', async () => {
      const field = await createField();
      const result = await request('PUT', valueUrl(live(), field.id), { token: rival, form: { value: 'hijack' } });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(bodyOf(await values(live()), valuesShape).metadata.map((entry) => entry.field_id)).not.toContain(field.id);
    });
  });

  describe('display settings', () => {
    const displays = async (channel: string) => request('GET', handle.api(`/channels/${channel}/custom-metadata-display.json`), { token: demo });

    it('PUT 204 with is_link, GET 200 lists {channel_id, field_id, is_link}, DELETE 200 removes it', async () => {
      covers(SET_DISPLAY, 'success');
      covers(DISPLAYS, 'success');
      covers(DELETE_DISPLAY, 'success');
      const field = await createField();
      expectStatus(await request('PUT', displayUrl(live(), field.id), { token: demo, form: { is_link: true } }), 204);
      expect(bodyOf(await displays(live()), displaysShape).metadata_displays).toContainEqual({ channel_id: live(), field_id: field.id, is_link: true });
      expectStatus(await request('PUT', displayUrl(live(), field.id), { token: demo, form: { is_link: false } }), 204);
      expect(bodyOf(await displays(live()), displaysShape).metadata_displays).toContainEqual({ channel_id: live(), field_id: field.id, is_link: false });
      expectSuccess(await request('DELETE', displayUrl(live(), field.id), { token: demo }));
      expect(bodyOf(await displays(live()), displaysShape).metadata_displays.map((entry) => entry.field_id)).not.toContain(field.id);
    });

    it('PUT 400 bad_request without is_link; 401 unauthorized without a token; 404 not_found for a missing channel or field', async () => {
      covers(SET_DISPLAY, '400 bad_request');
      covers(SET_DISPLAY, '401 unauthorized');
      covers(SET_DISPLAY, '404 not_found');
      const field = await createField();
      expectError(await request('PUT', displayUrl(live(), field.id), { token: demo, form: {} }), 400, 'bad_request');
      expectError(await request('PUT', displayUrl(live(), field.id), { form: { is_link: true } }), 401, 'unauthorized');
      expectError(await request('PUT', displayUrl(MISSING_ID, field.id), { token: demo, form: { is_link: true } }), 404, 'not_found');
      expectError(await request('PUT', displayUrl(live(), MISSING_ID), { token: demo, form: { is_link: true } }), 404, 'not_found');
    });

    it('DELETE 401 unauthorized without a token; 404 for a missing channel or field', async () => {
      covers(DELETE_DISPLAY, '401 unauthorized');
      covers(DELETE_DISPLAY, '404');
      const field = await createField();
      expectStatus(await request('PUT', displayUrl(live(), field.id), { token: demo, form: { is_link: true } }), 204);
      expectError(await request('DELETE', displayUrl(live(), field.id)), 401, 'unauthorized');
      expectStatus(await request('DELETE', displayUrl(MISSING_ID, field.id), { token: demo }), 404);
      expectStatus(await request('DELETE', displayUrl(live(), MISSING_ID), { token: demo }), 404);
    });
  });
});
