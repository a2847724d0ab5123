// Part A, "Token endpoint": POST {auth_url}/oauth2/token with the authorization_code, password and
// client_credentials grants; JSON responses; `Cache-Control: no-store` on success; the error table.
import { describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { describeResult, expectJsonContentType, expectNoStore, request, type HttpResult } from './http-client.js';
import { authorizeInBrowser, LoginBrowser } from './login-browser.js';
import { authorizeUrl, basicClientAuth, passwordGrantForm, tokenRequest, tokenUrl } from './oauth-client.js';
import { channelId, nowSeconds, useSandbox } from './sandbox-fixture.js';
import { bearerTokenResponseShape, bodyOf, hex40, macTokenResponseShape, valueOf } from './spec-shapes.js';

const TOKEN = 'POST {auth_url}/oauth2/token';
const REDIRECT_URI = 'http://127.0.0.1/conformance/callback';
const ONE_DAY = 86_400;

/** A token error: the spec's JSON `{error: <error value>}` with its HTTP status. */
function expectTokenError(result: HttpResult, status: number, error: string): void {
  expect(result.status, describeResult(result)).toBe(status);
  expectJsonContentType(result);
  expect(result.json, describeResult(result)).toMatchObject({ error });
}

describe('token endpoint', () => {
  const handle = useSandbox();

  describe('grant password', () => {
    it('issues a bearer token for a day, as JSON with Cache-Control: no-store', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo));
      expect(result.status, describeResult(result)).toBe(200);
      expectJsonContentType(result);
      expectNoStore(result);
      const body = bodyOf(result, bearerTokenResponseShape);
      expect(body.expires_in, 'expires_in: one day in seconds').toBeGreaterThan(ONE_DAY - 120);
      expect(body.expires_in).toBeLessThanOrEqual(ONE_DAY);
      const channel = await request('GET', `${handle.sandbox.apiUrl}/channels/${channelId(handle.sandbox, 'Demo Live')}.json`, {
        token: { kind: 'bearer', accessToken: body.access_token },
        query: { detail_level: 'owner' },
      });
      expect(channel.status, `the token works on the API: ${describeResult(channel)}`).toBe(200);
    });

    it('issues a MAC token with mac_key, created_at and mac_algorithm hmac-sha-1', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo, { tokenType: 'mac' }));
      expectNoStore(result);
      const body = bodyOf(result, macTokenResponseShape);
      expect(Math.abs(body.created_at - nowSeconds()), 'created_at is the issue time').toBeLessThanOrEqual(60);
      expect(body.expires_in).toBeGreaterThan(ONE_DAY - 120);
    });

    it('leaves out expires_in with scope offline', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo, { scope: 'offline' }));
      const body = bodyOf(result, bearerTokenResponseShape);
      expect(body).not.toHaveProperty('expires_in');
    });

    it('accepts the client secret in the body without the Basic header', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo), {});
      bodyOf(result, bearerTokenResponseShape);
      expectNoStore(result);
    });
  });

  it('answers 503 server_error while the server cannot handle requests (the sandbox operator switches an overload on)', async () => {
    covers(TOKEN, '503 server_error');
    handle.sandbox.admin.forceTokenServerError(true);
    try {
      expectTokenError(await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo)), 503, 'server_error');
    } finally {
      handle.sandbox.admin.forceTokenServerError(false);
    }
    expect((await tokenRequest(handle.sandbox, passwordGrantForm(handle.sandbox, handle.sandbox.demo))).status).toBe(200);
  });

  describe('grant client_credentials', () => {
    it('issues a token identifying the application', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, { grant_type: 'client_credentials', client_id: handle.sandbox.client.id, device_name: 'Conformance' });
      expectNoStore(result);
      const body = bodyOf(result, bearerTokenResponseShape);
      // "a client token can reach resources of the application owner" (the demo user owns the sandbox's client)
      const owned = await request('GET', `${handle.sandbox.apiUrl}/channels/${channelId(handle.sandbox, 'Demo Live')}/ingest.json`, {
        token: { kind: 'bearer', accessToken: body.access_token },
      });
      expect(owned.status, describeResult(owned)).toBe(200);
    });

    it('issues a MAC token when asked', async () => {
      covers(TOKEN, 'success');
      const result = await tokenRequest(handle.sandbox, { grant_type: 'client_credentials', client_id: handle.sandbox.client.id, token_type: 'mac' });
      bodyOf(result, macTokenResponseShape);
    });
  });

  describe('grant authorization_code', () => {
    it('exchanges a code from the authorization endpoint for a bearer token', async () => {
      covers(TOKEN, 'success');
      const browser = new LoginBrowser();
      const page = `${authorizeUrl(handle.sandbox)}?${new URLSearchParams({ response_type: 'code', client_id: handle.sandbox.client.id, redirect_uri: REDIRECT_URI })}`;
      const outcome = await authorizeInBrowser(browser, page, REDIRECT_URI, handle.sandbox.demo);
      const code = valueOf(outcome.params.get('code'), hex40, 'code');
      const result = await tokenRequest(handle.sandbox, { grant_type: 'authorization_code', client_id: handle.sandbox.client.id, code, redirect_uri: REDIRECT_URI });
      expectJsonContentType(result);
      expectNoStore(result);
      const body = bodyOf(result, bearerTokenResponseShape);
      valueOf(body.access_token, hex40, 'access_token (40-char hex)');
      expect(body.expires_in).toBeGreaterThan(ONE_DAY - 120);
    });
  });

  describe('errors', () => {
    it('400 invalid_request when a required parameter is missing', async () => {
      covers(TOKEN, '400 invalid_request');
      const form: Record<string, string> = passwordGrantForm(handle.sandbox, handle.sandbox.demo);
      delete form.password;
      expectTokenError(await tokenRequest(handle.sandbox, form), 400, 'invalid_request');
      const noGrant: Record<string, string> = passwordGrantForm(handle.sandbox, handle.sandbox.demo);
      delete noGrant.grant_type;
      expectTokenError(await tokenRequest(handle.sandbox, noGrant), 400, 'invalid_request');
      expectTokenError(await tokenRequest(handle.sandbox, { grant_type: 'authorization_code', client_id: handle.sandbox.client.id, redirect_uri: REDIRECT_URI }), 400, 'invalid_request');
    });

    it('400 invalid_grant for an authorization code that has expired', async () => {
      covers(TOKEN, '400 invalid_grant');
      const page = `${authorizeUrl(handle.sandbox)}?${new URLSearchParams({ response_type: 'code', client_id: handle.sandbox.client.id, redirect_uri: REDIRECT_URI })}`;
      const code = (await authorizeInBrowser(new LoginBrowser(), page, REDIRECT_URI, handle.sandbox.demo)).params.get('code') ?? '';
      const stored = handle.sandbox.admin.store.code(code);
      expect(stored, 'the sandbox keeps the code it issued').toBeDefined();
      (stored as { expiresAt: number }).expiresAt = nowSeconds() - 1;
      const result = await tokenRequest(handle.sandbox, { grant_type: 'authorization_code', client_id: handle.sandbox.client.id, code, redirect_uri: REDIRECT_URI });
      expectTokenError(result, 400, 'invalid_grant');
    });

    it('501 unsupported_grant_type for another grant type', async () => {
      covers(TOKEN, '501 unsupported_grant_type');
      expectTokenError(await tokenRequest(handle.sandbox, { ...passwordGrantForm(handle.sandbox, handle.sandbox.demo), grant_type: 'implicit' }), 501, 'unsupported_grant_type');
      expectTokenError(await tokenRequest(handle.sandbox, { grant_type: 'urn:example:nothing', client_id: handle.sandbox.client.id }), 501, 'unsupported_grant_type');
    });

    it('400 invalid_grant for an authorization code that does not exist', async () => {
      covers(TOKEN, '400 invalid_grant');
      const result = await tokenRequest(handle.sandbox, {
        grant_type: 'authorization_code',
        client_id: handle.sandbox.client.id,
        code: 'f'.repeat(40),
        redirect_uri: REDIRECT_URI,
      });
      expectTokenError(result, 400, 'invalid_grant');
    });

    it('400 invalid_client for a wrong secret or an unknown client', async () => {
      covers(TOKEN, '400 invalid_client');
      const wrong = '0'.repeat(40);
      const wrongSecret = { ...passwordGrantForm(handle.sandbox, handle.sandbox.demo), client_secret: wrong };
      expectTokenError(await tokenRequest(handle.sandbox, wrongSecret, { authorization: `Basic ${wrong}` }), 400, 'invalid_client');
      const unknownClient = { ...passwordGrantForm(handle.sandbox, handle.sandbox.demo), client_id: 'a'.repeat(40) };
      expectTokenError(await tokenRequest(handle.sandbox, unknownClient), 400, 'invalid_client');
      expectTokenError(
        await request('POST', tokenUrl(handle.sandbox), { form: { grant_type: 'client_credentials', client_id: handle.sandbox.client.id }, headers: { authorization: `Basic ${wrong}` } }),
        400,
        'invalid_client',
      );
    });

    it('does not issue a token for wrong user credentials', async () => {
      const result = await tokenRequest(handle.sandbox, { ...passwordGrantForm(handle.sandbox, handle.sandbox.demo), password: 'not-the-password' }, basicClientAuth(handle.sandbox));
      expect(result.status, describeResult(result)).toBeGreaterThanOrEqual(400);
      expect(result.json).not.toHaveProperty('access_token');
    });
  });
});
