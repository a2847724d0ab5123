// The token endpoint's grants (spec part A, "Token endpoint"; today's platform adds PKCE and the refresh grant,
// docs/platform-api/current.md): POST {token_url}/oauth2/token, the client authenticating with
// `Authorization: Basic <client_secret>` (the raw secret, as the spec shows; DESIGN.md), or not at all where a
// native app of today's platform has no secret to send (the code with its PKCE verifier, and the refresh grant).
// A 503 server_error is retried with backoff: it issued nothing, so asking again cannot mint a second
// token. A network failure is not retried, since the first request may have been granted (and an
// authorization code spent).
import type { AccessToken, Scope } from '../access-token.js';
import { errorBody, readableExcerpt, withoutSecrets } from '../error-body.js';
import { malformedResponse } from '../malformed-response.js';
import { PlatformError } from '../platform-error.js';
import { resolveTransport, type Fetched, type TransportOptions } from '../retrying-fetch.js';
import { postToTokenEndpoint } from './token-endpoint-post.js';
import { tokenFromFields } from './token-fields.js';

export const TOKEN_ENDPOINT = 'POST {auth_url}/oauth2/token';

export interface TokenEndpointOptions extends TransportOptions {
  /** Where `/oauth2/token` is: the auth server's address, unless the platform keeps its token endpoint elsewhere. */
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Null for a native app of today's platform, which ships none. */
  readonly clientSecret: string | null;
}

/** The grants a secret-less client cannot ask for (the spec's password and client-credentials grants). */
export interface ConfidentialClient extends TokenEndpointOptions {
  readonly clientSecret: string;
}

export interface PasswordGrant extends ConfidentialClient {
  readonly username: string;
  readonly password: string;
  readonly tokenType: 'mac' | 'bearer';
  readonly scopes: readonly Scope[];
  readonly deviceName?: string;
}

export interface ClientCredentialsGrant extends ConfidentialClient {
  /** Bearer, the platform's default, when absent. */
  readonly tokenType?: 'mac' | 'bearer';
  readonly scopes?: readonly Scope[];
  readonly deviceName?: string;
}

export interface AuthorizationCodeGrant extends TokenEndpointOptions {
  readonly code: string;
  /** The redirect URI the code was asked for with. */
  readonly redirectUri: string;
  /** The scopes the code was asked for with: the answer does not repeat them. */
  readonly scopes: readonly Scope[];
  /** The PKCE verifier whose challenge went to the login page. */
  readonly codeVerifier?: string;
}

export interface RefreshGrant extends TokenEndpointOptions {
  readonly refreshToken: string;
  /** The scopes of the token being replaced: the answer does not repeat them. */
  readonly scopes: readonly Scope[];
}

type Grant = 'password' | 'client_credentials' | 'authorization_code' | 'refresh_token';

export function passwordGrant(grant: PasswordGrant): Promise<AccessToken> {
  return requestToken(grant, 'password', grant.scopes, [grant.password], {
    grant_type: 'password',
    client_id: grant.clientId,
    client_secret: grant.clientSecret,
    username: grant.username,
    password: grant.password,
    device_name: grant.deviceName,
    token_type: grant.tokenType,
    scope: scopeParameter(grant.scopes),
  });
}

export function clientCredentialsGrant(grant: ClientCredentialsGrant): Promise<AccessToken> {
  const scopes = grant.scopes ?? [];
  return requestToken(grant, 'client_credentials', scopes, [], {
    grant_type: 'client_credentials',
    client_id: grant.clientId,
    device_name: grant.deviceName,
    token_type: grant.tokenType,
    scope: scopeParameter(scopes),
  });
}

/** The spec's code flow issues bearer tokens only. */
export function authorizationCodeGrant(grant: AuthorizationCodeGrant): Promise<AccessToken> {
  return requestToken(grant, 'authorization_code', grant.scopes, [grant.code], {
    grant_type: 'authorization_code',
    client_id: grant.clientId,
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
}

/**
 * Today's platform: a refresh token buys a new access token once, and the answer carries the next refresh
 * token (rotation: the old one is dead from now on, so the caller must keep the new one before anything else).
 */
export function refreshTokenGrant(grant: RefreshGrant): Promise<AccessToken> {
  return requestToken(grant, 'refresh_token', grant.scopes, [grant.refreshToken], {
    grant_type: 'refresh_token',
    client_id: grant.clientId,
    refresh_token: grant.refreshToken,
  });
}

function scopeParameter(scopes: readonly Scope[]): string | undefined {
  return scopes.length === 0 ? undefined : scopes.join(' ');
}

async function requestToken(
  endpoint: TokenEndpointOptions,
  grant: Grant,
  scopes: readonly Scope[],
  grantSecrets: readonly string[],
  form: Readonly<Record<string, string | undefined>>,
): Promise<AccessToken> {
  const transport = resolveTransport(endpoint);
  const fetched = await postToTokenEndpoint(endpoint, transport, { endpoint: TOKEN_ENDPOINT, path: '/oauth2/token', form, retryOnNetworkError: false });
  if (fetched.status < 200 || fetched.status >= 300) throw grantError(grant, fetched, [...(endpoint.clientSecret === null ? [] : [endpoint.clientSecret]), ...grantSecrets]);

  let json: unknown;
  try {
    json = JSON.parse(fetched.text);
  } catch {
    throw malformedResponse(TOKEN_ENDPOINT, fetched.status, 'a body that is not JSON');
  }
  const parsed = tokenFromFields(json, { scopes, now: transport.now() / 1000 });
  if ('problem' in parsed) throw malformedResponse(TOKEN_ENDPOINT, fetched.status, `a token whose fields are wrong (${parsed.problem})`);
  return parsed.token;
}

/** One sentence per value of the spec's token error table, saying what went wrong and what to do. */
function grantError(grant: Grant, fetched: Fetched, secrets: readonly string[]): PlatformError {
  const { error, description } = errorBody(fetched.text);
  const sentence = (() => {
    switch (error) {
      case 'invalid_grant':
        return grant === 'password'
          ? 'Wrong username or password: check them and try again.'
          : grant === 'authorization_code'
            ? 'The sign-in code has expired or was used already: sign in again.'
            : grant === 'refresh_token'
              ? 'Your sign-in has ended on the platform (it was revoked, or not used for 30 days): sign in again.'
              : 'The platform refused the grant: sign in again.';
      case 'invalid_client':
        return "The platform does not accept this app's client ID or secret: check them in the profile.";
      case 'invalid_request':
        return 'The platform found the sign-in request incomplete: update the app, and report it if it keeps happening.';
      case 'unsupported_grant_type':
        return 'The platform does not offer this way of signing in: sign in through the login page instead.';
      case 'invalid_scope':
        return 'The platform refused the access asked for (broadcasting needs a MAC token): sign in with the default settings.';
      case 'server_error':
        return 'The platform cannot sign anyone in right now: try again in a few minutes.';
      default: {
        const said = readableExcerpt(withoutSecrets([error, description].filter((part) => part !== null).join(': '), secrets));
        return `The platform refused to sign in (${fetched.status}${said === '' ? '' : ` ${said}`}): try again later, and check the profile if it keeps happening.`;
      }
    }
  })();
  return new PlatformError(fetched.status, error, TOKEN_ENDPOINT, sentence);
}
