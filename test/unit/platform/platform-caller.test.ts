// The caller against a scripted fetch: what goes on the wire, what is retried, and how answers become
// results or typed errors.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessToken, TokenSource } from '../../../main/platform/access-token.js';
import { createPlatformCaller, type PlatformCallerOptions } from '../../../main/platform/platform-caller.js';
import { CollectionFullError, SignInNeededError } from '../../../main/platform/platform-error.js';
import type { PlatformRequest } from '../../../main/platform/platform-request.js';
import { macProblem, parseMacHeader } from '../../../sandbox/auth/mac-verifier.js';
import { connectionRefused, fakeFetch, json, recordingSleep, type ScriptedAnswer } from './fake-fetch.js';
import { rejection } from '../../support/platform-rejection.js';

const API = 'http://127.0.0.1:8080';
const NOW_MS = 1_700_003_600_250;
const BEARER: AccessToken = { type: 'bearer', accessToken: 'b'.repeat(40), expiresAt: null, scopes: [] };
const MAC: AccessToken = {
  type: 'mac',
  accessToken: 'a1'.repeat(20),
  macKey: 'c3'.repeat(20),
  macAlgorithm: 'hmac-sha-1',
  createdAt: 1_700_000_000,
  expiresAt: null,
  scopes: ['broadcaster'],
};
const POLICY = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 };

function tokens(user: AccessToken | null, client: AccessToken | null = null): TokenSource & { asked: string[] } {
  const asked: string[] = [];
  return { asked, token: async (kind) => (asked.push(kind), kind === 'user' ? user : client) };
}

function setup(answers: ScriptedAnswer[], options: Partial<PlatformCallerOptions> = {}) {
  const fake = fakeFetch(...answers);
  const { sleep, waits } = recordingSleep();
  const lines: string[] = [];
  const caller = createPlatformCaller({
    apiUrl: API,
    tokens: tokens(BEARER),
    fetch: fake.fetch,
    sleep,
    random: () => 0,
    retry: POLICY,
    now: () => NOW_MS,
    onRequest: (line) => lines.push(line),
    ...options,
  });
  return { caller, sent: fake.sent, waits, lines };
}

const anything = z.unknown();
const GET: PlatformRequest = { method: 'GET', path: '/users/self/channels.json', query: { q: 'late show', p: 2 }, endpoint: 'GET /users/self/channels.<format>' };

describe('createPlatformCaller: requests', () => {
  it('builds the URL, sends the bearer token and validates the answer', async () => {
    const { caller, sent } = setup([json(200, { channels: [{ id: '1' }] })]);
    const schema = z.object({ channels: z.array(z.object({ id: z.string() })) });
    const answer = await caller.call(GET, schema);
    expect(answer.status).toBe(200);
    expect(answer.body.channels[0]!.id).toBe('1');
    expect(sent[0]).toMatchObject({ url: `${API}/users/self/channels.json?q=late+show&p=2`, method: 'GET', body: null, redirect: 'manual' });
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${BEARER.accessToken}`);
  });

  it('sends a form body with its content type, lists as name[] and booleans as words', async () => {
    const { caller, sent } = setup([json(201, {})]);
    await caller.call({ method: 'POST', path: '/users/self/channels.json', form: { title: 'Late show', tags: ['a', 'b'], hidden: false, description: undefined }, endpoint: 'POST' }, anything);
    expect(sent[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent[0]!.body).toBe('title=Late+show&tags%5B%5D=a&tags%5B%5D=b&hidden=false');
  });

  it('sends a raw body with its own content type', async () => {
    const { caller, sent } = setup([new Response(null, { status: 200 })]);
    await caller.callText({ method: 'PUT', path: '/channels/1/branding/logo/0.json', body: { data: new Uint8Array([1, 2, 3]), contentType: 'image/png' }, endpoint: 'PUT logo' });
    expect(sent[0]!.headers.get('content-type')).toBe('image/png');
  });

  it('MAC-signs the exact URL and body sent, with a fresh nonce each attempt', async () => {
    const { caller, sent } = setup([json(503, {}), json(200, {})], { tokens: tokens(MAC) });
    await caller.call({ ...GET, method: 'PUT', form: { title: 'Café' } }, anything);
    expect(sent).toHaveLength(2);
    const nonces = new Set<string>();
    for (const request of sent) {
      const credentials = parseMacHeader(request.headers.get('authorization') ?? '');
      expect(credentials).not.toBeNull();
      expect(credentials!.id).toBe(MAC.accessToken);
      expect(credentials!.nonce).toMatch(/^3600:/);
      nonces.add(credentials!.nonce);
      const url = new URL(request.url);
      const problem = macProblem(
        credentials!,
        { method: request.method, requestUri: `${url.pathname}${url.search}`, host: url.hostname, port: Number(url.port), body: Buffer.from(request.body ?? '') },
        { macKey: MAC.macKey, issuedAt: MAC.createdAt, now: Math.floor(NOW_MS / 1000), allowedSkew: 5 },
      );
      expect(problem).toBeNull();
    }
    expect(nonces.size).toBe(2);
  });

  it("signs with the application's token when asked, and sends none for auth 'none'", async () => {
    const source = tokens(null, BEARER);
    const { caller, sent } = setup([json(200, {}), json(200, {})], { tokens: source });
    await caller.call({ ...GET, auth: 'client' }, anything);
    await caller.call({ ...GET, auth: 'none' }, anything);
    expect(source.asked).toEqual(['client']);
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${BEARER.accessToken}`);
    expect(sent[1]!.headers.has('authorization')).toBe(false);
  });

  it('asks for sign-in without sending anything when there is no token', async () => {
    const { caller, sent } = setup([], { tokens: tokens(null) });
    const error = await rejection(caller.call(GET, anything));
    expect(error).toBeInstanceOf(SignInNeededError);
    expect(error).toMatchObject({ status: 0, error: null, endpoint: GET.endpoint });
    expect(error.message).toMatch(/not signed in/);
    expect(sent).toHaveLength(0);
    const withoutClient = setup([], { tokens: tokens(BEARER, null) });
    expect(await rejection(withoutClient.caller.call({ ...GET, auth: 'client' }, anything))).toBeInstanceOf(SignInNeededError);
    expect(withoutClient.sent).toHaveLength(0);
  });

  it('logs method, path, status and time per attempt, never the query', async () => {
    const { caller, lines } = setup([json(200, {})]);
    await caller.call(GET, anything);
    expect(lines).toEqual([expect.stringMatching(/^GET \/users\/self\/channels\.json 200 \d+ms$/)]);
  });
});

