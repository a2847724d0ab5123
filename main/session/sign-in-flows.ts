// The sign-ins through the platform's login page, one SignInFlow each: the implicit flow (a MAC token in the
// redirect; spec part A implements MAC tokens for it only) and the authorization code flow (a bearer token
// for the one-time code). A flow says what page to open and reads the page's answer; the session checks
// `state`, keeps the tokens and says what changed. A new flow (code + PKCE) is one more implementation.
import { randomBytes } from 'node:crypto';
import type { AccessToken, Scope } from '../platform/access-token.js';
import { authorizeUrl } from '../platform/oauth/authorize-url.js';
import { codeFlowAnswer, implicitAnswer } from './sign-in-answers.js';
import { signInErrors } from './session-errors.js';

export type SignInAnswer = { readonly token: AccessToken } | { readonly error: string; readonly description?: string };

/** What a flow needs to know of the platform, this app and the request. */
export interface SignInRequest {
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  readonly redirectUri: string;
  /** The scopes the user is asked for; a flow drops those its token type cannot carry. */
  readonly scopes: readonly Scope[];
  readonly deviceName: string;
  /** The profile, for errors that name it. */
  readonly profile: string;
}

/** A sign-in under way: the page to open, the `state` its answer must carry, and how to read that answer. */
export interface StartedSignIn {
  readonly url: string;
  readonly state: string;
  finish(redirectedTo: string): Promise<SignInAnswer>;
}

export interface SignInFlow {
  readonly tokenType: 'mac' | 'bearer';
  /** Throws a CompanionError, before any page opens, when the flow cannot run for this platform. */
  begin(request: SignInRequest): StartedSignIn;
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
    const redeemer = { authUrl: request.authUrl, clientId: request.clientId, clientSecret };
    return { url, state, finish: (redirectedTo) => codeFlowAnswer(redirectedTo, request.redirectUri, scopes, redeemer) };
  },
};

export function signInFlowFor(tokenType: 'mac' | 'bearer'): SignInFlow {
  return tokenType === 'mac' ? implicitMacFlow : authorizationCodeFlow;
}

function pageRequest(request: SignInRequest, state: string, scopes: readonly Scope[]) {
  return { authUrl: request.authUrl, clientId: request.clientId, redirectUri: request.redirectUri, state, scopes, deviceName: request.deviceName };
}
