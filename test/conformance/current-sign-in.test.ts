// Part C, "Sign-in": the authorize page of today's platform (code flow only, PKCE with plain and S256,
// `device_name`, `lang`, `scope`) and its token endpoint (authorization_code with code_verifier,
// client_credentials, refresh_token that rotates; bearer tokens of a day, `id_token` with openid; the error
// table), as the sandbox's native client of the `current` dialect meets them at `{auth_url}/authorize` and
// `{auth_url}/oauth2/token`. Real HTTP, real login page.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import {
  authorizeNative,
  codeExchangeForm,
  currentTokens,
  expectRedirectError,
  expectTokenError,
  NATIVE_REDIRECT_URI,
  nativeAuthorizeUrl,
  nativeCode,
  pkcePair,
  publicTokenRequest,
  refreshForm,
  refusedAuthorization,
  signInNative,
  userVideos,
} from './current-oauth-client.js';
import { describeResult, expectError, expectNoStore } from './http-client.js';
import { authorizeInBrowser, LoginBrowser } from './login-browser.js';
import { authorizeUrl } from './oauth-client.js';
import { useSandbox } from './sandbox-fixture.js';

const AUTHORIZE = 'GET /authorize';
const TOKEN = 'POST /oauth2/token';

describe("today's sign-in: the authorize page", () => {
  const handle = useSandbox();

  it('S256: redirects with a code and the state; the code needs the S256 verifier', async () => {
    covers(AUTHORIZE, 'success');
    covers(AUTHORIZE, 'S256');
    const pkce = pkcePair('S256');
    const outcome = await authorizeNative(handle.sandbox, pkce, { state: 'xsrf-today' });
    expect(outcome.params.get('state')).toBe('xsrf-today');
    expect(outcome.params.get('code')).toMatch(/^[0-9a-f]{40}$/);
    expect(outcome.params.has('access_token'), 'no token in the redirect: the code flow only').toBe(false);
    currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, outcome.params.get('code')!, pkce.verifier)));
  });

  it('plain: the default method; the verifier is the challenge itself', async () => {
    covers(AUTHORIZE, 'plain');
    const explicit = pkcePair('plain');
    const code = await nativeCode(handle.sandbox, explicit);
    currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, explicit.verifier)));
    // Without code_challenge_method the challenge is plain (RFC 7636 §4.3), so an S256-shaped use of it fails.
    const byDefault = pkcePair('plain');
    const outcome = await authorizeNative(handle.sandbox, null, { code_challenge: byDefault.challenge });
    currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, outcome.params.get('code')!, byDefault.verifier)));
  });

  it('answers at the spec\'s /oauth2/authorize too, with the same rules', async () => {
    covers(AUTHORIZE, 'S256');
    const pkce = pkcePair('S256');
    const url = nativeAuthorizeUrl(handle.sandbox, pkce, {}, authorizeUrl(handle.sandbox));
    const outcome = await authorizeInBrowser(new LoginBrowser(), url, NATIVE_REDIRECT_URI, handle.sandbox.demo);
    currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, outcome.params.get('code')!, pkce.verifier)));
    expectRedirectError(await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, null, {}, authorizeUrl(handle.sandbox))), 'invalid_request');
  });

  it('takes device_name, lang and the scopes broadcaster and openid with a bearer token', async () => {
    covers(AUTHORIZE, 'success');
    const tokens = await signInNative(handle.sandbox, { device_name: 'Conformance PC', lang: 'de_DE', scope: 'broadcaster openid' });
    expect(tokens.body.scope).toBe('broadcaster openid');
    expect(tokens.body.id_token, 'id_token with openid').toBeTypeOf('string');
    const owned = handle.sandbox.admin.store.token(tokens.accessToken);
    expect(owned).toMatchObject({ type: 'bearer', deviceName: 'Conformance PC', scopes: ['broadcaster', 'openid'] });
  });

  it('answers the implicit flow with the error redirect unsupported_response_type', async () => {
    const outcome = await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, pkcePair(), { response_type: 'token', state: 'kept' }));
    expectRedirectError(outcome, 'unsupported_response_type');
    expect(outcome.params.get('state')).toBe('kept');
    expectRedirectError(await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, pkcePair(), { token_type: 'mac' })), 'unsupported_response_type');
  });

  it('refuses a native client without code_challenge (invalid_request, with a description)', async () => {
    const outcome = await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, null));
    expectRedirectError(outcome, 'invalid_request');
    expect(outcome.params.get('error_description')).toMatch(/code_challenge/);
  });

  it('refuses another code_challenge_method, a malformed challenge, a method alone and a reused challenge', async () => {
    const pkce = pkcePair('S256');
    const refused: Record<string, string>[] = [
      { code_challenge_method: 'S512' },
      { code_challenge_method: 's256' },
      { code_challenge: 'too-short' },
      { code_challenge: `${pkce.challenge}=` },
    ];
    for (const extra of refused) {
      expectRedirectError(await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, pkce, extra)), 'invalid_request');
    }
    const alone = `${nativeAuthorizeUrl(handle.sandbox, null)}&code_challenge_method=S256`;
    expectRedirectError(await refusedAuthorization(alone), 'invalid_request');
    await nativeCode(handle.sandbox, pkce);
    const reused = await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, pkce));
    expectRedirectError(reused, 'invalid_request');
    expect(reused.params.get('error_description')).toMatch(/new code_verifier/);
  });

  it('refuses the scope offline (today: refresh tokens instead) with invalid_scope', async () => {
    expectRedirectError(await refusedAuthorization(nativeAuthorizeUrl(handle.sandbox, pkcePair(), { scope: 'offline' })), 'invalid_scope');
  });
});

