// Today's platform's sign-in as a native application does it (docs/platform-api/current.md, "Sign-in"): the
// authorize page with PKCE, the code exchanged without a client secret, refreshes that rotate, revocation.
// Plain HTTP against the sandbox's auth server; the login page is driven by LoginBrowser.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { describeResult, expectJsonContentType, expectNoStore, request, type BearerToken, type Form, type HttpResult } from './http-client.js';
import { authorizeInBrowser, LoginBrowser, type AuthorizeOutcome } from './login-browser.js';
import { tokenUrl } from './oauth-client.js';

/** A loopback redirect (RFC 8252 §7.3): the native client's registered prefix is http://127.0.0.1. */
export const NATIVE_REDIRECT_URI = 'http://127.0.0.1:53682/callback';

export interface PkcePair {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'plain' | 'S256';
}

/** A fresh verifier (43 characters of base64url, 256 bits) and its challenge. */
export function pkcePair(method: 'plain' | 'S256' = 'S256'): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return { verifier, challenge, method };
}

/** Today's platform's authorize page: `/authorize` on the auth server (the spec's `/oauth2/authorize` answers too). */
export function currentAuthorizeUrl(sandbox: Sandbox): string {
  return `${sandbox.authUrl}/authorize`;
}

/** The authorize page's address for the native client, with PKCE unless `pkce` is null. */
export function nativeAuthorizeUrl(sandbox: Sandbox, pkce: PkcePair | null, extra: Readonly<Record<string, string>> = {}, page = currentAuthorizeUrl(sandbox)): string {
  const params: Record<string, string> = { response_type: 'code', client_id: sandbox.nativeClient.id, redirect_uri: NATIVE_REDIRECT_URI, state: randomBytes(8).toString('hex') };
  if (pkce) Object.assign(params, { code_challenge: pkce.challenge, code_challenge_method: pkce.method });
  return `${page}?${new URLSearchParams({ ...params, ...extra })}`;
}

/** Signs in as the demo user (or `user`) on the page and returns the redirect's parameters. */
export async function authorizeNative(sandbox: Sandbox, pkce: PkcePair | null, extra: Readonly<Record<string, string>> = {}, user = sandbox.demo): Promise<AuthorizeOutcome> {
  return authorizeInBrowser(new LoginBrowser(), nativeAuthorizeUrl(sandbox, pkce, extra), NATIVE_REDIRECT_URI, user);
}

/** A code for the native client, issued for this PKCE pair. */
export async function nativeCode(sandbox: Sandbox, pkce: PkcePair, extra: Readonly<Record<string, string>> = {}): Promise<string> {
  const outcome = await authorizeNative(sandbox, pkce, extra);
  const code = outcome.params.get('code');
  expect(code, `a code in ${outcome.location.toString()}`).toBeTruthy();
  return code!;
}

/** POST to the token endpoint with no client authentication unless headers carry it (a native client has no secret). */
export function publicTokenRequest(sandbox: Sandbox, form: Form, headers: Readonly<Record<string, string>> = {}): Promise<HttpResult> {
  return request('POST', tokenUrl(sandbox), { form, headers });
}

export function codeExchangeForm(sandbox: Sandbox, code: string, verifier: string | null): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    client_id: sandbox.nativeClient.id,
    code,
    redirect_uri: NATIVE_REDIRECT_URI,
    ...(verifier === null ? {} : { code_verifier: verifier }),
  };
}

export function refreshForm(sandbox: Sandbox, refreshToken: string): Record<string, string> {
  return { grant_type: 'refresh_token', client_id: sandbox.nativeClient.id, refresh_token: refreshToken };
}

/** Today's token response: a bearer token of a day and a refresh token, uncacheable. */
export interface CurrentTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly body: Record<string, unknown>;
}

export function currentTokens(result: HttpResult): CurrentTokens {
  expect(result.status, describeResult(result)).toBe(200);
  expectJsonContentType(result);
  expectNoStore(result);
  const body = result.json as Record<string, unknown>;
  expect(body.token_type).toBe('bearer');
  expect(body.access_token, 'access_token: 40 characters').toMatch(/^[0-9a-f]{40}$/);
  expect(body.expires_in).toBe(86_400);
  expect(body.refresh_token, 'refresh_token').toBeTypeOf('string');
  return { accessToken: body.access_token as string, refreshToken: body.refresh_token as string, body };
}

/** A full sign-in: the page with S256, the code exchanged without a secret. */
export async function signInNative(sandbox: Sandbox, extra: Readonly<Record<string, string>> = {}): Promise<CurrentTokens> {
  const pkce = pkcePair('S256');
  const code = await nativeCode(sandbox, pkce, extra);
  return currentTokens(await publicTokenRequest(sandbox, codeExchangeForm(sandbox, code, pkce.verifier)));
}

export function revocationUrl(sandbox: Sandbox): string {
  return `${sandbox.authUrl}/oauth2/token/revoke`;
}

export function revokeRequest(sandbox: Sandbox, token: string, headers: Readonly<Record<string, string>> = {}, clientId = sandbox.nativeClient.id): Promise<HttpResult> {
  return request('POST', revocationUrl(sandbox), { form: { token, client_id: clientId }, headers });
}

export function bearer(accessToken: string): BearerToken {
  return { kind: 'bearer', accessToken };
}

/** An API call that needs a user token and answers `invalid_token` without a good one (part A: the user's videos). */
export function userVideos(sandbox: Sandbox, accessToken: string): Promise<HttpResult> {
  return request('GET', `${sandbox.apiUrl}/users/self/videos.json`, { token: bearer(accessToken) });
}

/** A token error as the spec words it: JSON `{error, error_description}` with the status, uncacheable. */
export function expectTokenError(result: HttpResult, status: number, error: string): void {
  expect(result.status, describeResult(result)).toBe(status);
  expectJsonContentType(result);
  expectNoStore(result);
  expect(result.json, describeResult(result)).toMatchObject({ error });
  expect((result.json as { error_description?: unknown }).error_description, 'a sentence for people').toMatch(/\w+ \w+/);
}

/** The redirect of a refused authorization request: `error`, a sentence, and the state. */
export function expectRedirectError(outcome: { location: URL; params: URLSearchParams }, error: string): void {
  expect(outcome.location.toString().startsWith(NATIVE_REDIRECT_URI), outcome.location.toString()).toBe(true);
  expect(outcome.params.get('error'), outcome.location.toString()).toBe(error);
  expect(outcome.params.get('error_description'), 'a sentence for people').toMatch(/\w+ \w+/);
  expect(outcome.params.has('code')).toBe(false);
}

/** The answer to an authorization request refused before the page shows: a redirect to the client. */
export async function refusedAuthorization(url: string): Promise<{ location: URL; params: URLSearchParams }> {
  const result = await new LoginBrowser().get(url);
  expect(result.status, describeResult(result)).toBe(302);
  const location = new URL(result.headers.get('location') ?? '');
  return { location, params: location.searchParams };
}
