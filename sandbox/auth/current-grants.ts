// The token endpoint for clients of today's platform (docs/platform-api/current.md, "Sign-in"): the
// authorization_code grant with PKCE, the refresh_token grant that rotates, client_credentials; bearer tokens
// of a day, a refresh token with every user token, an id_token with scope openid. The spec's clients never
// come here (token-endpoint.ts picks by the client_id's dialect).
import { ApiError } from '../http/api-error.js';
import { ok, type Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Client, Scope } from '../state/model.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { authenticateClient } from './client-authentication.js';
import { idToken } from './id-token.js';
import { verifierProblem } from './pkce.js';
import { issueRefreshToken, newFamilyId, useRefreshToken } from './refresh-tokens.js';
import { issueToken, parseScopes, parseTokenType, redeemCode, tokenFields, type IssuedToken } from './token-issuer.js';

/** The REQUIRED parameters of each grant today (grant_type aside). */
const REQUIRED_PARAMETERS = {
  authorization_code: ['client_id', 'code', 'redirect_uri'],
  client_credentials: ['client_id'],
  refresh_token: ['client_id', 'refresh_token'],
} as const;
type CurrentGrantType = keyof typeof REQUIRED_PARAMETERS;

export type ParameterReader = (name: string) => string | null;

export function isCurrentGrantType(grantType: string): grantType is CurrentGrantType {
  return Object.hasOwn(REQUIRED_PARAMETERS, grantType);
}

export function currentGrant(store: SandboxStore, context: RequestContext, grantType: string, parameter: ParameterReader, noStore: Record<string, string>): Reply {
  if (!isCurrentGrantType(grantType)) {
    throw new ApiError(501, 'unsupported_grant_type', `The grant type ${JSON.stringify(grantType)} is not supported: use authorization_code (with PKCE), refresh_token or client_credentials.`);
  }
  const grant = grantType;
  const missing = REQUIRED_PARAMETERS[grant].filter((name) => parameter(name) === null);
  if (missing.length > 0) throw invalidRequest(`The ${grant} grant requires ${missing.join(', ')}.`);
  // Only bearer tokens today: a client asking for MAC learns it here rather than from a token it cannot use.
  if (parseTokenType(parameter('token_type')) !== 'bearer') throw invalidRequest('The platform issues bearer tokens only: leave token_type out or send bearer.');
  const client = authenticateClient(store, {
    clientId: parameter('client_id')!,
    authorization: context.headers.authorization,
    bodySecret: parameter('client_secret'),
    publicAllowed: grant !== 'client_credentials',
  });
  const issuer = context.urls.authUrl;

  if (grant === 'client_credentials') {
    // RFC 6749 §4.4.3: no refresh token, the application can ask again with its secret; and no user, so
    // openid (who signed in) has nothing to say and is dropped.
    const scopes = parseScopes(parameter('scope'), 'current').filter((scope) => scope !== 'openid');
    const token = issueToken(store, { clientId: client.id, userId: null, type: 'bearer', scopes, deviceName: parameter('device_name') });
    return ok(tokenFields(token), 200, noStore);
  }

  if (grant === 'authorization_code') {
    const verifier = parameter('code_verifier');
    const problem = verifier === null ? null : verifierProblem(verifier);
    if (problem !== null) throw invalidRequest(problem);
    const code = redeemCode(store, { code: parameter('code')!, clientId: client.id, redirectUri: parameter('redirect_uri')!, verifier });
    const familyId = newFamilyId();
    code.familyId = familyId;
    store.changed();
    return userTokens(store, { client, userId: code.userId, scopes: code.scopes, deviceName: code.deviceName, familyId, issuer }, noStore);
  }

  const used = useRefreshToken(store, parameter('refresh_token')!, client.id);
  // RFC 6749 §6: a narrower scope may be asked for the new access token; the family keeps what was granted.
  const asked = parameter('scope');
  const scopes = asked === null ? used.scopes : parseScopes(asked, 'current');
  const wider = scopes.filter((scope) => !used.scopes.includes(scope));
  if (wider.length > 0) throw new ApiError(400, 'invalid_scope', `The scope ${wider.join(', ')} was not granted at sign-in; a refresh can only keep or narrow it.`);
  return userTokens(store, { client, userId: used.userId, scopes, familyScopes: used.scopes, deviceName: used.deviceName, familyId: used.familyId, issuer }, noStore);
}

interface UserGrant {
  readonly client: Client;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  /** The scopes the family keeps for later refreshes, when the access token's are narrower. */
  readonly familyScopes?: readonly Scope[];
  readonly deviceName: string | null;
  readonly familyId: string;
  readonly issuer: string;
}

/** A bearer token of a day, the family's next refresh token, and an id_token with openid. */
function userTokens(store: SandboxStore, grant: UserGrant, noStore: Record<string, string>): Reply {
  const account = store.account(grant.userId);
  if (!account) throw new ApiError(400, 'invalid_grant', 'The user of this sign-in no longer exists.');
  const access: IssuedToken = issueToken(store, { clientId: grant.client.id, userId: account.id, type: 'bearer', scopes: grant.scopes, deviceName: grant.deviceName, familyId: grant.familyId });
  const refreshToken = issueRefreshToken(store, { familyId: grant.familyId, clientId: grant.client.id, userId: account.id, scopes: grant.familyScopes ?? grant.scopes, deviceName: grant.deviceName });
  const fields: Record<string, string | number> = { ...tokenFields(access), refresh_token: refreshToken };
  if (grant.scopes.length > 0) fields.scope = grant.scopes.join(' ');
  if (grant.scopes.includes('openid')) {
    fields.id_token = idToken({ issuer: grant.issuer, client: grant.client, account, issuedAt: access.token.createdAt, lifetimeSeconds: access.token.expiresAt! - access.token.createdAt });
  }
  return ok(fields, 200, noStore);
}

function invalidRequest(description: string): ApiError {
  return new ApiError(400, 'invalid_request', description);
}
