// Part A, "Security and viewer settings": password lock, embed lock and its allowed URLs, page lock,
// sharing, hide viewers, multi-quality, with the 402 answers of a plan without the benefit (the rival
// account has none); part B, "Viewer authentication (hash lock)": basic or advanced set (201 new, 204
// replaced), read (the secret never returned), removed. Written from the spec text.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { covers } from './coverage.js';
import { expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf, channelCreationShape } from './spec-shapes.js';

const PASSWORD_GET = 'GET /channels/<channel_id>/locks/password.<format>';
const PASSWORD_PUT = 'PUT /channels/<channel_id>/locks/password.<format>';
const PASSWORD_DELETE = 'DELETE /channels/<channel_id>/locks/password.<format>';
const EMBED_GET = 'GET /channels/<channel_id>/locks/embed.<format>';
const EMBED_PUT = 'PUT /channels/<channel_id>/locks/embed.<format>';
const URLS_GET = 'GET /channels/<channel_id>/locks/embed/allowed-urls.<format>';
const URLS_POST = 'POST /channels/<channel_id>/locks/embed/allowed-urls.<format>';
const URLS_DELETE = 'DELETE /channels/<channel_id>/locks/embed/allowed-urls.<format>';
const PAGE_GET = 'GET /channels/<channel_id>/locks/page.<format>';
const PAGE_PUT = 'PUT /channels/<channel_id>/locks/page.<format>';
const VIEWER = 'PUT /channels/<channel_id>/settings/viewer.<format>';
const HIDE_VIEWERS = 'PUT /channels/<channel_id>/settings/hide-viewers.<format>';
const MULTI_QUALITY = 'PUT /channels/<channel_id>/settings/multi-quality.<format>';
const HASH_ADVANCED = 'PUT /channels/<channel_id>/locks/hash/advanced.<format>';
const HASH_BASIC = 'PUT /channels/<channel_id>/locks/hash/basic.<format>';
const HASH_GET = 'GET /channels/<channel_id>/locks/hash.<format>';
const HASH_DELETE = 'DELETE /channels/<channel_id>/locks/hash.<format>';

const passwordShape = z.object({ enabled: z.boolean() });
const lockedShape = z.object({ locked: z.enum(['TRUE', 'FALSE']) });
const allowedUrlsShape = z.object({ allowed_urls: z.array(z.string()) });
// Part B, "Hash lock setting"; type is `basic` or `advanced` (part A, locks.hash).
const hashLockShape = z.object({
  hashlock: z.object({
    type: z.enum(['basic', 'advanced']),
    url: z.string(),
    message: z.string().nullable(),
    button_caption: z.string().nullable(),
    popup_width: z.string(),
    popup_height: z.string(),
  }),
});
const channelLocksShape = z.object({ channel: z.object({ locks: z.union([z.array(z.unknown()), z.object({ password: z.array(z.unknown()).optional(), hash: z.object({ type: z.enum(['basic', 'advanced']) }).loose().optional() }).loose()]) }) });

