// Today's platform's revocation endpoint (docs/platform-api/current.md, "revocation"; RFC 7009):
// POST {token_url}/oauth2/token/revoke with the token (access or refresh) and the client id, the client secret
// by Basic auth when the app has one. After it the platform refuses the token: signing out means it.
import { errorBody, readableExcerpt, withoutSecrets } from '../error-body.js';
import { PlatformError } from '../platform-error.js';
import { encodeParameters } from '../request-encoding.js';
import { fetchWithRetries, resolveTransport, unreachable, type Fetched } from '../retrying-fetch.js';
import { clientAuthorization, tokenEndpointUrl, type TokenEndpointOptions } from './token-grants.js';

export const REVOCATION_ENDPOINT = 'POST {token_url}/oauth2/token/revoke';

export interface Revocation extends TokenEndpointOptions {
  readonly token: string;
  readonly tokenTypeHint?: 'access_token' | 'refresh_token';
}

/** Resolves once the platform said the token is revoked (an unknown token counts: RFC 7009 §2.2). */
export async function revokeToken(revocation: Revocation): Promise<void> {
  const transport = resolveTransport(revocation);
  const url = `${tokenEndpointUrl(revocation.tokenUrl)}/revoke`;
  const body = encodeParameters({ token: revocation.token, token_type_hint: revocation.tokenTypeHint, client_id: revocation.clientId });
  let fetched: Fetched;
  try {
    fetched = await fetchWithRetries(transport, {
      url,
      init: () => ({
        method: 'POST',
        headers: { ...clientAuthorization(revocation.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body,
        redirect: 'manual',
      }),
      method: 'POST',
      logPath: new URL(url).pathname,
      // Revoking twice is harmless: a lost answer may be asked again.
      retryOnServiceUnavailable: true,
      retryOnNetworkError: true,
    });
  } catch (error) {
    throw unreachable(REVOCATION_ENDPOINT, url, error, transport.timeoutMs);
  }
  if (fetched.status >= 200 && fetched.status < 300) return;
  const { error, description } = errorBody(fetched.text);
  const secrets = [revocation.token, ...(revocation.clientSecret === null ? [] : [revocation.clientSecret])];
  const said = readableExcerpt(withoutSecrets([error, description].filter((part) => part !== null).join(': '), secrets));
  throw new PlatformError(fetched.status, error, REVOCATION_ENDPOINT, `The platform did not revoke the sign-in (${fetched.status}${said === '' ? '' : ` ${said}`}).`);
}
