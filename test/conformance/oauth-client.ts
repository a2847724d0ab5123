// Token requests as the spec's token endpoint section describes them: POST {auth_url}/oauth2/token with
// form parameters, the client authenticating with `Authorization: Basic <client secret>`.
import { expect } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { describeResult, request, type AccessToken, type Form, type HttpResult, type MacToken } from './http-client.js';

export function tokenUrl(sandbox: Sandbox): string {
  return `${sandbox.authUrl}/oauth2/token`;
}

export function authorizeUrl(sandbox: Sandbox): string {
  return `${sandbox.authUrl}/oauth2/authorize`;
}

export function basicClientAuth(sandbox: Sandbox): Record<string, string> {
  return { authorization: `Basic ${sandbox.client.secret}` };
}

/** POST to the token endpoint with the client's Basic authentication and these parameters. */
export function tokenRequest(sandbox: Sandbox, form: Form, headers: Record<string, string> = basicClientAuth(sandbox)): Promise<HttpResult> {
  return request('POST', tokenUrl(sandbox), { form, headers });
}

export interface UserCredentials {
  readonly username: string;
  readonly password: string;
}

export interface GrantOptions {
  readonly tokenType?: 'bearer' | 'mac';
  readonly scope?: string;
}

export function passwordGrantForm(sandbox: Sandbox, user: UserCredentials, options: GrantOptions = {}): Record<string, string> {
  return {
    grant_type: 'password',
    client_id: sandbox.client.id,
    client_secret: sandbox.client.secret,
    username: user.username,
    password: user.password,
    device_name: 'Conformance suite',
    ...(options.tokenType ? { token_type: options.tokenType } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
  };
}

/** The JSON object of a successful token response; fails the test otherwise. */
export function tokenResponse(result: HttpResult): Record<string, unknown> {
  expect(result.status, describeResult(result)).toBe(200);
  expect(result.json, describeResult(result)).toBeTypeOf('object');
  return result.json as Record<string, unknown>;
}

export async function bearerToken(sandbox: Sandbox, user: UserCredentials = sandbox.demo, scope?: string): Promise<AccessToken> {
  const body = tokenResponse(await tokenRequest(sandbox, passwordGrantForm(sandbox, user, scope ? { scope } : {})));
  expect(body.access_token, 'access_token').toBeTypeOf('string');
  return { kind: 'bearer', accessToken: body.access_token as string };
}

export async function macToken(sandbox: Sandbox, user: UserCredentials = sandbox.demo, scope?: string): Promise<MacToken> {
  const body = tokenResponse(await tokenRequest(sandbox, passwordGrantForm(sandbox, user, { tokenType: 'mac', ...(scope ? { scope } : {}) })));
  return macTokenFrom(body);
}

export function macTokenFrom(fields: Record<string, unknown>): MacToken {
  expect(fields.token_type).toBe('mac');
  expect(fields.access_token).toBeTypeOf('string');
  expect(fields.mac_key).toBeTypeOf('string');
  const createdAt = Number(fields.created_at);
  expect(Number.isInteger(createdAt), `created_at ${String(fields.created_at)}`).toBe(true);
  return { kind: 'mac', accessToken: fields.access_token as string, macKey: fields.mac_key as string, createdAt };
}

export async function clientToken(sandbox: Sandbox): Promise<AccessToken> {
  const body = tokenResponse(await tokenRequest(sandbox, { grant_type: 'client_credentials', client_id: sandbox.client.id }));
  expect(body.access_token, 'access_token').toBeTypeOf('string');
  return { kind: 'bearer', accessToken: body.access_token as string };
}
