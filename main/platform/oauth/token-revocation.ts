// Today's platform's revocation endpoint (docs/platform-api/current.md, "revocation"; RFC 7009):
// POST {token_url}/oauth2/token/revoke with the token (access or refresh) and the client id, the client secret
// by Basic auth when the app has one. After it the platform refuses the token: signing out means it.
import { errorBody, readableExcerpt, withoutSecrets } from '../error-body.js';
import { PlatformError } from '../platform-error.js';
import { resolveTransport } from '../retrying-fetch.js';
import { postToTokenEndpoint } from './token-endpoint-post.js';
import type { TokenEndpointOptions } from './token-grants.js';

export const REVOCATION_ENDPOINT = 'POST {token_url}/oauth2/token/revoke';

export interface Revocation extends TokenEndpointOptions {
  readonly token: string;
  readonly tokenTypeHint?: 'access_token' | 'refresh_token';
}

/** Resolves once the platform said the token is revoked (an unknown token counts: RFC 7009 §2.2). */
export async function revokeToken(revocation: Revocation): Promise<void> {
  const transport = resolveTransport(revocation);
  const form = { token: revocation.token, token_type_hint: revocation.tokenTypeHint, client_id: revocation.clientId };
  // Revoking twice is harmless: a lost answer may be asked again.
  const fetched = await postToTokenEndpoint(revocation, transport, { endpoint: REVOCATION_ENDPOINT, path: '/oauth2/token/revoke', form, retryOnNetworkError: true });
  if (fetched.status >= 200 && fetched.status < 300) return;
  const { error, description } = errorBody(fetched.text);
  const secrets = [revocation.token, ...(revocation.clientSecret === null ? [] : [revocation.clientSecret])];
  const said = readableExcerpt(withoutSecrets([error, description].filter((part) => part !== null).join(': '), secrets));
  throw new PlatformError(fetched.status, error, REVOCATION_ENDPOINT, `The platform did not revoke the sign-in (${fetched.status}${said === '' ? '' : ` ${said}`}).`);
}
