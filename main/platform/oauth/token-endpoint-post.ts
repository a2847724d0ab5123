// One form POST to the authorization server's token endpoints (the token endpoint and, on today's platform,
// its revocation endpoint): the client's Basic authentication when it has a secret, a 503 retried with
// backoff (it issued nothing), redirects never followed, and an unreachable server worded.
import { encodeParameters } from '../request-encoding.js';
import { fetchWithRetries, unreachable, type Fetched, type Transport } from '../retrying-fetch.js';
import type { TokenEndpointOptions } from './token-grants.js';

export interface TokenEndpointPost {
  /** How errors name the endpoint. */
  readonly endpoint: string;
  /** Under the token address: `/oauth2/token` or `/oauth2/token/revoke`. */
  readonly path: string;
  readonly form: Readonly<Record<string, string | undefined>>;
  /** Safe only where asking twice cannot grant twice (a revocation; not a grant, which may spend a code). */
  readonly retryOnNetworkError: boolean;
}

export async function postToTokenEndpoint(client: TokenEndpointOptions, transport: Transport, post: TokenEndpointPost): Promise<Fetched> {
  const url = `${client.tokenUrl.replace(/\/+$/, '')}${post.path}`;
  const body = encodeParameters(post.form);
  const authorization: Record<string, string> = client.clientSecret === null ? {} : { Authorization: `Basic ${client.clientSecret}` };
  try {
    return await fetchWithRetries(transport, {
      url,
      init: () => ({
        method: 'POST',
        headers: { ...authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body,
        redirect: 'manual',
      }),
      method: 'POST',
      logPath: new URL(url).pathname,
      retryOnServiceUnavailable: true,
      retryOnNetworkError: post.retryOnNetworkError,
    });
  } catch (error) {
    throw unreachable(post.endpoint, url, error, transport.timeoutMs);
  }
}
