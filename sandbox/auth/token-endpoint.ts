// POST {auth_url}/oauth2/token: the authorization_code, password and client_credentials grants with the
// spec's parameter tables, client authentication by the client secret, and the error values and
// statuses of the spec's token error table. Every answer, success or error, is marked uncacheable,
// since both can carry or concern credentials (RFC 6749 §5.1). A client of today's platform (its
// client_id's dialect is `current`) gets that platform's grants instead (current-grants.ts).
import { ApiError } from '../http/api-error.js';
import { ok, type Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Handler } from '../http/router.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { authenticateClient, invalidClient } from './client-authentication.js';
import { currentGrant, isCurrentGrantType } from './current-grants.js';
import { checkScopesForType, issueToken, parseScopes, parseTokenType, redeemCode, resourceOwner, tokenFields } from './token-issuer.js';

export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** The REQUIRED rows of each grant's parameter table (grant_type aside). */
const REQUIRED_PARAMETERS = {
  authorization_code: ['client_id', 'code', 'redirect_uri'],
  password: ['client_id', 'client_secret', 'username', 'password'],
  client_credentials: ['client_id'],
} as const;
type GrantType = keyof typeof REQUIRED_PARAMETERS;

const KNOWN_PARAMETERS = ['grant_type', 'client_id', 'client_secret', 'code', 'redirect_uri', 'username', 'password', 'device_name', 'token_type', 'scope', 'code_verifier', 'refresh_token'];

const forcedServerError = new WeakSet<SandboxStore>();

/**
 * While on, the token endpoint (and the revocation endpoint) answers 503 server_error, so a client's "retry
 * later" path, and its sign-out when revocation fails, can be tested.
 */
export function forceTokenServerError(store: SandboxStore, on: boolean): void {
  if (on) forcedServerError.add(store);
  else forcedServerError.delete(store);
}

export function tokenServerErrorForced(store: SandboxStore): boolean {
  return forcedServerError.has(store);
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
  const parameter = parameterReader(readForm(context), KNOWN_PARAMETERS);
  const grantType = parameter('grant_type');
  if (grantType === null) throw invalidRequest('The parameter grant_type is required.');
  // The client_id names the dialect; an unknown or missing one goes the spec's way, which refuses it there.
  const named = parameter('client_id');
  const namedClient = named === null ? undefined : store.client(named);
  if (namedClient?.dialect === 'current') return currentGrant(store, context, grantType, parameter, NO_STORE);
  if (!isGrantType(grantType)) {
    // A grant of today's platform from a client_id no dialect knows: the client is what is wrong, not the grant.
    if (named !== null && !namedClient && isCurrentGrantType(grantType)) throw invalidClient('The client_id is not a registered client.');
    throw new ApiError(501, 'unsupported_grant_type', `The grant type ${JSON.stringify(grantType)} is not supported: use authorization_code, password or client_credentials.`);
  }
  const missing = REQUIRED_PARAMETERS[grantType].filter((name) => parameter(name) === null);
  if (missing.length > 0) throw invalidRequest(`The ${grantType} grant requires ${missing.join(', ')}.`);
  const client = authenticateClient(store, { clientId: parameter('client_id')!, authorization: context.headers.authorization, bodySecret: parameter('client_secret'), publicAllowed: false });
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
export function readForm(context: RequestContext): URLSearchParams {
  try {
    return context.form();
  } catch (error) {
    if (error instanceof ApiError) throw invalidRequest(error.description);
    throw error;
  }
}

/** Reads one parameter; an empty value counts as absent and a repeated one is refused (RFC 6749 §3.2). */
export function parameterReader(form: URLSearchParams, known: readonly string[]): (name: string) => string | null {
  const repeated = known.filter((name) => form.getAll(name).length > 1);
  if (repeated.length > 0) throw invalidRequest(`Each parameter may be sent once; repeated: ${repeated.join(', ')}.`);
  return (name) => {
    const value = form.get(name);
    return value === null || value === '' ? null : value;
  };
}

function isGrantType(value: string): value is GrantType {
  return Object.hasOwn(REQUIRED_PARAMETERS, value);
}

export function invalidRequest(description: string): ApiError {
  return new ApiError(400, 'invalid_request', description);
}