describe('createPlatformCaller: retries', () => {
  it('retries GET, PUT and DELETE on 503 and network errors, with backoff', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const { caller, sent, waits } = setup([json(503, {}), connectionRefused(), json(200, {})]);
      expect((await caller.call({ ...GET, method }, anything)).status).toBe(200);
      expect(sent).toHaveLength(3);
      expect(waits).toEqual([50, 100]);
    }
  });

  it('does not retry a POST unless it says it is idempotent', async () => {
    const once = setup([json(503, { error: 'server_error' })]);
    const error = await rejection(once.caller.call({ ...GET, method: 'POST' }, anything));
    expect(error).toMatchObject({ status: 503, error: 'server_error' });
    expect(once.sent).toHaveLength(1);

    const refused = setup([connectionRefused()]);
    expect(await rejection(refused.caller.call({ ...GET, method: 'POST' }, anything))).toMatchObject({ error: 'unreachable' });
    expect(refused.sent).toHaveLength(1);

    const safe = setup([json(503, {}), json(201, {})]);
    expect((await safe.caller.call({ ...GET, method: 'POST', idempotent: true }, anything)).status).toBe(201);
  });

  it('does not retry a GET that says it is not idempotent', async () => {
    const { caller, sent } = setup([json(503, {})]);
    await rejection(caller.call({ ...GET, idempotent: false }, anything));
    expect(sent).toHaveLength(1);
  });

  it('honours Retry-After, capped', async () => {
    const { caller, waits } = setup([json(503, {}, { 'Retry-After': '0' }), json(503, {}, { 'Retry-After': '3600' }), json(200, {})]);
    await caller.call(GET, anything);
    expect(waits).toEqual([0, 1000]);
  });

  it("gives up as 'unreachable', naming the host, after the last attempt", async () => {
    const { caller, sent } = setup([connectionRefused(), connectionRefused(), connectionRefused()]);
    const error = await rejection(caller.call(GET, anything));
    expect(error).toMatchObject({ status: 0, error: 'unreachable', endpoint: GET.endpoint });
    expect(error.message).toContain('127.0.0.1:8080');
    expect(sent).toHaveLength(3);
  });
});