describe('security and viewer settings', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  let rival: AccessToken;
  let mine: string;
  let rivals: string;
  const path = (channel: string, rest: string) => handle.api(`/channels/${channel}/${rest}.json`);

  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
    const created = await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { title: unique('Security') } });
    expectStatus(created, 201);
    mine = bodyOf(created, channelCreationShape).channel.id;
    rivals = channelId(handle.sandbox, 'Rival Channel');
  });

  describe('password lock', () => {
    const password = (channel: string) => path(channel, 'locks/password');

    it(`${PASSWORD_PUT}: an empty response; the lock reads enabled and the channel's locks hold password`, async () => {
      covers(PASSWORD_PUT, 'success');
      covers(PASSWORD_GET, 'success');
      const set = await request('PUT', password(mine), { token: demo, form: { password: 'open sesame' } });
      expectSuccess(set);
      expect(set.text).toBe('');
      expect(bodyOf(await request('GET', password(mine), { token: demo }), passwordShape).enabled).toBe(true);
      const channel = bodyOf(await request('GET', handle.api(`/channels/${mine}.json`), { token: demo }), channelLocksShape).channel;
      expect(channel.locks).toMatchObject({ password: [] });
    });
    it(`${PASSWORD_DELETE}: an empty response; the lock reads disabled`, async () => {
      covers(PASSWORD_DELETE, 'success');
      const removed = await request('DELETE', password(mine), { token: demo });
      expectSuccess(removed);
      expect(removed.text).toBe('');
      expect(bodyOf(await request('GET', password(mine), { token: demo }), passwordShape).enabled).toBe(false);
    });
    it(`${PASSWORD_PUT}: 400 input_validation_error for a missing password`, async () => {
      covers(PASSWORD_PUT, '400 input_validation_error');
      expectError(await request('PUT', password(mine), { token: demo, form: {} }), 400, 'input_validation_error');
    });
    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(PASSWORD_GET, '403 lack_of_ownership');
      covers(PASSWORD_PUT, '403');
      covers(PASSWORD_DELETE, '403');
      expectError(await request('GET', password(rivals), { token: demo }), 403, 'lack_of_ownership');
      expectStatus(await request('PUT', password(rivals), { token: demo, form: { password: 'taken over' } }), 403);
      expectStatus(await request('DELETE', password(rivals), { token: demo }), 403);
    });
    it('404 not_found for a channel that does not exist', async () => {
      covers(PASSWORD_GET, '404 not_found');
      covers(PASSWORD_PUT, '404');
      covers(PASSWORD_DELETE, '404');
      expectRouteAnswers(await request('GET', password(mine), { token: demo }));
      expectError(await request('GET', password(MISSING_ID), { token: demo }), 404, 'not_found');
      expectStatus(await request('PUT', password(MISSING_ID), { token: demo, form: { password: 'anything' } }), 404);
      expectStatus(await request('DELETE', password(MISSING_ID), { token: demo }), 404);
    });
  });

  describe('embed lock and allowed URLs', () => {
    const embed = (channel: string) => path(channel, 'locks/embed');
    const urls = (channel: string) => path(channel, 'locks/embed/allowed-urls');

    it(`${EMBED_PUT}: 204; TRUE and FALSE read back`, async () => {
      covers(EMBED_PUT, 'success');
      covers(EMBED_GET, 'success');
      expectStatus(await request('PUT', embed(mine), { token: demo, form: { locked: 'TRUE' } }), 204);
      expect(bodyOf(await request('GET', embed(mine), { token: demo }), lockedShape).locked).toBe('TRUE');
      expectStatus(await request('PUT', embed(mine), { token: demo, form: { locked: 'FALSE' } }), 204);
      expect(bodyOf(await request('GET', embed(mine), { token: demo }), lockedShape).locked).toBe('FALSE');
    });
    it(`${EMBED_PUT}: 400 invalid_request for locked missing or invalid`, async () => {
      covers(EMBED_PUT, '400 invalid_request');
      expectError(await request('PUT', embed(mine), { token: demo, form: {} }), 400, 'invalid_request');
      expectError(await request('PUT', embed(mine), { token: demo, form: { locked: 'maybe' } }), 400, 'invalid_request');
    });
    it(`${URLS_POST}: 201 per URL; listed while locked, an empty array while the lock is FALSE; DELETE empties it`, async () => {
      covers(URLS_POST, 'success');
      covers(URLS_GET, 'success');
      covers(URLS_DELETE, 'success');
      expectStatus(await request('PUT', embed(mine), { token: demo, form: { locked: 'TRUE' } }), 204);
      expectStatus(await request('POST', urls(mine), { token: demo, form: { url: 'https://example.com/blog' } }), 201);
      expectStatus(await request('POST', urls(mine), { token: demo, form: { url: 'https://fans.example.org/' } }), 201);
      expect(bodyOf(await request('GET', urls(mine), { token: demo }), allowedUrlsShape).allowed_urls).toEqual(
        expect.arrayContaining(['https://example.com/blog', 'https://fans.example.org/']),
      );
      expectStatus(await request('PUT', embed(mine), { token: demo, form: { locked: 'FALSE' } }), 204);
      expect(bodyOf(await request('GET', urls(mine), { token: demo }), allowedUrlsShape).allowed_urls).toEqual([]);
      expectStatus(await request('PUT', embed(mine), { token: demo, form: { locked: 'TRUE' } }), 204);
      expectStatus(await request('DELETE', urls(mine), { token: demo }), 200);
      expect(bodyOf(await request('GET', urls(mine), { token: demo }), allowedUrlsShape).allowed_urls).toEqual([]);
    });
    it(`${URLS_POST}: 400 invalid_request for a missing url`, async () => {
      covers(URLS_POST, '400 invalid_request');
      expectError(await request('POST', urls(mine), { token: demo, form: {} }), 400, 'invalid_request');
    });
    it('402 invalid_request without the embed_restriction benefit', async () => {
      covers(EMBED_GET, '402 invalid_request');
      covers(EMBED_PUT, '402 invalid_request');
      covers(URLS_GET, '402 invalid_request');
      covers(URLS_POST, '402 invalid_request');
      covers(URLS_DELETE, '402 invalid_request');
      expectError(await request('GET', embed(rivals), { token: rival }), 402, 'invalid_request');
      expectError(await request('PUT', embed(rivals), { token: rival, form: { locked: 'TRUE' } }), 402, 'invalid_request');
      expectError(await request('GET', urls(rivals), { token: rival }), 402, 'invalid_request');
      expectError(await request('POST', urls(rivals), { token: rival, form: { url: 'https://example.com/' } }), 402, 'invalid_request');
      expectError(await request('DELETE', urls(rivals), { token: rival }), 402, 'invalid_request');
    });
  });

  describe('page lock', () => {
    const page = (channel: string) => path(channel, 'locks/page');
    it(`${PAGE_PUT}: 204; TRUE and FALSE read back`, async () => {
      covers(PAGE_PUT, 'success');
      covers(PAGE_GET, 'success');
      expectStatus(await request('PUT', page(mine), { token: demo, form: { locked: 'TRUE' } }), 204);
      expect(bodyOf(await request('GET', page(mine), { token: demo }), lockedShape).locked).toBe('TRUE');
      expectStatus(await request('PUT', page(mine), { token: demo, form: { locked: 'FALSE' } }), 204);
      expect(bodyOf(await request('GET', page(mine), { token: demo }), lockedShape).locked).toBe('FALSE');
    });
    it(`${PAGE_PUT}: 400 invalid_request for locked missing or invalid`, async () => {
      covers(PAGE_PUT, '400 invalid_request');
      expectError(await request('PUT', page(mine), { token: demo, form: { locked: 'yes' } }), 400, 'invalid_request');
    });
    it('402 invalid_request without the page_lock benefit', async () => {
      covers(PAGE_GET, '402 invalid_request');
      covers(PAGE_PUT, '402 invalid_request');
      expectError(await request('GET', page(rivals), { token: rival }), 402, 'invalid_request');
      expectError(await request('PUT', page(rivals), { token: rival, form: { locked: 'FALSE' } }), 402, 'invalid_request');
    });
  });

  describe('viewer settings', () => {
    it(`${VIEWER}: 200 for sharing off and on; 400 invalid_sharing; 402 payment_required`, async () => {
      covers(VIEWER, 'success');
      covers(VIEWER, '400 invalid_sharing');
      covers(VIEWER, '402 payment_required');
      const viewer = (channel: string) => path(channel, 'settings/viewer');
      expectStatus(await request('PUT', viewer(mine), { token: demo, form: { sharing: false } }), 200);
      expectStatus(await request('PUT', viewer(mine), { token: demo, form: { sharing: true } }), 200);
      expectError(await request('PUT', viewer(mine), { token: demo, form: { sharing: 'sometimes' } }), 400, 'invalid_sharing');
      expectError(await request('PUT', viewer(rivals), { token: rival, form: { sharing: false } }), 402, 'payment_required');
    });
    it(`${HIDE_VIEWERS}: 200; 400 invalid_value; 403 lack_of_ownership`, async () => {
      covers(HIDE_VIEWERS, 'success');
      covers(HIDE_VIEWERS, '400 invalid_value');
      covers(HIDE_VIEWERS, '403 lack_of_ownership');
      const hide = (channel: string) => path(channel, 'settings/hide-viewers');
      expectStatus(await request('PUT', hide(mine), { token: demo, form: { value: true } }), 200);
      expectStatus(await request('PUT', hide(mine), { token: demo, form: { value: false } }), 200);
      expectError(await request('PUT', hide(mine), { token: demo, form: {} }), 400, 'invalid_value');
      expectError(await request('PUT', hide(rivals), { token: demo, form: { value: true } }), 403, 'lack_of_ownership');
    });
    it(`${MULTI_QUALITY}: 200; 400 invalid_value; 402 payment_required`, async () => {
      covers(MULTI_QUALITY, 'success');
      covers(MULTI_QUALITY, '400 invalid_value');
      covers(MULTI_QUALITY, '402 payment_required');
      const multi = (channel: string) => path(channel, 'settings/multi-quality');
      expectStatus(await request('PUT', multi(mine), { token: demo, form: { value: true } }), 200);
      expectError(await request('PUT', multi(mine), { token: demo, form: { value: 'high' } }), 400, 'invalid_value');
      expectError(await request('PUT', multi(rivals), { token: rival, form: { value: true } }), 402, 'payment_required');
    });
  });

  describe('viewer authentication (hash lock)', () => {
    const hash = (channel: string) => path(channel, 'locks/hash');
    const advanced = (channel: string) => path(channel, 'locks/hash/advanced');
    const basic = (channel: string) => path(channel, 'locks/hash/basic');

    it(`${HASH_ADVANCED}: 201 when new, 204 when replaced; GET shows it without the secret`, async () => {
      covers(HASH_ADVANCED, 'success');
      covers(HASH_GET, 'success');
      expectStatus(await request('PUT', advanced(mine), { token: demo, form: { url: 'https://auth.example.com/start', secret: 's3cret-one' } }), 201);
      expectStatus(await request('PUT', advanced(mine), { token: demo, form: { url: 'https://auth.example.com/v2', secret: 's3cret-two' } }), 204);
      const read = await request('GET', hash(mine), { token: demo });
      expectStatus(read, 200);
      expect(bodyOf(read, hashLockShape).hashlock).toMatchObject({ type: 'advanced', url: 'https://auth.example.com/v2' });
      expect(read.text).not.toContain('s3cret');
      // Part A, locks.hash: present when third-party viewer authentication is enabled, with its type.
      const channel = bodyOf(await request('GET', handle.api(`/channels/${mine}.json`), { token: demo }), channelLocksShape).channel;
      expect(channel.locks).toMatchObject({ hash: { type: 'advanced' } });
    });
    it(`${HASH_DELETE}: 200; then ${HASH_BASIC} sets a new one (201) and replaces it (204)`, async () => {
      covers(HASH_DELETE, 'success');
      covers(HASH_BASIC, 'success');
      expectStatus(await request('DELETE', hash(mine), { token: demo }), 200);
      expectStatus(await request('PUT', basic(mine), { token: demo, form: { url: 'https://auth.example.com/basic', secret: 'k1' } }), 201);
      expectStatus(await request('PUT', basic(mine), { token: demo, form: { url: 'https://auth.example.com/basic', secret: 'k2' } }), 204);
      expect(bodyOf(await request('GET', hash(mine), { token: demo }), hashLockShape).hashlock.type).toBe('basic');
    });
    it('400 invalid_request when url or secret is missing; 400 invalid_type when the URL is invalid', async () => {
      for (const [row, at] of [[HASH_ADVANCED, advanced], [HASH_BASIC, basic]] as const) {
        covers(row, '400 invalid_request');
        covers(row, '400 invalid_type');
        expectError(await request('PUT', at(mine), { token: demo, form: { url: 'https://auth.example.com/' } }), 400, 'invalid_request');
        expectError(await request('PUT', at(mine), { token: demo, form: { secret: 'alone' } }), 400, 'invalid_request');
        expectError(await request('PUT', at(mine), { token: demo, form: { url: 'not a url', secret: 'k' } }), 400, 'invalid_type');
      }
    });
    it('403 lack_of_ownership on a channel of another user', async () => {
      covers(HASH_ADVANCED, '403 lack_of_ownership');
      covers(HASH_GET, '403 lack_of_ownership');
      covers(HASH_DELETE, '403');
      expectError(await request('PUT', advanced(rivals), { token: demo, form: { url: 'https://auth.example.com/', secret: 'k' } }), 403, 'lack_of_ownership');
      expectError(await request('GET', hash(rivals), { token: demo }), 403, 'lack_of_ownership');
      expectStatus(await request('DELETE', hash(rivals), { token: demo }), 403);
    });
    it('404 not_found for a channel that does not exist', async () => {
      covers(HASH_ADVANCED, '404 not_found');
      covers(HASH_GET, '404 not_found');
      covers(HASH_DELETE, '404');
      expectRouteAnswers(await request('GET', hash(mine), { token: demo }));
      expectError(await request('PUT', advanced(MISSING_ID), { token: demo, form: { url: 'https://auth.example.com/', secret: 'k' } }), 404, 'not_found');
      expectError(await request('GET', hash(MISSING_ID), { token: demo }), 404, 'not_found');
      expectStatus(await request('DELETE', hash(MISSING_ID), { token: demo }), 404);
    });
  });
});
