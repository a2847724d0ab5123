// The ways to sign in, one SignInFlow each: through the platform's login page, the implicit flow (a MAC token
// in the redirect; spec part A implements MAC tokens for it only), the authorization code flow (a bearer
// token for the one-time code) and, on today's platform, the code flow with PKCE (a bearer token and a
// refresh token, no client secret); or, for the command line, the password grant (the token at once). A page
// flow says what page to open and reads the page's answer; the session checks `state`, keeps the tokens and
// says what changed. The profile's dialect chooses the flow (signInFlowFor).
import { randomBytes } from 'node:crypto';
import type { AccessToken, Scope } from '../platform/access-token.js';
import { authorizeUrl } from '../platform/oauth/authorize-url.js';
import { newPkcePair } from '../platform/oauth/pkce.js';
import type { Dialect } from '../profiles/profiles.js';
import { passwordGrant } from '../platform/oauth/token-grants.js';
import { codeFlowAnswer, implicitAnswer } from './sign-in-answers.js';
import { signInErrors } from './session-errors.js';

export type SignInAnswer = { readonly token: AccessToken } | { readonly error: string; readonly description?: string };

/** What a flow needs to know of the platform, this app and the request. */
export interface SignInRequest {
  readonly authUrl: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  /** The scopes the user is asked for; a flow drops those its token type cannot carry. */
  readonly scopes: readonly Scope[];
  readonly deviceName: string;
  /** The profile, for errors that name it. */
  readonly profile: string;
}

/** A sign-in through the login page also says where the page sends the user back to. */
export interface PageSignInRequest extends SignInRequest {
  readonly redirectUri: string;
}

/** A sign-in under way: the page to open, the `state` its answer must carry, and how to read that answer. */
export interface StartedSignIn {
  readonly url: string;
  readonly state: string;
  finish(redirectedTo: string): Promise<SignInAnswer>;
}

/** A flow through the platform's login page. */
export interface SignInFlow {
  readonly tokenType: 'mac' | 'bearer';
  /** Throws a CompanionError, before any page opens, when the flow cannot run for this platform. */
  begin(request: PageSignInRequest): StartedSignIn;
}

/** A flow with no page: the credentials go to the token endpoint and the token comes back at once. */
export interface DirectSignInFlow {
  readonly tokenType: 'mac' | 'bearer';
  signIn(request: SignInRequest, credentials: { readonly username: string; readonly password: string }): Promise<AccessToken>;
}

const newState = (): string => randomBytes(24).toString('base64url');

/** response_type=token with token_type=mac: the token comes back in the redirect. */
export const implicitMacFlow: SignInFlow = {
  tokenType: 'mac',
  begin(request) {
    const state = newState();
    const scopes = [...request.scopes];
    const url = authorizeUrl({ ...pageRequest(request, state, scopes), responseType: 'token', tokenType: 'mac' });
    return { url, state, finish: async (redirectedTo) => implicitAnswer(redirectedTo, state, scopes) };
  },
};

/** response_type=code: the code comes back and is exchanged, with the client secret, for a bearer token. */
export const authorizationCodeFlow: SignInFlow = {
  tokenType: 'bearer',
  begin(request) {
    const clientSecret = request.clientSecret;
    if (clientSecret === null) throw signInErrors.notConfigured(request.profile);
    const state = newState();
    // The broadcaster scope is for MAC tokens only (spec part A).
    const scopes = request.scopes.filter((scope) => scope !== 'broadcaster');
    const url = authorizeUrl({ ...pageRequest(request, state, scopes), responseType: 'code' });
    const redeemer = { tokenUrl: request.tokenUrl, clientId: request.clientId, clientSecret };
    return { url, state, finish: (redirectedTo) => codeFlowAnswer(redirectedTo, request.redirectUri, scopes, redeemer) };
  },
};

/**
 * Today's platform: response_type=code with a PKCE challenge (S256); the code is redeemed with the verifier,
 * and with the client secret only when the profile has one (a native app ships none). The token is bearer and
 * comes with a refresh token.
 */
export const pkceCodeFlow: SignInFlow = {
  tokenType: 'bearer',
  begin(request) {
    const state = newState();
    const pkce = newPkcePair();
    // Refresh tokens take the place of the spec's `offline` scope, which today's platform does not list.
    const scopes = request.scopes.filter((scope) => scope !== 'offline');
    const url = authorizeUrl({ ...pageRequest(request, state, scopes), responseType: 'code', pkce, pagePath: '/authorize' });
    const redeemer = { tokenUrl: request.tokenUrl, clientId: request.clientId, clientSecret: request.clientSecret, codeVerifier: pkce.verifier };
    return { url, state, finish: (redirectedTo) => codeFlowAnswer(redirectedTo, request.redirectUri, scopes, redeemer) };
  },
};

/** The resource owner password grant (the CLI's `--password-stdin`): the client secret goes with it. */
export function passwordFlow(tokenType: 'mac' | 'bearer'): DirectSignInFlow {
  return {
    tokenType,
    async signIn(request, credentials) {
      if (request.clientSecret === null) throw signInErrors.notConfigured(request.profile);
      const { tokenUrl, clientId, clientSecret, scopes, deviceName } = request;
      return passwordGrant({ tokenUrl, clientId, clientSecret, ...credentials, tokenType, scopes: [...scopes], deviceName });
    },
  };
}

/** Today's platform has one flow (code + PKCE); the spec's dialect has one per token type. */
export function signInFlowFor(dialect: Dialect, tokenType: 'mac' | 'bearer'): SignInFlow {
  if (dialect === 'current') return pkceCodeFlow;
  return tokenType === 'mac' ? implicitMacFlow : authorizationCodeFlow;
}

function pageRequest(request: PageSignInRequest, state: string, scopes: readonly Scope[]) {
  return { authUrl: request.authUrl, clientId: request.clientId, redirectUri: request.redirectUri, state, scopes, deviceName: request.deviceName };
}
