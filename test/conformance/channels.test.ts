// Part A, "Channel operations": get (detail levels, protected channels), create, edit, delete, list
// (q, p, pagesize, paging, detail_level=broadcaster); and the `<format>` convention.
import { beforeAll, describe, expect, it } from 'vitest';
import { covers, notApplicable } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, request, type AccessToken } from './http-client.js';
import { bearerToken, macToken } from './oauth-client.js';
import { channelId, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf, channelCreationShape, channelListShape, channelShape, MINIMAL_CHANNEL_KEYS, minimalChannelShape } from './spec-shapes.js';
import { z } from 'zod';

const GET = 'GET /channels/<channel_id>.<format>';
const CREATE = 'POST /users/self/channels.json';
const EDIT = 'PUT /channels/<channel_id>.<format>';
const DELETE = 'DELETE /channels/<channel_id>.<format>';
const LIST = 'GET /users/self/channels.<format>';

notApplicable(CREATE, '503', 'a temporary server error cannot be provoked on demand in the sandbox');

const channelEnvelope = z.object({ channel: channelShape });
const minimalEnvelope = z.object({ channel: minimalChannelShape });

describe('channel operations', () => {
  const handle = useSandbox();
  let demo: AccessToken;

  const channelUrl = (id: string, format = 'json') => handle.api(`/channels/${id}.${format}`);
  const ids = () => ({
    live: channelId(handle.sandbox, 'Demo Live'),
    backstage: channelId(handle.sandbox, 'Backstage'),
    locked: channelId(handle.sandbox, 'Locked Room'),
    rival: channelId(handle.sandbox, 'Rival Channel'),
  });

  async function createChannel(title: string): Promise<string> {
    const result = await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { title, description: 'made by the conformance suite' } });
    expectStatus(result, 201);
    return bodyOf(result, channelCreationShape).channel.id;
  }

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });

  describe('GET /channels/<channel_id>.<format>', () => {
    it('200 with the channel object, without a token for a public channel', async () => {
      covers(GET, 'success');
      const result = await request('GET', channelUrl(ids().live));
      expectStatus(result, 200);
      const { channel } = bodyOf(result, channelEnvelope);
      expect(channel.id).toBe(ids().live);
      expect(channel.title).toBe('Demo Live');
      expect(channel.owner.username).toBe(handle.sandbox.demo.username);
      expect(channel.locks).toEqual([]);
      expect(channel.stream, 'dhls only with detail_level owner').not.toHaveProperty('dhls');
    });

    it('detail_level=minimal: only id, title, picture, owner, locks', async () => {
      covers(GET, 'success');
      const result = await request('GET', channelUrl(ids().live), { query: { detail_level: 'minimal' } });
      expectStatus(result, 200);
      expect(Object.keys(bodyOf(result, minimalEnvelope).channel).sort()).toEqual([...MINIMAL_CHANNEL_KEYS].sort());
    });

    it('detail_level=owner with the owner token: adds stream.dhls (the demo account has the feature)', async () => {
      covers(GET, 'success');
      const result = await request('GET', channelUrl(ids().live), { token: demo, query: { detail_level: 'owner' } });
      expectStatus(result, 200);
      const { channel } = bodyOf(result, channelEnvelope);
      expect(channel.stream.dhls, 'stream.dhls').toBeTypeOf('string');
    });

    it('a password-protected channel without a token: only minimal data, locks.password = []', async () => {
      covers(GET, 'success');
      const minimal = await request('GET', channelUrl(ids().locked), { query: { detail_level: 'minimal' } });
      expectStatus(minimal, 200);
      const { channel } = bodyOf(minimal, minimalEnvelope);
      expect(channel.locks).toMatchObject({ password: [] });
      // At the default level the spec allows either the minimal data or 401 (channel locked), nothing more.
      const plain = await request('GET', channelUrl(ids().locked));
      if (plain.status === 401) expectError(plain, 401, 'unauthorized');
      else {
        expectStatus(plain, 200);
        expect(Object.keys(bodyOf(plain, minimalEnvelope).channel).sort(), describeResult(plain)).toEqual([...MINIMAL_CHANNEL_KEYS].sort());
      }
    });

    it('a password-protected channel with the owner token: full data', async () => {
      covers(GET, 'success');
      const result = await request('GET', channelUrl(ids().locked), { token: demo });
      expectStatus(result, 200);
      expect(bodyOf(result, channelEnvelope).channel.locks).toMatchObject({ password: [] });
    });

    it('401 unauthorized: the locked channel asked for more than minimal data without a valid token', async () => {
      covers(GET, '401 unauthorized');
      expectError(await request('GET', channelUrl(ids().locked), { query: { detail_level: 'owner' } }), 401, 'unauthorized');
    });

    it('detail_level=owner always needs a valid token (401 otherwise)', async () => {
      expectStatus(await request('GET', channelUrl(ids().live), { query: { detail_level: 'owner' } }), 401);
      expectStatus(await request('GET', channelUrl(ids().live), { query: { detail_level: 'owner' }, token: { kind: 'bearer', accessToken: 'malformed' } }), 401);
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(GET, '404 not_found');
      expectRouteAnswers(await request('GET', channelUrl(ids().live)));
      expectError(await request('GET', channelUrl(MISSING_ID)), 404, 'not_found');
    });
  });

  describe('POST /users/self/channels.json', () => {
    it('201 with the creation result (id, title, url, tiny_url); the channel then reads back', async () => {
      covers(CREATE, 'success');
      const title = unique('Conformance create');
      const result = await request('POST', handle.api('/users/self/channels.json'), {
        token: demo,
        form: { title, description: 'A created channel', tags: 'one,two' },
      });
      expectStatus(result, 201);
      const { channel } = bodyOf(result, channelCreationShape);
      expect(channel.title).toBe(title);
      const read = await request('GET', channelUrl(channel.id), { token: demo });
      expectStatus(read, 200);
      expect(bodyOf(read, channelEnvelope).channel).toMatchObject({ id: channel.id, title, description: 'A created channel' });
    });

    it('401 when the token is missing, malformed, revoked or expired', async () => {
      covers(CREATE, '401');
      const url = handle.api('/users/self/channels.json');
      const form = { title: unique('No token') };
      expectStatus(await request('POST', url, { form }), 401);
      expectStatus(await request('POST', url, { form, token: { kind: 'bearer', accessToken: 'not-a-token' } }), 401);
      const revoked = await bearerToken(handle.sandbox);
      expect(handle.sandbox.admin.revokeToken(revoked.accessToken)).toBe(true);
      expectStatus(await request('POST', url, { form, token: revoked }), 401);
      const expired = await bearerToken(handle.sandbox);
      expect(handle.sandbox.admin.expireToken(expired.accessToken)).toBe(true);
      expectStatus(await request('POST', url, { form, token: expired }), 401);
    });

    it('409 when the title or url is already in use', async () => {
      covers(CREATE, '409');
      expectStatus(await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { title: 'Backstage' } }), 409);
    });

    it('400 when the title is invalid', async () => {
      covers(CREATE, '400');
      expectStatus(await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { title: '' } }), 400);
      expectStatus(await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { description: 'no title' } }), 400);
    });
  });

  describe('PUT /channels/<channel_id>.<format>', () => {
    it('204; title, description and comma-separated tags read back', async () => {
      covers(EDIT, 'success');
      const id = await createChannel(unique('Conformance edit'));
      const title = unique('Edited');
      const result = await request('PUT', channelUrl(id), { token: demo, form: { title, description: 'edited description', tags: 'alpha,beta' } });
      expectStatus(result, 204);
      expect(result.text).toBe('');
      const { channel } = bodyOf(await request('GET', channelUrl(id), { token: demo }), channelEnvelope);
      expect(channel).toMatchObject({ title, description: 'edited description', tags: ['alpha', 'beta'] });
    });

    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(EDIT, '403 lack_of_ownership');
      expectError(await request('PUT', channelUrl(ids().rival), { token: demo, form: { title: 'Taken over' } }), 403, 'lack_of_ownership');
    });

    it('400 input_validation_error without the required title', async () => {
      covers(EDIT, '400 input_validation_error');
      expectError(await request('PUT', channelUrl(ids().backstage), { token: demo, form: { description: 'no title' } }), 400, 'input_validation_error');
      expectError(await request('PUT', channelUrl(ids().backstage), { token: demo, form: { title: '' } }), 400, 'input_validation_error');
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(EDIT, '404 not_found');
      expectError(await request('PUT', channelUrl(MISSING_ID), { token: demo, form: { title: 'Nobody' } }), 404, 'not_found');
    });
  });

  describe('DELETE /channels/<channel_id>.<format>', () => {
    it('200; the channel is gone afterwards', async () => {
      covers(DELETE, 'success');
      const id = await createChannel(unique('Conformance delete'));
      expectStatus(await request('DELETE', channelUrl(id), { token: demo }), 200);
      expectError(await request('GET', channelUrl(id), { token: demo }), 404, 'not_found');
    });

    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(DELETE, '403 lack_of_ownership');
      expectError(await request('DELETE', channelUrl(ids().rival), { token: demo }), 403, 'lack_of_ownership');
      expectStatus(await request('GET', channelUrl(ids().rival)), 200);
    });

    it('404 not_found for a channel that does not exist', async () => {
      covers(DELETE, '404 not_found');
      expectError(await request('DELETE', channelUrl(MISSING_ID), { token: demo }), 404, 'not_found');
    });
  });

  describe('GET /users/self/channels.<format>', () => {
    const listUrl = () => handle.api('/users/self/channels.json');

    it('200 with the user\'s channels and a paging object', async () => {
      covers(LIST, 'success');
      const result = await request('GET', listUrl(), { token: demo });
      expectStatus(result, 200);
      const body = bodyOf(result, channelListShape);
      const titles = body.channels.map((channel) => channel.title);
      expect(titles).toEqual(expect.arrayContaining(['Demo Live', 'Backstage', 'Locked Room']));
      expect(titles).not.toContain('Rival Channel');
      expect(body.channels.find((channel) => channel.title === 'Demo Live')?.default).toBe(true);
      for (const channel of body.channels) {
        expect(channel, 'broadcast_urls only with detail_level=broadcaster').not.toHaveProperty('broadcast_urls');
        if (channel.status === 'offline') expect(channel, 'live_thumbnail only when online').not.toHaveProperty('live_thumbnail');
      }
      const actual = new URL(body.paging.actual.href, handle.sandbox.apiUrl);
      expect(actual.searchParams.has('p'), body.paging.actual.href).toBe(true);
      expect(actual.searchParams.has('pagesize'), body.paging.actual.href).toBe(true);
    });

    it('q searches the channels by text', async () => {
      covers(LIST, 'success');
      const body = bodyOf(await request('GET', listUrl(), { token: demo, query: { q: 'Backstage' } }), channelListShape);
      expect(body.channels.map((channel) => channel.title)).toContain('Backstage');
      expect(body.channels.map((channel) => channel.title)).not.toContain('Demo Live');
    });

    it('p and pagesize page through the list; paging holds previous, actual and next hrefs', async () => {
      covers(LIST, 'success');
      const all = bodyOf(await request('GET', listUrl(), { token: demo }), channelListShape).channels;
      expect(all.length).toBeGreaterThanOrEqual(3);
      const result = await request('GET', listUrl(), { token: demo, query: { p: 2, pagesize: 1 } });
      const page = bodyOf(result, channelListShape);
      expect(page.channels).toHaveLength(1);
      expect(page.channels[0]?.id).toBe(all[1]?.id);
      const links = { previous: page.paging.previous?.href, actual: page.paging.actual.href, next: page.paging.next?.href };
      for (const [name, expectedPage] of [['previous', '1'], ['actual', '2'], ['next', '3']] as const) {
        const href = links[name];
        expect(href, `paging.${name}.href: ${describeResult(result)}`).toBeTypeOf('string');
        const target = new URL(href!, handle.sandbox.apiUrl);
        expect(target.searchParams.get('p'), href).toBe(expectedPage);
        expect(target.searchParams.get('pagesize'), href).toBe('1');
      }
      const next = await request('GET', new URL(links.next!, handle.sandbox.apiUrl).toString(), { token: demo });
      expect(bodyOf(next, channelListShape).channels[0]?.id).toBe(all[2]?.id);
    });

    it('detail_level=broadcaster adds broadcast_urls (RTMP) to each channel, for a MAC token with scope broadcaster', async () => {
      covers(LIST, 'success');
      const broadcaster = await macToken(handle.sandbox, handle.sandbox.demo, 'broadcaster');
      const result = await request('GET', listUrl(), { token: broadcaster, query: { detail_level: 'broadcaster' } });
      expectStatus(result, 200);
      const body = bodyOf(result, channelListShape);
      expect(body.channels.length).toBeGreaterThan(0);
      for (const channel of body.channels) {
        expect(channel.broadcast_urls?.length, `broadcast_urls of ${channel.title}`).toBeGreaterThan(0);
        for (const url of channel.broadcast_urls ?? []) expect(url).toMatch(/^rtmps?:\/\//);
      }
    });
  });

  describe('<format>', () => {
    it('json or xml select the encoding of the same channel; another format is no resource', async () => {
      const json = await request('GET', channelUrl(ids().live, 'json'), { formatAsWritten: true });
      expectStatus(json, 200);
      expect(json.headers.get('content-type') ?? '').toMatch(/^application\/json\b/);
      const xml = await request('GET', channelUrl(ids().live, 'xml'), { formatAsWritten: true });
      expectStatus(xml, 200);
      expect(xml.headers.get('content-type') ?? '').toMatch(/^application\/xml\b/);
      expect(xml.text.startsWith('<?xml')).toBe(true);
      expect(xml.json).toEqual(json.json);
      expectError(await request('GET', channelUrl(ids().live, 'yaml'), { formatAsWritten: true }), 404);
    });
  });
});