describe('createPlatformCaller: answers', () => {
  it('reads 401 as sign-in needed, with the error value and description', async () => {
    const { caller } = setup([json(401, { error: 'invalid_token', error_description: 'The access token has expired.' })]);
    const error = await rejection(caller.call(GET, anything));
    expect(error).toBeInstanceOf(SignInNeededError);
    expect(error).toMatchObject({ status: 401, error: 'invalid_token', endpoint: GET.endpoint });
    expect(error.message).toContain('The access token has expired.');
    expect(error.message).toMatch(/Sign in again/);
  });

  it('reads other failures as PlatformError with the spec value and advice', async () => {
    const { caller } = setup([json(403, { error: 'lack_of_ownership', error_description: 'You may not manage channel 7.' }), json(404, { error: 'not_found' })]);
    const forbidden = await rejection(caller.call(GET, anything));
    expect(forbidden).not.toBeInstanceOf(SignInNeededError);
    expect(forbidden).toMatchObject({ status: 403, error: 'lack_of_ownership', description: 'You may not manage channel 7.' });
    expect(forbidden.message).toBe(
      'GET /users/self/channels.<format> answered 403 (lack_of_ownership: You may not manage channel 7.): the signed-in account may not do this; use an account that owns or manages the item.',
    );
    const missing = await rejection(caller.call(GET, anything));
    expect(missing).toMatchObject({ status: 404, error: 'not_found', description: null });
    expect(missing.message).toMatch(/does not exist/);
  });

  it('reads 413 limit_reached as a full collection, with the X-Collection-* counts (unknown when unreadable)', async () => {
    const full = json(413, { error: 'limit_reached' }, { 'X-Collection-Limit': '20', 'X-Collection-Remaining': '0' });
    const odd = json(413, { error: 'limit_reached' }, { 'X-Collection-Limit': 'twenty' });
    const { caller } = setup([full, odd]);
    const error = await rejection(caller.call(GET, anything));
    expect(error).toBeInstanceOf(CollectionFullError);
    expect(error).toMatchObject({ status: 413, error: 'limit_reached', capacity: { limit: 20, remaining: 0 } });
    expect(error.message).toMatch(/the list is full/);
    expect(await rejection(caller.call(GET, anything))).toMatchObject({ capacity: { limit: null, remaining: null } });
  });

  it('has error null when the failure body is not JSON or names no error', async () => {
    const { caller } = setup([new Response('<html>Bad gateway</html>', { status: 502 }), json(400, { message: 'no' })]);
    const gateway = await rejection(caller.call(GET, anything));
    expect(gateway).toMatchObject({ status: 502, error: null });
    expect(gateway.message).toBe('GET /users/self/channels.<format> answered 502: the platform failed; try again later.');
    expect(await rejection(caller.call(GET, anything))).toMatchObject({ status: 400, error: null });
  });

  it('keeps the token and MAC key out of messages even when the platform echoes them', async () => {
    const { caller } = setup([json(401, { error: 'invalid_token', error_description: `Token ${MAC.accessToken} with key ${MAC.macKey} is unknown.` })], { tokens: tokens(MAC) });
    const error = await rejection(caller.call(GET, anything));
    expect(error.message).not.toContain(MAC.accessToken);
    expect(error.message).not.toContain(MAC.macKey);
    expect(error.message).toContain('[redacted]');
    expect(error.description).toBe('Token [redacted] with key [redacted] is unknown.');
  });

  it("reports a success body that is not JSON as malformed_response, keeping the status, without quoting it", async () => {
    const { caller } = setup([new Response('access_token=0123 <garbage>', { status: 200 })]);
    const error = await rejection(caller.call(GET, anything));
    expect(error).toMatchObject({ status: 200, error: 'malformed_response', endpoint: GET.endpoint });
    expect(error.message).toMatch(/not JSON/);
    expect(error.message).not.toContain('0123');
    expect(error.cause).toBeUndefined();
  });

  it('reports a body that fails the schema as malformed_response naming the path', async () => {
    const { caller } = setup([json(200, { channels: [{ id: 7 }] })]);
    const error = await rejection(caller.call(GET, z.object({ channels: z.array(z.object({ id: z.string() })) })));
    expect(error).toMatchObject({ status: 200, error: 'malformed_response' });
    expect(error.message).toMatch(/channels\.0\.id: .*expected string/);
  });

  it('hands an empty body to the schema as undefined', async () => {
    const { caller } = setup([new Response(null, { status: 204 }), new Response(null, { status: 204 })]);
    expect((await caller.call({ ...GET, method: 'PUT' }, z.undefined())).body).toBeUndefined();
    expect(await rejection(caller.call({ ...GET, method: 'PUT' }, z.object({})))).toMatchObject({ status: 204, error: 'malformed_response' });
  });

  it('returns text bodies as they are', async () => {
    const { caller } = setup([new Response('WEBVTT\n\n00:00.000 --> 00:01.000\nHi', { status: 200, headers: { 'Content-Type': 'text/vtt' } })]);
    const answer = await caller.callText(GET);
    expect(answer.body).toMatch(/^WEBVTT/);
    expect(answer.headers.get('content-type')).toBe('text/vtt');
  });

  it('does not follow redirects: a 3xx is an error', async () => {
    const { caller } = setup([new Response(null, { status: 301, headers: { Location: 'https://elsewhere.example/' } })]);
    expect(await rejection(caller.call(GET, anything))).toMatchObject({ status: 301 });
  });
});
