// What the platform's login page sent back, read into a token or an error: the implicit flow's redirect holds
// the token itself (a MAC token); the authorization code flow's holds a one-time code, exchanged for a bearer
// token at the token endpoint (with the PKCE verifier, on today's platform).
import type { Scope } from '../platform/access-token.js';
import { parseImplicitRedirect, type ImplicitResult } from '../platform/oauth/implicit-result.js';
import { authorizationCodeGrant } from '../platform/oauth/token-grants.js';
import { PlatformError } from '../platform/platform-error.js';

export interface CodeRedeemer {
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Null for a native app of today's platform: the PKCE verifier proves the code is ours instead. */
  readonly clientSecret: string | null;
  readonly codeVerifier?: string;
}

export function implicitAnswer(redirectedTo: string, state: string, scopes: readonly Scope[]): ImplicitResult {
  try {
    // The answer does not list the scopes; the ones asked for are what the user allowed.
    return parseImplicitRedirect(redirectedTo, state, { scopes: [...scopes] });
  } catch (problem) {
    // A malformed answer (fields missing or of the wrong shape): said on the panel, not swallowed.
    return { error: 'malformed_response', description: problem instanceof Error ? problem.message : String(problem) };
  }
}

export async function codeFlowAnswer(redirectedTo: string, redirectUri: string, scopes: readonly Scope[], platform: CodeRedeemer): Promise<ImplicitResult> {
  const query = new URL(redirectedTo).searchParams;
  const failed = query.get('error');
  if (failed !== null) return { error: failed, description: query.get('error_description') ?? undefined };
  const code = query.get('code');
  if (code === null || code === '') return { error: 'malformed_response', description: 'The login page sent neither a code nor an error back.' };
  try {
    return { token: await authorizationCodeGrant({ ...platform, code, redirectUri, scopes }) };
  } catch (error) {
    if (error instanceof PlatformError) return { error: error.error ?? 'platform_error', description: error.message };
    throw error;
  }
}