describe("today's sign-in: the token endpoint", () => {
  const handle = useSandbox();

  it('authorization_code with code_verifier and no client secret: a bearer token of a day, a refresh token, no-store', async () => {
    covers(TOKEN, 'success');
    covers(TOKEN, 'authorization_code');
    const tokens = await signInNative(handle.sandbox);
    expect(tokens.body).not.toHaveProperty('id_token');
    expect(tokens.body).not.toHaveProperty('mac_key');
    const videos = await userVideos(handle.sandbox, tokens.accessToken);
    expect(videos.status, `the token works on the API: ${describeResult(videos)}`).toBe(200);
  });

  it('id_token only with scope openid: an HS256 JWT under the client secret, about the user', async () => {
    covers(TOKEN, 'authorization_code');
    const tokens = await signInNative(handle.sandbox, { scope: 'openid' });
    const [header, payload, signature] = String(tokens.body.id_token).split('.');
    const secret = handle.sandbox.admin.store.appClient('current').secret;
    expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: handle.sandbox.authUrl, aud: handle.sandbox.nativeClient.id, sub: '1001', preferred_username: 'demo' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(86_400);
  });

  it('client_credentials: a bearer token of a day for the application, no refresh token', async () => {
    covers(TOKEN, 'client_credentials');
    const secret = handle.sandbox.admin.store.appClient('current').secret;
    const result = await publicTokenRequest(handle.sandbox, { grant_type: 'client_credentials', client_id: handle.sandbox.nativeClient.id }, { authorization: `Basic ${secret}` });
    expect(result.status, describeResult(result)).toBe(200);
    expectNoStore(result);
    expect(result.json).toMatchObject({ token_type: 'bearer', expires_in: 86_400 });
    expect(result.json).not.toHaveProperty('refresh_token');
  });

  it('refresh_token: a new access token and a new refresh token; the old refresh token is dead at once', async () => {
    covers(TOKEN, 'refresh_token');
    covers(TOKEN, '400 invalid_grant');
    const first = await signInNative(handle.sandbox);
    const second = currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, first.refreshToken)));
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await userVideos(handle.sandbox, second.accessToken)).status).toBe(200);
    const third = currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, second.refreshToken)));
    expect((await userVideos(handle.sandbox, third.accessToken)).status).toBe(200);
    // The rotated token comes back: refused, and the whole sign-in (every token of the family) is revoked.
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, first.refreshToken)), 400, 'invalid_grant');
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, third.refreshToken)), 400, 'invalid_grant');
    expectError(await userVideos(handle.sandbox, third.accessToken), 401, 'invalid_token');
  });

  it('refresh_token with the client secret by Basic works too, and a narrower scope may be asked', async () => {
    covers(TOKEN, 'refresh_token');
    const first = await signInNative(handle.sandbox, { scope: 'broadcaster openid' });
    const secret = handle.sandbox.admin.store.appClient('current').secret;
    const result = await publicTokenRequest(handle.sandbox, { ...refreshForm(handle.sandbox, first.refreshToken), scope: 'broadcaster' }, { authorization: `Basic ${secret}` });
    const narrowed = currentTokens(result);
    expect(narrowed.body.scope).toBe('broadcaster');
    expect(narrowed.body).not.toHaveProperty('id_token');
    // The family keeps what the user granted: the next refresh may have openid back.
    const wider = currentTokens(await publicTokenRequest(handle.sandbox, { ...refreshForm(handle.sandbox, narrowed.refreshToken), scope: 'broadcaster openid' }));
    expect(wider.body.id_token).toBeTypeOf('string');
  });

  it('refreshes after the operator makes the user’s access tokens expire', async () => {
    covers(TOKEN, 'refresh_token');
    const tokens = await signInNative(handle.sandbox);
    const expired = await fetch(`${handle.sandbox.apiUrl}/_sandbox/accounts/demo/access-tokens/expire`, { method: 'POST', headers: { authorization: `Bearer ${handle.sandbox.adminKey}` } });
    expect(expired.status).toBe(200);
    expect(((await expired.json()) as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    expectError(await userVideos(handle.sandbox, tokens.accessToken), 401, 'invalid_token');
    const renewed = currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)));
    expect((await userVideos(handle.sandbox, renewed.accessToken)).status).toBe(200);
  });

  it('400 invalid_grant: a wrong code_verifier, and the code is spent by it', async () => {
    covers(TOKEN, '400 invalid_grant');
    const pkce = pkcePair('S256');
    const code = await nativeCode(handle.sandbox, pkce);
    expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, pkcePair().verifier)), 400, 'invalid_grant');
    expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, pkce.verifier)), 400, 'invalid_grant');
    // A plain challenge answered by the S256 transformation of its verifier is wrong too.
    const plain = pkcePair('plain');
    const plainCode = await nativeCode(handle.sandbox, plain);
    const transformed = pkcePair('S256');
    expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, plainCode, transformed.challenge)), 400, 'invalid_grant');
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, 'not-a-refresh-token')), 400, 'invalid_grant');
  });

  it('400 invalid_grant: a used code, and its sign-in is revoked (RFC 6749 §4.1.2)', async () => {
    covers(TOKEN, '400 invalid_grant');
    const pkce = pkcePair('S256');
    const code = await nativeCode(handle.sandbox, pkce);
    const tokens = currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, pkce.verifier)));
    expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, pkce.verifier)), 400, 'invalid_grant');
    expectError(await userVideos(handle.sandbox, tokens.accessToken), 401, 'invalid_token');
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)), 400, 'invalid_grant');
  });

  it('400 invalid_request: a malformed code_verifier, none for a code issued with a challenge, a grant without its parameters', async () => {
    covers(TOKEN, '400 invalid_request');
    const pkce = pkcePair('S256');
    const code = await nativeCode(handle.sandbox, pkce);
    for (const malformed of ['short', 'x'.repeat(129), `${'a'.repeat(42)} `, `${'a'.repeat(43)}+`]) {
      expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, malformed)), 400, 'invalid_request');
    }
    expectTokenError(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, null)), 400, 'invalid_request');
    expectTokenError(await publicTokenRequest(handle.sandbox, { grant_type: 'refresh_token', client_id: handle.sandbox.nativeClient.id }), 400, 'invalid_request');
    expectTokenError(await publicTokenRequest(handle.sandbox, { client_id: handle.sandbox.nativeClient.id }), 400, 'invalid_request');
    // None of these spent the code: the right verifier still gets the tokens.
    currentTokens(await publicTokenRequest(handle.sandbox, codeExchangeForm(handle.sandbox, code, pkce.verifier)));
  });

  it('400 invalid_client: a wrong secret, client_credentials without one, an unknown client', async () => {
    covers(TOKEN, '400 invalid_client');
    const first = await signInNative(handle.sandbox);
    const wrong = { authorization: `Basic ${'0'.repeat(40)}` };
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, first.refreshToken), wrong), 400, 'invalid_client');
    expectTokenError(await publicTokenRequest(handle.sandbox, { grant_type: 'client_credentials', client_id: handle.sandbox.nativeClient.id }), 400, 'invalid_client');
    expectTokenError(await publicTokenRequest(handle.sandbox, { ...refreshForm(handle.sandbox, first.refreshToken), client_id: 'f'.repeat(40) }), 400, 'invalid_client');
    // The failed attempts did not use the refresh token.
    currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, first.refreshToken)));
  });

  it('501 unsupported_grant_type: password and every other grant', async () => {
    covers(TOKEN, '501 unsupported_grant_type');
    const password = { grant_type: 'password', client_id: handle.sandbox.nativeClient.id, username: 'demo', password: 'broadcast' };
    expectTokenError(await publicTokenRequest(handle.sandbox, password), 501, 'unsupported_grant_type');
    expectTokenError(await publicTokenRequest(handle.sandbox, { grant_type: 'implicit', client_id: handle.sandbox.nativeClient.id }), 501, 'unsupported_grant_type');
  });

  it('503 server_error while the platform cannot handle requests, then the refresh goes through', async () => {
    covers(TOKEN, '503 server_error');
    const tokens = await signInNative(handle.sandbox);
    handle.sandbox.admin.forceTokenServerError(true);
    try {
      expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)), 503, 'server_error');
    } finally {
      handle.sandbox.admin.forceTokenServerError(false);
    }
    currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)));
  });
});
