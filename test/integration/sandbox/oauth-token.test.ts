// The sandbox's token endpoint over real HTTP: each grant's parameters and response as the spec's tables
// give them, every row of the token error table, and that the tokens it issues open the REST API
// (checked through authenticate() with requests signed here, from the MAC draft, not by the sandbox's code).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../../sandbox/auth/authenticate.js';
import { forceTokenServerError } from '../../../sandbox/auth/token-endpoint.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';

const CALLBACK = 'http://127.0.0.1:7777/callback';
const HEX40 = /^[0-9a-f]{40}$/;

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

type ClientAuth = 'raw-basic' | 'standard-basic' | 'none';

interface TokenAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

async function postToken(form: Record<string, string>, auth: ClientAuth = 'raw-basic', secret = sandbox.client.secret): Promise<TokenAnswer> {
  const headers: Record<string, string> = {};
  if (auth === 'raw-basic') headers.Authorization = `Basic ${secret}`;
  if (auth === 'standard-basic') headers.Authorization = `Basic ${Buffer.from(`${sandbox.client.id}:${secret}`).toString('base64')}`;
  const response = await fetch(`${sandbox.authUrl}/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(form) });
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

function passwordForm(extra: Record<string, string> = {}): Record<string, string> {
  return { grant_type: 'password', client_id: sandbox.client.id, client_secret: sandbox.client.secret, username: sandbox.demo.username, password: sandbox.demo.password, ...extra };
}

function clientForm(extra: Record<string, string> = {}): Record<string, string> {
  return { grant_type: 'client_credentials', client_id: sandbox.client.id, ...extra };
}

function expectUncacheable(answer: TokenAnswer): void {
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('pragma')).toBe('no-cache');
}

function expectError(answer: TokenAnswer, status: number, error: string): void {
  expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
  expect(answer.body.access_token).toBeUndefined();
  expectUncacheable(answer);
}

function expectBearer(answer: TokenAnswer, expiresIn: number | null = 86_400): void {
  expect(answer.status).toBe(200);
  expectUncacheable(answer);
  const expected: Record<string, unknown> = { access_token: expect.stringMatching(HEX40), token_type: 'bearer' };
  if (expiresIn !== null) expected.expires_in = expiresIn;
  expect(answer.body).toEqual(expected);
}

function expectMac(answer: TokenAnswer, expiresIn: number | null = 86_400): void {
  expect(answer.status).toBe(200);
  expectUncacheable(answer);
  const now = Math.floor(Date.now() / 1000);
  const expected: Record<string, unknown> = {
    access_token: expect.stringMatching(HEX40),
    token_type: 'mac',
    mac_key: expect.stringMatching(HEX40),
    created_at: expect.any(Number),
    mac_algorithm: 'hmac-sha-1',
  };
  if (expiresIn !== null) expected.expires_in = expiresIn;
  expect(answer.body).toEqual(expected);
  expect(Math.abs(Number(answer.body.created_at) - now)).toBeLessThanOrEqual(2);
}

/** A code from the login page, driven as a browser does (GET, read the hidden fields, POST them back). */
async function authorizationCode(extra: Record<string, string> = {}): Promise<string> {
  const query = new URLSearchParams({ response_type: 'code', client_id: sandbox.client.id, redirect_uri: CALLBACK, ...extra });
  const html = await (await fetch(`${sandbox.authUrl}/oauth2/authorize?${query}`)).text();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields.append(name!, value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
  }
  fields.set('username', sandbox.demo.username);
  fields.set('password', sandbox.demo.password);
  fields.set('decision', 'allow');
  const response = await fetch(`${sandbox.authUrl}/oauth2/authorize`, { method: 'POST', body: fields, redirect: 'manual' });
  const code = new URL(response.headers.get('location') ?? 'invalid:').searchParams.get('code');
  if (!code) throw new Error(`The login page did not return a code (status ${response.status}).`);
  return code;
}

function codeForm(code: string, extra: Record<string, string> = {}): Record<string, string> {
  return { grant_type: 'authorization_code', client_id: sandbox.client.id, code, redirect_uri: CALLBACK, ...extra };
}

describe('grant password', () => {
  it('issues a bearer token by default', async () => {
    const answer = await postToken(passwordForm({ device_name: 'Studio PC' }));
    expectBearer(answer);
    const token = sandbox.admin.store.token(String(answer.body.access_token))!;
    expect(token).toMatchObject({ type: 'bearer', userId: '1001', clientId: sandbox.client.id, deviceName: 'Studio PC', scopes: [], revoked: false });
    expect(token.expiresAt! - token.createdAt).toBe(86_400);
  });

  it('issues a MAC token with mac_key, created_at and mac_algorithm', async () => {
    const answer = await postToken(passwordForm({ token_type: 'mac', scope: 'broadcaster' }));
    expectMac(answer);
    expect(answer.body.mac_key).not.toBe(answer.body.access_token);
    expect(sandbox.admin.store.token(String(answer.body.access_token))).toMatchObject({ type: 'mac', scopes: ['broadcaster'] });
    expect(sandbox.admin.store.macKeyFor(String(answer.body.access_token))).toBe(answer.body.mac_key);
  });

  it('leaves expires_in out with scope offline, and the token never expires', async () => {
    const answer = await postToken(passwordForm({ scope: 'offline' }));
    expectBearer(answer, null);
    expect(sandbox.admin.store.token(String(answer.body.access_token))?.expiresAt).toBeNull();
    expectMac(await postToken(passwordForm({ token_type: 'mac', scope: 'offline broadcaster' })), null);
  });

  it('reads the scope as a space-separated URL-encoded list', async () => {
    const answer = await postToken(passwordForm({ token_type: 'mac', scope: 'broadcaster%20offline' }));
    expectMac(answer, null);
    expect(sandbox.admin.store.token(String(answer.body.access_token))?.scopes).toEqual(['offline', 'broadcaster']);
  });

  it('refuses the broadcaster scope for a bearer token, with invalid_scope', async () => {
    const tokensBefore = sandbox.admin.store.data.tokens.length;
    expectError(await postToken(passwordForm({ scope: 'broadcaster' })), 400, 'invalid_scope');
    expectError(await postToken(passwordForm({ scope: 'offline broadcaster', token_type: 'bearer' })), 400, 'invalid_scope');
    expect(sandbox.admin.store.data.tokens.length).toBe(tokensBefore);
  });

  it('refuses an unknown scope with invalid_scope and an unknown token_type with invalid_request', async () => {
    expectError(await postToken(passwordForm({ scope: 'offline everything' })), 400, 'invalid_scope');
    expectError(await postToken(passwordForm({ token_type: 'jwt' })), 400, 'invalid_request');
  });

  it('answers wrong user credentials with invalid_grant', async () => {
    expectError(await postToken(passwordForm({ password: 'wrong' })), 400, 'invalid_grant');
    expectError(await postToken(passwordForm({ username: 'nobody' })), 400, 'invalid_grant');
  });

  it('signs the rival user in as the rival', async () => {
    const answer = await postToken(passwordForm({ username: sandbox.rival.username, password: sandbox.rival.password }));
    expectBearer(answer);
    expect(sandbox.admin.store.token(String(answer.body.access_token))?.userId).toBe('1002');
  });
});

describe('grant client_credentials', () => {
  it('issues a bearer token that stands for the application', async () => {
    const answer = await postToken(clientForm({ device_name: 'Hook server' }));
    expectBearer(answer);
    expect(sandbox.admin.store.token(String(answer.body.access_token))).toMatchObject({ userId: null, clientId: sandbox.client.id, deviceName: 'Hook server' });
  });

  it('issues MAC tokens, offline ones without expires_in', async () => {
    expectMac(await postToken(clientForm({ token_type: 'mac' })));
    expectMac(await postToken(clientForm({ token_type: 'mac', scope: 'offline' })), null);
  });
});

describe('grant authorization_code', () => {
  it('exchanges a code from the login page for a bearer token', async () => {
    const answer = await postToken(codeForm(await authorizationCode({ device_name: 'Laptop' })));
    expectBearer(answer);
    expect(sandbox.admin.store.token(String(answer.body.access_token))).toMatchObject({ type: 'bearer', userId: '1001', deviceName: 'Laptop' });
  });

  it('keeps the scope granted with the code: offline gives no expires_in', async () => {
    expectBearer(await postToken(codeForm(await authorizationCode({ scope: 'offline' }))), null);
  });

  it('issues bearer tokens only, whatever token_type the request names', async () => {
    expectBearer(await postToken(codeForm(await authorizationCode(), { token_type: 'mac' })));
  });

  it('accepts a code once', async () => {
    const code = await authorizationCode();
    expectBearer(await postToken(codeForm(code)));
    const again = await postToken(codeForm(code));
    expectError(again, 400, 'invalid_grant');
    expect(again.body.error_description).toMatch(/already used/);
  });

  it('binds the code to its redirect_uri', async () => {
    const code = await authorizationCode();
    const mismatch = await postToken(codeForm(code, { redirect_uri: `${CALLBACK}/other` }));
    expectError(mismatch, 400, 'invalid_grant');
    expect(mismatch.body.error_description).toMatch(/redirect_uri/);
    // Refused attempts do not use the code up.
    expectBearer(await postToken(codeForm(code)));
  });

  it('binds the code to its client: another client gets invalid_client', async () => {
    const other = { id: randomBytes(20).toString('hex'), secret: randomBytes(20).toString('hex'), name: 'Other app', ownerId: '1002', redirectUriPrefixes: ['http://127.0.0.1'], dialect: 'spec' as const, native: false };
    sandbox.admin.store.data.clients.push(other);
    const code = await authorizationCode();
    const stolen = await postToken(codeForm(code, { client_id: other.id }), 'raw-basic', other.secret);
    expectError(stolen, 400, 'invalid_client');
    expect(stolen.body.error_description).toMatch(/different client/);
    expectBearer(await postToken(codeForm(code)));
  });

  it('answers an unknown code with invalid_grant', async () => {
    expectError(await postToken(codeForm('0'.repeat(40))), 400, 'invalid_grant');
  });

  it('answers an expired code with invalid_grant', async () => {
    const code = await authorizationCode();
    const stored = sandbox.admin.store.code(code)!;
    (stored as { expiresAt: number }).expiresAt = Math.floor(Date.now() / 1000) - 1;
    const expired = await postToken(codeForm(code));
    expectError(expired, 400, 'invalid_grant');
    expect(expired.body.error_description).toMatch(/expired/);
  });
});

describe('client authentication', () => {
  it('accepts the raw secret as Basic credentials, as the spec shows', async () => {
    expectBearer(await postToken(clientForm(), 'raw-basic'));
  });

  it('accepts standard Basic credentials, base64 of client_id:client_secret', async () => {
    expectBearer(await postToken(clientForm(), 'standard-basic'));
  });

  it('accepts the secret in the body', async () => {
    expectBearer(await postToken(clientForm({ client_secret: sandbox.client.secret }), 'none'));
    expectBearer(await postToken(passwordForm(), 'none'));
  });
});

describe('the token error table', () => {
  it('invalid_request 400: a required parameter is missing, for each grant', async () => {
    const required: Record<string, Record<string, string>> = {
      authorization_code: { grant_type: 'authorization_code', client_id: sandbox.client.id, code: '0'.repeat(40), redirect_uri: CALLBACK },
      password: passwordForm(),
      client_credentials: clientForm(),
    };
    for (const [grant, form] of Object.entries(required)) {
      for (const name of Object.keys(form)) {
        const { [name]: _dropped, ...rest } = form;
        const answer = await postToken(rest);
        expectError(answer, 400, 'invalid_request');
        expect(answer.body.error_description, `${grant} without ${name}`).toContain(name);
      }
    }
  });

  it('invalid_request 400: an empty parameter counts as missing, a repeated one and a non-form body are refused', async () => {
    expectError(await postToken(passwordForm({ username: '' })), 400, 'invalid_request');
    const repeated = new URLSearchParams(clientForm());
    repeated.append('client_id', sandbox.client.id);
    const response = await fetch(`${sandbox.authUrl}/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${sandbox.client.secret}` }, body: repeated });
    expectError({ status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }, 400, 'invalid_request');
    const json = await fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${sandbox.client.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(clientForm()),
    });
    expectError({ status: json.status, headers: json.headers, body: (await json.json()) as Record<string, unknown> }, 400, 'invalid_request');
  });

  it('unsupported_grant_type 501: a grant type other than the three', async () => {
    expectError(await postToken({ grant_type: 'refresh_token', client_id: sandbox.client.id, refresh_token: 'x' }), 501, 'unsupported_grant_type');
    expectError(await postToken({ grant_type: 'implicit', client_id: sandbox.client.id }), 501, 'unsupported_grant_type');
  });

  it('invalid_grant 400: the code does not exist or has expired (cases above), or the user credentials are wrong', async () => {
    expectError(await postToken(codeForm('f'.repeat(40))), 400, 'invalid_grant');
    expectError(await postToken(passwordForm({ password: 'broadcast!' })), 400, 'invalid_grant');
  });

  it('invalid_client 400: client missing, secret wrong', async () => {
    expectError(await postToken(clientForm({ client_id: 'a'.repeat(40) })), 400, 'invalid_client');
    expectError(await postToken(clientForm(), 'none'), 400, 'invalid_client');
    expectError(await postToken(clientForm(), 'raw-basic', 'b'.repeat(40)), 400, 'invalid_client');
    expectError(await postToken(clientForm(), 'standard-basic', 'b'.repeat(40)), 400, 'invalid_client');
    expectError(await postToken(clientForm({ client_secret: 'b'.repeat(40) }), 'none'), 400, 'invalid_client');
    // Every secret presented must be right: a right header does not cover a wrong body secret.
    expectError(await postToken(passwordForm({ client_secret: 'b'.repeat(40) })), 400, 'invalid_client');
    const bearerHeader = await fetch(`${sandbox.authUrl}/oauth2/token`, { method: 'POST', headers: { Authorization: `Bearer ${sandbox.client.secret}` }, body: new URLSearchParams(clientForm()) });
    expectError({ status: bearerHeader.status, headers: bearerHeader.headers, body: (await bearerHeader.json()) as Record<string, unknown> }, 400, 'invalid_client');
  });

  it('invalid_client 400: the code was requested by a different client (case above)', async () => {
    const other = { id: randomBytes(20).toString('hex'), secret: randomBytes(20).toString('hex'), name: 'Third app', ownerId: '1002', redirectUriPrefixes: ['http://127.0.0.1'], dialect: 'spec' as const, native: false };
    sandbox.admin.store.data.clients.push(other);
    expectError(await postToken(codeForm(await authorizationCode(), { client_id: other.id }), 'raw-basic', other.secret), 400, 'invalid_client');
  });

  it('server_error 503 while the sandbox admin switch forces it', async () => {
    forceTokenServerError(sandbox.admin.store, true);
    try {
      const answer = await postToken(passwordForm());
      expectError(answer, 503, 'server_error');
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      forceTokenServerError(sandbox.admin.store, false);
    }
    expectBearer(await postToken(passwordForm()));
  });
});

describe('issued tokens on the REST API (authenticate)', () => {
  const API = new URL('http://127.0.0.1:8080');

  function check(authorization: string, method: string, target: string, body = Buffer.alloc(0)) {
    return authenticate(sandbox.admin.store, {
      headers: { authorization, host: API.host },
      method,
      requestUri: target,
      body,
      defaultHost: API.hostname,
      defaultPort: Number(API.port),
    });
  }

  /** draft-ietf-oauth-v2-http-mac-01, written out here: nonce "<age>:<random>", bodyhash, then HMAC-SHA1 over the normalized string. */
  function macHeader(token: Record<string, unknown>, method: string, target: string, body?: Buffer): string {
    const age = Math.floor(Date.now() / 1000) - Number(token.created_at);
    const nonce = `${age}:${randomBytes(6).toString('hex')}`;
    const bodyhash = body ? createHash('sha1').update(body).digest('base64') : '';
    const normalized = `${nonce}\n${method}\n${target}\n${API.hostname}\n${API.port}\n${bodyhash}\n\n`;
    const mac = createHmac('sha1', String(token.mac_key)).update(normalized).digest('base64');
    return `MAC id="${String(token.access_token)}", nonce="${nonce}", ${body ? `bodyhash="${bodyhash}", ` : ''}mac="${mac}"`;
  }

  it('accepts an issued bearer token as the user', async () => {
    const token = (await postToken(passwordForm())).body;
    const result = check(`Bearer ${String(token.access_token)}`, 'GET', '/users/self.json');
    expect(result.problem).toBeNull();
    expect(result.principal).toMatchObject({ kind: 'user', account: { username: 'demo' } });
  });

  it('accepts requests signed with an issued MAC token, with a query and with a body', async () => {
    const token = (await postToken(passwordForm({ token_type: 'mac', scope: 'broadcaster' }))).body;
    const target = '/users/self/channels.json?detail_level=broadcaster';
    const get = check(macHeader(token, 'GET', target), 'GET', target);
    expect(get.problem).toBeNull();
    expect(get.principal).toMatchObject({ kind: 'user', account: { username: 'demo' } });

    const body = Buffer.from('title=Caf%C3%A9+night&description=Late+show');
    const post = check(macHeader(token, 'POST', '/users/self/channels.json', body), 'POST', '/users/self/channels.json', body);
    expect(post.problem).toBeNull();
    expect(post.principal?.kind).toBe('user');
  });

  it('accepts a client-credentials token as the application', async () => {
    const token = (await postToken(clientForm())).body;
    const result = check(`Bearer ${String(token.access_token)}`, 'GET', '/users/self/hooks.json');
    expect(result.principal).toMatchObject({ kind: 'client', client: { id: sandbox.client.id }, account: { id: '1001' } });
  });

  it('refuses revoked and expired tokens, saying which', async () => {
    const revoked = (await postToken(passwordForm())).body;
    expect(sandbox.admin.revokeToken(String(revoked.access_token))).toBe(true);
    const revokedResult = check(`Bearer ${String(revoked.access_token)}`, 'GET', '/users/self.json');
    expect(revokedResult.principal).toBeNull();
    expect(revokedResult.problem).toMatch(/revoked/);

    const expired = (await postToken(passwordForm({ token_type: 'mac' }))).body;
    expect(sandbox.admin.expireToken(String(expired.access_token))).toBe(true);
    const expiredResult = check(macHeader(expired, 'GET', '/users/self.json'), 'GET', '/users/self.json');
    expect(expiredResult.principal).toBeNull();
    expect(expiredResult.problem).toMatch(/expired/);
  });

  it('refuses a MAC token sent as a bearer token, and a badly signed request', async () => {
    const token = (await postToken(passwordForm({ token_type: 'mac' }))).body;
    expect(check(`Bearer ${String(token.access_token)}`, 'GET', '/users/self.json').problem).toMatch(/MAC token/);
    const header = macHeader(token, 'GET', '/users/self.json');
    expect(check(header, 'GET', '/users/other.json').problem).toMatch(/signature/);
  });
});
