import { describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { newPkcePair, s256Challenge } from '../../../main/platform/oauth/pkce.js';
import { authorizationCodeFlow, implicitMacFlow, passwordFlow, pkceCodeFlow, signInFlowFor, type PageSignInRequest } from '../../../main/session/sign-in-flows.js';

const request: PageSignInRequest = {
  authUrl: 'http://127.0.0.1:9/auth',
  tokenUrl: 'http://127.0.0.1:9/auth',
  clientId: 'c'.repeat(40),
  clientSecret: 'secret',
  redirectUri: 'http://127.0.0.1:7/callback',
  scopes: ['broadcaster', 'offline'],
  deviceName: 'Test PC',
  profile: 'p',
};

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('sign-in flows', () => {
  it('the implicit flow asks for a MAC token with every scope, and reads the token from the redirect', async () => {
    const started = implicitMacFlow.begin(request);
    expect(query(started.url)).toMatchObject({ response_type: 'token', token_type: 'mac', scope: 'broadcaster offline', state: started.state, redirect_uri: request.redirectUri });
    const token = { access_token: 'a'.repeat(40), token_type: 'mac', mac_key: 'b'.repeat(40), created_at: '1700000000', mac_algorithm: 'hmac-sha-1' };
    const answer = await started.finish(`${request.redirectUri}#${new URLSearchParams({ ...token, state: started.state })}`);
    expect(answer).toMatchObject({ token: { type: 'mac', accessToken: token.access_token, scopes: ['broadcaster', 'offline'] } });
  });

  it('the code flow asks for a code without the broadcaster scope (MAC tokens only) and needs the client secret', () => {
    const started = authorizationCodeFlow.begin(request);
    expect(query(started.url)).toMatchObject({ response_type: 'code', scope: 'offline' });
    expect(query(started.url).token_type).toBeUndefined();
    expect(() => authorizationCodeFlow.begin({ ...request, clientSecret: null })).toThrow(CompanionError);
  });

  it("passes the login page's refusal on as the answer, and each start has its own state", async () => {
    const started = authorizationCodeFlow.begin(request);
    expect(await started.finish(`${request.redirectUri}?error=access_denied&state=${started.state}`)).toEqual({ error: 'access_denied', description: undefined });
    expect(authorizationCodeFlow.begin(request).state).not.toBe(started.state);
    expect(signInFlowFor('spec', 'mac')).toBe(implicitMacFlow);
    expect(signInFlowFor('spec', 'bearer')).toBe(authorizationCodeFlow);
    expect(signInFlowFor('current', 'mac')).toBe(pkceCodeFlow);
  });
});

describe("today's platform: code + PKCE", () => {
  it('sends an S256 challenge of a verifier it keeps, asks for a code without a token type, and needs no client secret', () => {
    const started = pkceCodeFlow.begin({ ...request, clientSecret: null });
    const sent = query(started.url);
    expect(sent).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', state: started.state });
    expect(sent.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.token_type).toBeUndefined();
    // Today's login page is /authorize (production: authentication.video.ibm.com/authorize); no offline scope.
    expect([new URL(started.url).pathname, sent.scope]).toEqual(['/auth/authorize', 'broadcaster']);
    expect(query(pkceCodeFlow.begin(request).url).code_challenge).not.toBe(sent.code_challenge);
  });

  it('a verifier is 43-128 characters of the RFC 7636 alphabet, and its challenge is its base64url SHA-256', () => {
    const pair = newPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    // RFC 7636 appendix B's example.
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(pair.challenge).toBe(s256Challenge(pair.verifier));
  });
});

describe('the password flow', () => {
  it('needs the client secret before it sends anything', async () => {
    await expect(passwordFlow('mac').signIn({ ...request, clientSecret: null }, { username: 'demo', password: 'x' })).rejects.toBeInstanceOf(CompanionError);
  });
});
