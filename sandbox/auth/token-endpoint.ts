// POST {auth_url}/oauth2/token: the authorization_code, password and client_credentials grants with the
// spec's parameter tables, client authentication by the client secret, and the error values and
// statuses of the spec's token error table. Every answer, success or error, is marked uncacheable,
// since both can carry or concern credentials (RFC 6749 §5.1).
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import { ok, type Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Handler } from '../http/router.js';
import type { Client } from '../state/model.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { checkScopesForType, issueToken, parseScopes, parseTokenType, redeemCode, resourceOwner, tokenFields } from './token-issuer.js';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** The REQUIRED rows of each grant's parameter table (grant_type aside). */
const REQUIRED_PARAMETERS = {
  authorization_code: ['client_id', 'code', 'redirect_uri'],
  password: ['client_id', 'client_secret', 'username', 'password'],
  client_credentials: ['client_id'],
} as const;
type GrantType = keyof typeof REQUIRED_PARAMETERS;

const KNOWN_PARAMETERS = ['grant_type', 'client_id', 'client_secret', 'code', 'redirect_uri', 'username', 'password', 'device_name', 'token_type', 'scope'];

const forcedServerError = new WeakSet<SandboxStore>();

/** While on, the token endpoint answers 503 server_error, so a client's "retry later" path can be tested. */
export function forceTokenServerError(store: SandboxStore, on: boolean): void {
  if (on) forcedServerError.add(store);
  else forcedServerError.delete(store);
}

export function tokenEndpoint(store: SandboxStore): Handler {
  return (context) => {
    try {
      return grant(store, context);
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.status, error.error, error.description, { ...error.headers, ...NO_STORE });
      throw error;
    }
  };
}

function grant(store: SandboxStore, context: RequestContext): Reply {
  if (forcedServerError.has(store)) {
    throw new ApiError(503, 'server_error', 'The token endpoint cannot handle requests right now (switched on by the sandbox admin); retry later.', { 'Retry-After': '1' });
  }
  const form = readForm(context);
  const parameter = parameterReader(form);
  const grantType = parameter('grant_type');
  if (grantType === null) throw invalidRequest('The parameter grant_type is required.');
  if (!isGrantType(grantType)) {
    throw new ApiError(501, 'unsupported_grant_type', `The grant type ${JSON.stringify(grantType)} is not supported: use authorization_code, password or client_credentials.`);
  }
  const missing = REQUIRED_PARAMETERS[grantType].filter((name) => parameter(name) === null);
  if (missing.length > 0) throw invalidRequest(`The ${grantType} grant requires ${missing.join(', ')}.`);
  const client = authenticateClient(store, context.headers.authorization, parameter('client_id')!, parameter('client_secret'));
  const deviceName = parameter('device_name');

  if (grantType === 'authorization_code') {
    // The spec's authorization_code grant issues bearer tokens only; token_type and scope are not among its
    // parameters and are ignored (RFC 6749 §3.2), the scopes being those the user granted with the code.
    const code = redeemCode(store, { code: parameter('code')!, clientId: client.id, redirectUri: parameter('redirect_uri')! });
    const token = issueToken(store, { clientId: client.id, userId: code.userId, type: 'bearer', scopes: code.scopes, deviceName: code.deviceName });
    return ok(tokenFields(token), 200, NO_STORE);
  }

  const type = parseTokenType(parameter('token_type'));
  const scopes = parseScopes(parameter('scope'));
  checkScopesForType(type, scopes);
  let userId: string | null = null;
  if (grantType === 'password') {
    // Wrong resource-owner credentials are an invalid grant (RFC 6749 §5.2 names "resource owner
    // credentials" under invalid_grant); the spec's table has no row of its own for them.
    const account = resourceOwner(store, parameter('username')!, parameter('password')!);
    if (!account) throw new ApiError(400, 'invalid_grant', 'The user name or password is wrong.');
    userId = account.id;
  }
  const token = issueToken(store, { clientId: client.id, userId, type, scopes, deviceName });
  return ok(tokenFields(token), 200, NO_STORE);
}

/** The spec sends parameters form-encoded; any other body is a malformed request. */
function readForm(context: RequestContext): URLSearchParams {
  try {
    return context.form();
  } catch (error) {
    if (error instanceof ApiError) throw invalidRequest(error.description);
    throw error;
  }
}

/** Reads one parameter; an empty value counts as absent and a repeated one is refused (RFC 6749 §3.2). */
function parameterReader(form: URLSearchParams): (name: string) => string | null {
  const repeated = KNOWN_PARAMETERS.filter((name) => form.getAll(name).length > 1);
  if (repeated.length > 0) throw invalidRequest(`Each parameter may be sent once; repeated: ${repeated.join(', ')}.`);
  return (name) => {
    const value = form.get(name);
    return value === null || value === '' ? null : value;
  };
}

function isGrantType(value: string): value is GrantType {
  return Object.hasOwn(REQUIRED_PARAMETERS, value);
}

/**
 * The client is authenticated by its secret: `Authorization: Basic <client_secret>` as the spec shows, the
 * standard `Basic base64(client_id:client_secret)`, or `client_secret` in the body. Every secret presented
 * must be right. Failures are `invalid_client` with status 400, as the spec's table says (not RFC 6749's 401).
 */
function authenticateClient(store: SandboxStore, authorization: string | undefined, clientId: string, bodySecret: string | null): Client {
  const client = store.client(clientId);
  if (!client) throw invalidClient('The client_id is not a registered client.');
  const secrets = bodySecret === null ? [] : [bodySecret];
  if (authorization !== undefined) secrets.push(basicSecret(authorization, client));
  if (secrets.length === 0) throw invalidClient('The client did not authenticate: send "Authorization: Basic <client_secret>".');
  if (!secrets.every((secret) => sameSecret(secret, client.secret))) throw invalidClient('The client secret is wrong.');
  return client;
}

function basicSecret(authorization: string, client: Client): string {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw invalidClient('The Authorization header must be "Basic <client_secret>".');
  const credential = match[1]!;
  // The raw secret is tried first: 40 hex characters are also valid base64 and may decode to text with a colon.
  if (sameSecret(credential, client.secret)) return credential;
  const pair = standardBasicPair(credential);
  return pair !== null && pair.id === client.id ? pair.secret : credential;
}

/** RFC 6749 §2.3.1: base64 of `client_id:client_secret`, each form-encoded first. */
function standardBasicPair(credential: string): { id: string; secret: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return null;
  const text = Buffer.from(credential, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const decode = (part: string): string => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}

function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function invalidRequest(description: string): ApiError {
  return new ApiError(400, 'invalid_request', description);
}

function invalidClient(description: string): ApiError {
  return new ApiError(400, 'invalid_client', description);
}
