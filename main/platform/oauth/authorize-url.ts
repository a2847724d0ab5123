// The address of the platform's login page (spec part A, "Authorization endpoint"), which an embedded
// window or the browser opens.
import type { Scope } from '../access-token.js';

interface AuthorizeCommon {
  readonly authUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  /** Comes back unchanged with the result; the app checks it to know the answer is to its own request. */
  readonly state: string;
  readonly scopes: readonly Scope[];
  readonly deviceName: string;
  /** PKCE (today's platform): the challenge of the verifier the code will be redeemed with. */
  readonly pkce?: { readonly challenge: string; readonly method: 'S256' };
  /** Where the page is under the auth address: the spec's `/oauth2/authorize` unless told (today's platform: `/authorize`). */
  readonly pagePath?: '/oauth2/authorize' | '/authorize';
}

/** The spec implements MAC tokens for the implicit flow only, so the code flow takes no token type but bearer. */
export type AuthorizeRequest = AuthorizeCommon &
  ({ readonly responseType: 'token'; readonly tokenType: 'mac' | 'bearer' } | { readonly responseType: 'code'; readonly tokenType?: 'bearer' });

export function authorizeUrl(request: AuthorizeRequest): string {
  const parameters: [string, string][] = [
    ['response_type', request.responseType],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['state', request.state],
  ];
  if (request.scopes.length > 0) parameters.push(['scope', request.scopes.join(' ')]);
  if (request.tokenType !== undefined) parameters.push(['token_type', request.tokenType]);
  parameters.push(['device_name', request.deviceName]);
  if (request.pkce !== undefined) parameters.push(['code_challenge', request.pkce.challenge], ['code_challenge_method', request.pkce.method]);
  // encodeURIComponent rather than URLSearchParams: the spec lists scopes URL-encoded, a space as %20, not +.
  const query = parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${request.authUrl.replace(/\/+$/, '')}${request.pagePath ?? '/oauth2/authorize'}?${query}`;
}

