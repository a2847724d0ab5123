// The sign-in flows through the sandbox's real login page over HTTP: the app builds the authorize URL, a
// browser (driven here as one: hidden fields read from the HTML, the pressed button posted back) signs in,
// and the app reads the redirect to its loopback callback, whose Location header is all it needs.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessToken, Scope } from '../../../main/platform/access-token.js';
import { authorizeUrl } from '../../../main/platform/oauth/authorize-url.js';
import { deviceName } from '../../../main/platform/oauth/device-name.js';
import { parseImplicitRedirect } from '../../../main/platform/oauth/implicit-result.js';
import { authorizationCodeGrant } from '../../../main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { PlatformError } from '../../../main/platform/platform-error.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { authorizeInBrowser, LoginBrowser } from '../../conformance/login-browser.js';

/** A loopback redirect URI; nothing listens there: the redirect is read, never followed. */
const CALLBACK = 'http://127.0.0.1:53117/callback';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

interface SignIn {
  readonly state: string;
  readonly redirect: string;
}

async function signIn(options: { scopes: readonly Scope[]; responseType?: 'token' | 'code'; press?: RegExp; redirectUri?: string }): Promise<SignIn> {
  const state = randomBytes(24).toString('base64url');
  const redirectUri = options.redirectUri ?? CALLBACK;
  const common = { authUrl: sandbox.authUrl, clientId: sandbox.client.id, redirectUri, state, scopes: options.scopes, deviceName: deviceName() };
  const url = options.responseType === 'code' ? authorizeUrl({ ...common, responseType: 'code' }) : authorizeUrl({ ...common, responseType: 'token', tokenType: 'mac' });
  const outcome = await authorizeInBrowser(new LoginBrowser(), url, redirectUri, sandbox.demo, options.press ?? /allow/i);
  return { state, redirect: outcome.location.href };
}

async function listChannels(token: AccessToken): Promise<string[]> {
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => token } });
  const { body } = await caller.call(
    { method: 'GET', path: '/users/self/channels.json', query: { q: 'demo' }, endpoint: 'GET /users/self/channels.<format>' },
    z.object({ channels: z.array(z.object({ title: z.string() })) }),
  );
  return body.channels.map((channel) => channel.title);
}

function thrown(run: () => unknown): PlatformError {
  try {
    run();
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected a PlatformError');
}

describe('the implicit flow', () => {
  it('gives a MAC token that signs an accepted API call', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { state, redirect } = await signIn({ scopes: ['broadcaster'] });
    expect(redirect.startsWith(`${CALLBACK}?`)).toBe(true);
    const result = parseImplicitRedirect(redirect, state, { scopes: ['broadcaster'] });
    if (!('token' in result)) throw new Error(`expected a token, got ${JSON.stringify(result)}`);
    const { token } = result;
    if (token.type !== 'mac') throw new Error('expected a MAC token');
    expect(token.macKey).toMatch(/^[0-9a-f]{40}$/);
    expect(token.createdAt).toBeGreaterThanOrEqual(before);
    expect(token.expiresAt! - before).toBeGreaterThanOrEqual(86_399);
    expect(token.scopes).toEqual(['broadcaster']);
    expect(await listChannels(token)).toEqual(['Demo Live']);
  });

  it('gives a token that never expires with scope offline', async () => {
    const { state, redirect } = await signIn({ scopes: ['broadcaster', 'offline'] });
    const result = parseImplicitRedirect(redirect, state);
    expect(result).toMatchObject({ token: { type: 'mac', expiresAt: null, scopes: ['offline'] } });
  });

  it('answers access_denied when the user presses Deny', async () => {
    const { state, redirect } = await signIn({ scopes: ['broadcaster'], press: /deny/i });
    expect(parseImplicitRedirect(redirect, state)).toMatchObject({ error: 'access_denied' });
  });

  it('rejects an answer whose state was tampered with, or that answers another sign-in', async () => {
    const { state, redirect } = await signIn({ scopes: ['broadcaster'] });
    const tampered = new URL(redirect);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    expect(thrown(() => parseImplicitRedirect(tampered.href, state))).toMatchObject({ error: 'state_mismatch' });
    expect(thrown(() => parseImplicitRedirect(redirect, randomBytes(24).toString('base64url')))).toMatchObject({ error: 'state_mismatch' });
    const stripped = new URL(redirect);
    stripped.searchParams.delete('state');
    expect(thrown(() => parseImplicitRedirect(stripped.href, state))).toMatchObject({ error: 'state_mismatch' });
  });
});

describe('the authorization code flow', () => {
  it('redeems the code for a bearer token that is accepted, once', async () => {
    const { state, redirect } = await signIn({ scopes: ['offline'], responseType: 'code' });
    const answer = new URL(redirect).searchParams;
    expect(answer.get('state')).toBe(state);
    const grant = {
      tokenUrl: sandbox.authUrl,
      clientId: sandbox.client.id,
      clientSecret: sandbox.client.secret,
      code: answer.get('code') ?? '',
      redirectUri: CALLBACK,
      scopes: ['offline'] as const,
    };
    const token = await authorizationCodeGrant(grant);
    expect(token).toMatchObject({ type: 'bearer', expiresAt: null, scopes: ['offline'] });
    expect(await listChannels(token)).toEqual(['Demo Live']);

    const spent = await authorizationCodeGrant(grant).catch((error: unknown) => error);
    expect(spent).toBeInstanceOf(PlatformError);
    expect(spent).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect((spent as PlatformError).message).toMatch(/sign in again/);
  });
});
