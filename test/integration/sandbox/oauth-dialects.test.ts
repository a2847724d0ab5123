// The two dialects side by side at the sandbox's auth server, over real HTTP: a spec client's PKCE parameters
// change nothing; a `current` client that is not native signs in with its secret, with or without PKCE, and
// cannot be downgraded; refresh tokens outlive a restart with --state but are not in the file; a refresh
// token past its 30 days is refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { hex40 } from '../../../sandbox/state/random.js';
import { authorizeInBrowser, LoginBrowser } from '../../conformance/login-browser.js';
import { pkcePair, type PkcePair } from '../../conformance/current-oauth-client.js';

const CALLBACK = 'http://127.0.0.1:7777/callback';

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function postToken(sandbox: Sandbox, form: Record<string, string>, secret: string | null = null): Promise<Answer> {
  const headers: Record<string, string> = secret === null ? {} : { Authorization: `Basic ${secret}` };
  const response = await fetch(`${sandbox.authUrl}/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(form) });
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function codeFor(sandbox: Sandbox, clientId: string, pkce: PkcePair | null): Promise<string> {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK });
  if (pkce) {
    query.set('code_challenge', pkce.challenge);
    query.set('code_challenge_method', pkce.method);
  }
  const outcome = await authorizeInBrowser(new LoginBrowser(), `${sandbox.authUrl}/authorize?${query}`, CALLBACK, sandbox.demo);
  const code = outcome.params.get('code');
  expect(code, outcome.location.toString()).not.toBeNull();
  return code!;
}

function codeForm(clientId: string, code: string, verifier: string | null): Record<string, string> {
  return { grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: CALLBACK, ...(verifier === null ? {} : { code_verifier: verifier }) };
}

describe('the two dialects at one auth server', () => {
  let sandbox: Sandbox;
  /** A confidential (not native) client of today's platform: an application with a server side. */
  const webClient = { id: hex40(), secret: hex40() };

  beforeAll(async () => {
    sandbox = await startSandbox();
    sandbox.admin.store.data.clients.push({ ...webClient, name: 'Web dashboard', ownerId: '1001', redirectUriPrefixes: ['http://127.0.0.1'], dialect: 'current', native: false });
  });

  afterAll(async () => {
    await sandbox.close();
  });

  it('a spec client may send PKCE: ignored at the page and at the token endpoint, no refresh token, refresh_token still 501', async () => {
    const pkce = pkcePair('S256');
    const code = await codeFor(sandbox, sandbox.client.id, pkce);
    const answer = await postToken(sandbox, codeForm(sandbox.client.id, code, pkcePair().verifier), sandbox.client.secret);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('refresh_token');
    expect(answer.body.expires_in).toBe(86_400);
    expect((await postToken(sandbox, { grant_type: 'refresh_token', client_id: sandbox.client.id, refresh_token: 'x' }, sandbox.client.secret)).status).toBe(501);
    // The implicit flow and MAC stay the spec's.
    const implicit = await authorizeInBrowser(new LoginBrowser(), `${sandbox.authUrl}/authorize?${new URLSearchParams({ response_type: 'token', token_type: 'mac', client_id: sandbox.client.id, redirect_uri: CALLBACK })}`, CALLBACK, sandbox.demo);
    expect(implicit.params.get('token_type')).toBe('mac');
  });

  it('a confidential current client: the secret is required, PKCE optional, a refresh token either way', async () => {
    const withoutPkce = await codeFor(sandbox, webClient.id, null);
    expect((await postToken(sandbox, codeForm(webClient.id, withoutPkce, null))).body.error).toBe('invalid_client');
    const answer = await postToken(sandbox, codeForm(webClient.id, withoutPkce, null), webClient.secret);
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toEqual(expect.any(String));
    expect((await postToken(sandbox, { grant_type: 'refresh_token', client_id: webClient.id, refresh_token: String(answer.body.refresh_token) })).body.error).toBe('invalid_client');

    const pkce = pkcePair('plain');
    const withPkce = await codeFor(sandbox, webClient.id, pkce);
    expect((await postToken(sandbox, codeForm(webClient.id, withPkce, pkce.verifier), webClient.secret)).status).toBe(200);
  });

  it('a code issued without a challenge refuses a code_verifier (no PKCE downgrade), and stays usable', async () => {
    const code = await codeFor(sandbox, webClient.id, null);
    const downgraded = await postToken(sandbox, codeForm(webClient.id, code, pkcePair().verifier), webClient.secret);
    expect([downgraded.status, downgraded.body.error]).toEqual([400, 'invalid_grant']);
    expect((await postToken(sandbox, codeForm(webClient.id, code, null), webClient.secret)).status).toBe(200);
  });

  it('refresh tokens of one client are not another’s: invalid_grant, nothing revoked', async () => {
    const code = await codeFor(sandbox, webClient.id, null);
    const tokens = await postToken(sandbox, codeForm(webClient.id, code, null), webClient.secret);
    const stolen = await postToken(sandbox, { grant_type: 'refresh_token', client_id: sandbox.nativeClient.id, refresh_token: String(tokens.body.refresh_token) });
    expect([stolen.status, stolen.body.error]).toEqual([400, 'invalid_grant']);
    expect((await postToken(sandbox, { grant_type: 'refresh_token', client_id: webClient.id, refresh_token: String(tokens.body.refresh_token) }, webClient.secret)).status).toBe(200);
  });

  it('a refresh token past its 30 days is invalid_grant', async () => {
    const code = await codeFor(sandbox, webClient.id, null);
    const tokens = await postToken(sandbox, codeForm(webClient.id, code, null), webClient.secret);
    for (const stored of sandbox.admin.store.data.refreshTokens ?? []) (stored as { expiresAt: number }).expiresAt = Math.floor(Date.now() / 1000) - 1;
    const answer = await postToken(sandbox, { grant_type: 'refresh_token', client_id: webClient.id, refresh_token: String(tokens.body.refresh_token) }, webClient.secret);
    expect([answer.status, answer.body.error, answer.body.error_description]).toEqual([400, 'invalid_grant', expect.stringMatching(/expired/)]);
  });
});

describe('refresh tokens with --state', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-refresh-state-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('outlive a restart, and the file holds neither them nor a plain verifier', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ stateFile });
    const pkce = pkcePair('plain');
    let refreshToken: string;
    try {
      const code = await codeFor(first, first.nativeClient.id, pkce);
      const answer = await postToken(first, codeForm(first.nativeClient.id, code, pkce.verifier));
      refreshToken = String(answer.body.refresh_token);
    } finally {
      await first.close();
    }
    const saved = await readFile(stateFile, 'utf8');
    expect(saved).not.toContain(refreshToken);
    expect(saved).not.toContain(pkce.verifier);

    const second = await startSandbox({ stateFile });
    try {
      const renewed = await postToken(second, { grant_type: 'refresh_token', client_id: second.nativeClient.id, refresh_token: refreshToken });
      expect(renewed.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
