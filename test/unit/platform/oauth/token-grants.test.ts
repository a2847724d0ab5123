// The grants against a scripted fetch: the exact request, the error sentences, and what is retried.
import { describe, expect, it } from 'vitest';
import { authorizationCodeGrant, clientCredentialsGrant, passwordGrant } from '../../../../main/platform/oauth/token-grants.js';
import { connectionRefused, fakeFetch, json, recordingSleep, type ScriptedAnswer } from '../fake-fetch.js';
import { rejection } from '../../../support/platform-rejection.js';

const SECRET = '5ecre75ecre75ecre75ecre75ecre75ecre75ecr';
const CLIENT = 'c1'.repeat(20);
const ACCESS = 'a0'.repeat(20);
const KEY = 'e3'.repeat(20);
const NOW_MS = 1_700_000_000_000;

function endpoint(...answers: ScriptedAnswer[]) {
  const fake = fakeFetch(...answers);
  const { sleep, waits } = recordingSleep();
  return {
    sent: fake.sent,
    waits,
    options: { tokenUrl: 'http://127.0.0.1:9000/', clientId: CLIENT, clientSecret: SECRET, fetch: fake.fetch, sleep, random: () => 0, now: () => NOW_MS, retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 } },
  };
}

const USER = { username: 'demo', password: 'pa55 word&', tokenType: 'mac', scopes: ['broadcaster'] } as const;
const MAC_ANSWER = { access_token: ACCESS, token_type: 'mac', mac_key: KEY, created_at: 1_699_999_999, mac_algorithm: 'hmac-sha-1', expires_in: 86_400 };

describe('passwordGrant', () => {
  it('posts the spec parameters with the raw client secret as Basic credentials and in the body', async () => {
    const { sent, options } = endpoint(json(200, MAC_ANSWER));
    const token = await passwordGrant({ ...options, ...USER, deviceName: 'Broadcaster Companion on studio (Linux)' });
    expect(token).toEqual({ type: 'mac', accessToken: ACCESS, macKey: KEY, macAlgorithm: 'hmac-sha-1', createdAt: 1_699_999_999, expiresAt: NOW_MS / 1000 + 86_400, scopes: ['broadcaster'] });
    expect(sent[0]).toMatchObject({ url: 'http://127.0.0.1:9000/oauth2/token', method: 'POST', redirect: 'manual' });
    expect(sent[0]!.headers.get('authorization')).toBe(`Basic ${SECRET}`);
    expect(sent[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body ?? ''))).toEqual({
      grant_type: 'password',
      client_id: CLIENT,
      client_secret: SECRET,
      username: 'demo',
      password: 'pa55 word&',
      device_name: 'Broadcaster Companion on studio (Linux)',
      token_type: 'mac',
      scope: 'broadcaster',
    });
  });

  it('says "wrong username or password" for invalid_grant, without the password', async () => {
    const { options } = endpoint(json(400, { error: 'invalid_grant', error_description: 'The user name or password is wrong.' }));
    const error = await rejection(passwordGrant({ ...options, ...USER }));
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', endpoint: 'POST {auth_url}/oauth2/token' });
    expect(error.message).toMatch(/^Wrong username or password/);
    expect(error.message).not.toContain(USER.password);
  });

  it('has a sentence for every value of the token error table', async () => {
    const table: [number, string, RegExp][] = [
      [400, 'invalid_request', /incomplete/],
      [501, 'unsupported_grant_type', /does not offer this way/],
      [400, 'invalid_client', /client ID or secret/],
      [400, 'invalid_scope', /MAC token/],
      [503, 'server_error', /try again in a few minutes/],
    ];
    for (const [status, error, sentence] of table) {
      const { options } = endpoint(...Array.from({ length: 3 }, () => json(status, { error })));
      const thrown = await rejection(passwordGrant({ ...options, ...USER }));
      expect(thrown).toMatchObject({ status, error });
      expect(thrown.message).toMatch(sentence);
    }
  });

  it('redacts the secret and password from an unknown error the platform words itself', async () => {
    const { options } = endpoint(json(418, { error: 'teapot', error_description: `secret ${SECRET} and ${USER.password}` }));
    const error = await rejection(passwordGrant({ ...options, ...USER }));
    expect(error).toMatchObject({ status: 418, error: 'teapot' });
    expect(error.message).not.toContain(SECRET);
    expect(error.message).not.toContain(USER.password);
  });

  it('retries 503 server_error with backoff, honouring Retry-After', async () => {
    const { sent, waits, options } = endpoint(json(503, { error: 'server_error' }, { 'Retry-After': '1' }), json(503, { error: 'server_error' }), json(200, MAC_ANSWER));
    expect((await passwordGrant({ ...options, ...USER })).accessToken).toBe(ACCESS);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([1000, 100]);
  });

  it('does not retry a network failure: the first request may have been granted', async () => {
    const { sent, options } = endpoint(connectionRefused());
    const error = await rejection(passwordGrant({ ...options, ...USER }));
    expect(error).toMatchObject({ status: 0, error: 'unreachable', endpoint: 'POST {auth_url}/oauth2/token' });
    expect(error.message).toContain('127.0.0.1:9000');
    expect(sent).toHaveLength(1);
  });

  it('refuses a malformed answer, naming the field', async () => {
    const { options } = endpoint(json(200, { ...MAC_ANSWER, mac_key: undefined }), new Response('not json', { status: 200 }));
    const missingKey = await rejection(passwordGrant({ ...options, ...USER }));
    expect(missingKey).toMatchObject({ status: 200, error: 'malformed_response' });
    expect(missingKey.message).toMatch(/mac_key/);
    expect(missingKey.message).not.toContain(ACCESS);
    expect(await rejection(passwordGrant({ ...options, ...USER }))).toMatchObject({ error: 'malformed_response' });
  });
});

describe('clientCredentialsGrant', () => {
  it('asks for a bearer token by default, without a secret in the body', async () => {
    const { sent, options } = endpoint(json(200, { access_token: ACCESS, token_type: 'bearer', expires_in: 86_400 }));
    const token = await clientCredentialsGrant({ ...options, deviceName: 'Companion' });
    expect(token).toEqual({ type: 'bearer', accessToken: ACCESS, expiresAt: NOW_MS / 1000 + 86_400, scopes: [] });
    expect(sent[0]!.headers.get('authorization')).toBe(`Basic ${SECRET}`);
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body ?? ''))).toEqual({ grant_type: 'client_credentials', client_id: CLIENT, device_name: 'Companion' });
  });
});

describe('authorizationCodeGrant', () => {
  it('redeems the code for its redirect URI', async () => {
    const { sent, options } = endpoint(json(200, { access_token: ACCESS, token_type: 'bearer' }));
    const token = await authorizationCodeGrant({ ...options, code: 'd'.repeat(40), redirectUri: 'app://companion/signed-in', scopes: ['offline'] });
    expect(token).toEqual({ type: 'bearer', accessToken: ACCESS, expiresAt: null, scopes: ['offline'] });
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body ?? ''))).toEqual({
      grant_type: 'authorization_code',
      client_id: CLIENT,
      code: 'd'.repeat(40),
      redirect_uri: 'app://companion/signed-in',
    });
  });

  it('says a spent or expired code means signing in again', async () => {
    const { options } = endpoint(json(400, { error: 'invalid_grant' }));
    const error = await rejection(authorizationCodeGrant({ ...options, code: 'd'.repeat(40), redirectUri: 'app://companion/signed-in', scopes: [] }));
    expect(error.message).toMatch(/expired or was used already: sign in again/);
  });
});
