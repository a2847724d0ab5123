// The implicit flow's answer, read from the address the login page redirected to (spec part A,
// "Authorization endpoint"): the result parameters in the query, or in the fragment as some servers put
// them. Nothing in it is used before its state has proved it answers this app's own request.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AccessToken, Scope } from '../access-token.js';
import { malformedResponse } from '../malformed-response.js';
import { PlatformError } from '../platform-error.js';
import { tokenFromFields } from './token-fields.js';
import { readableExcerpt } from '../error-body.js';

export const AUTHORIZE_ENDPOINT = 'GET {auth_url}/oauth2/authorize';

export type ImplicitResult = { readonly token: AccessToken } | { readonly error: 'access_denied' | (string & {}); readonly description?: string };

export interface ImplicitOptions {
  /**
   * The scopes asked for, which the answer does not repeat. Without them only `offline` is known, from
   * the missing `expires_in` (the spec leaves it out exactly for offline tokens).
   */
  readonly scopes?: readonly Scope[];
  /** Unix seconds by the local clock, from which `expires_in` counts. */
  readonly now?: number;
}

const TOKEN_FIELDS = ['access_token', 'token_type', 'expires_in', 'mac_key', 'created_at', 'mac_algorithm'];

/** Throws PlatformError `state_mismatch` for an answer to someone else's request, `malformed_response` for a broken one. */
export function parseImplicitRedirect(url: string, expectedState: string, options: ImplicitOptions = {}): ImplicitResult {
  if (expectedState === '') throw new Error('parseImplicitRedirect needs the state the sign-in was started with.');
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw malformedResponse(AUTHORIZE_ENDPOINT, 0, 'a redirect that is not a URL');
  }
  const result = resultParameters(address);
  checkState(result.get('state'), expectedState);

  const error = result.get('error');
  if (error !== null) {
    const description = result.get('error_description');
    // The redirect address is the platform's (or whoever sent the browser here) to fill: cut to a sentence.
    return description === null ? { error: readableExcerpt(error, 100) } : { error: readableExcerpt(error, 100), description: readableExcerpt(description) };
  }
  const repeated = TOKEN_FIELDS.filter((name) => result.getAll(name).length > 1);
  if (repeated.length > 0) throw malformedResponse(AUTHORIZE_ENDPOINT, 0, `a token whose fields are repeated (${repeated.join(', ')})`);
  if (!result.has('access_token')) throw malformedResponse(AUTHORIZE_ENDPOINT, 0, 'neither a token nor an error');
  const scopes = options.scopes ?? (result.has('expires_in') ? [] : ['offline' as const]);
  const parsed = tokenFromFields(Object.fromEntries(result), { scopes, now: options.now ?? Date.now() / 1000 });
  if ('problem' in parsed) throw malformedResponse(AUTHORIZE_ENDPOINT, 0, `a token whose fields are wrong (${parsed.problem})`);
  return { token: parsed.token };
}

/** The query when it holds a result (the redirect URI's own query may hold other things), else the fragment. */
function resultParameters(address: URL): URLSearchParams {
  const holdsResult = (parameters: URLSearchParams): boolean => parameters.has('access_token') || parameters.has('error');
  if (holdsResult(address.searchParams)) return address.searchParams;
  const fragment = new URLSearchParams(address.hash.slice(1));
  return holdsResult(fragment) ? fragment : address.searchParams;
}

function checkState(state: string | null, expected: string): void {
  if (state === null) {
    throw new PlatformError(0, 'state_mismatch', AUTHORIZE_ENDPOINT, 'The sign-in answer carried no state, so it cannot be told from a forged one; it was ignored. Sign in again.');
  }
  if (!sameSecretText(state, expected)) {
    throw new PlatformError(0, 'state_mismatch', AUTHORIZE_ENDPOINT, 'The sign-in answer carried a state this app did not send; it may be forged and was ignored. Sign in again.');
  }
}

/** Compares in constant time, the lengths included (both sides are hashed to the same size first). */
function sameSecretText(a: string, b: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
