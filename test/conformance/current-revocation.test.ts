// Part C, "Sign-in", revocation: POST /oauth2/token/revoke with `token` (access or refresh) and `client_id`,
// the client secret by Basic (a native client leaves it out). After it, the API refuses the revoked access
// token with 401 invalid_token and the token endpoint refuses the revoked refresh token with invalid_grant.
import { describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { currentTokens, expectTokenError, publicTokenRequest, refreshForm, revokeRequest, signInNative, userVideos } from './current-oauth-client.js';
import { describeResult, expectError, expectNoStore, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { useSandbox } from './sandbox-fixture.js';

const REVOKE = 'POST /oauth2/token/revoke';

function expectRevoked(result: HttpResult): void {
  expect(result.status, describeResult(result)).toBe(200);
  expectNoStore(result);
}

describe("today's sign-in: revocation", () => {
  const handle = useSandbox();

  it('a refresh token: the sign-in ends, the access tokens issued from it included', async () => {
    covers(REVOKE, 'success');
    const first = await signInNative(handle.sandbox);
    const second = currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, first.refreshToken)));
    expectRevoked(await revokeRequest(handle.sandbox, second.refreshToken));
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, second.refreshToken)), 400, 'invalid_grant');
    expectError(await userVideos(handle.sandbox, second.accessToken), 401, 'invalid_token');
    expectError(await userVideos(handle.sandbox, first.accessToken), 401, 'invalid_token');
  });

  it('an access token: the API answers 401 invalid_token to it, and the refresh token still works', async () => {
    covers(REVOKE, 'success');
    const tokens = await signInNative(handle.sandbox);
    expectRevoked(await revokeRequest(handle.sandbox, tokens.accessToken));
    const refused = await userVideos(handle.sandbox, tokens.accessToken);
    expectError(refused, 401, 'invalid_token');
    expect(refused.text).toMatch(/revoked/);
    const renewed = currentTokens(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)));
    expect((await userVideos(handle.sandbox, renewed.accessToken)).status).toBe(200);
  });

  it('sign-out as the app does it: the refresh token, then the access token; both refused after', async () => {
    covers(REVOKE, 'success');
    const tokens = await signInNative(handle.sandbox);
    expectRevoked(await revokeRequest(handle.sandbox, tokens.refreshToken));
    expectRevoked(await revokeRequest(handle.sandbox, tokens.accessToken));
    expectError(await userVideos(handle.sandbox, tokens.accessToken), 401, 'invalid_token');
    expectTokenError(await publicTokenRequest(handle.sandbox, refreshForm(handle.sandbox, tokens.refreshToken)), 400, 'invalid_grant');
  });

  it('the client secret by Basic is accepted; a wrong one is invalid_client and revokes nothing', async () => {
    covers(REVOKE, 'success');
    const tokens = await signInNative(handle.sandbox);
    expectTokenError(await revokeRequest(handle.sandbox, tokens.accessToken, { authorization: `Basic ${'0'.repeat(40)}` }), 400, 'invalid_client');
    expect((await userVideos(handle.sandbox, tokens.accessToken)).status).toBe(200);
    const secret = handle.sandbox.admin.store.appClient('current').secret;
    expectRevoked(await revokeRequest(handle.sandbox, tokens.accessToken, { authorization: `Basic ${secret}` }));
    expectError(await userVideos(handle.sandbox, tokens.accessToken), 401, 'invalid_token');
  });

  it('200 for a token the platform does not know, or one already revoked (RFC 7009 §2.2)', async () => {
    covers(REVOKE, 'success');
    expectRevoked(await revokeRequest(handle.sandbox, 'no-such-token'));
    const tokens = await signInNative(handle.sandbox);
    expectRevoked(await revokeRequest(handle.sandbox, tokens.refreshToken));
    expectRevoked(await revokeRequest(handle.sandbox, tokens.refreshToken));
  });

  it("refuses another client's token (unauthorized_client) and a request without token or client_id (invalid_request)", async () => {
    const specToken = await bearerToken(handle.sandbox);
    expectTokenError(await revokeRequest(handle.sandbox, specToken.accessToken), 400, 'unauthorized_client');
    expect((await userVideos(handle.sandbox, specToken.accessToken)).status).toBe(200);
    expectTokenError(await revokeRequest(handle.sandbox, ''), 400, 'invalid_request');
    expectTokenError(await revokeRequest(handle.sandbox, 'x', {}, ''), 400, 'invalid_request');
  });

  it('answers 503 server_error while the operator has the token endpoints overloaded', async () => {
    const tokens = await signInNative(handle.sandbox);
    handle.sandbox.admin.forceTokenServerError(true);
    try {
      expectTokenError(await revokeRequest(handle.sandbox, tokens.refreshToken), 503, 'server_error');
    } finally {
      handle.sandbox.admin.forceTokenServerError(false);
    }
    expectRevoked(await revokeRequest(handle.sandbox, tokens.refreshToken));
  });
});
