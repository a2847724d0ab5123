// POST {auth_url}/oauth2/token/revoke: today's platform's token revocation (RFC 7009). Form `token` (an access
// token or a refresh token; `token_type_hint` is read as a hint only, both kinds are looked up) and
// `client_id`, the client secret by Basic authentication (a native client may leave it out). A refresh token
// takes its whole sign-in with it, the access tokens issued from it included; an access token goes alone,
// so a client can drop one token and keep its session. An unknown, expired or already revoked token answers
// 200 as well (RFC 7009 §2.2): the client's goal, that the token no longer works, holds. The spec's clients
// may use it too: revoking is the same act in both dialects.
import { ApiError } from '../http/api-error.js';
import { empty, type Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Handler } from '../http/router.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { authenticateClient } from './client-authentication.js';
import { findRefreshToken, revokeFamily } from './refresh-tokens.js';
import { invalidRequest, NO_STORE, parameterReader, readForm, tokenServerErrorForced } from './token-endpoint.js';

const KNOWN_PARAMETERS = ['token', 'token_type_hint', 'client_id', 'client_secret'];

export function revocationEndpoint(store: SandboxStore): Handler {
  return (context) => {
    try {
      return revoke(store, context);
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.status, error.error, error.description, { ...error.headers, ...NO_STORE });
      throw error;
    }
  };
}

function revoke(store: SandboxStore, context: RequestContext): Reply {
  if (tokenServerErrorForced(store)) {
    throw new ApiError(503, 'server_error', 'The revocation endpoint cannot handle requests right now (switched on by the sandbox admin); retry later.', { 'Retry-After': '1' });
  }
  const parameter = parameterReader(readForm(context), KNOWN_PARAMETERS);
  const clientId = parameter('client_id');
  if (clientId === null) throw invalidRequest('The parameter client_id is required.');
  const client = authenticateClient(store, { clientId, authorization: context.headers.authorization, bodySecret: parameter('client_secret'), publicAllowed: true });
  const presented = parameter('token');
  if (presented === null) throw invalidRequest('The parameter token is required: the access token or refresh token to revoke.');

  const refresh = findRefreshToken(store, presented);
  const access = refresh ? undefined : store.token(presented);
  const owner = refresh?.clientId ?? access?.clientId;
  // RFC 7009 §2.1: a client may revoke only its own tokens; telling it so reveals nothing it does not hold.
  if (owner !== undefined && owner !== client.id) throw new ApiError(400, 'unauthorized_client', 'The token was issued to a different client: a client may revoke only its own tokens.');
  if (refresh) revokeFamily(store, refresh.familyId);
  else if (access && !access.revoked) {
    access.revoked = true;
    store.changed();
  }
  return empty(200, NO_STORE);
}
