// The authorization request's parameters as the login page carries them: in its form's hidden fields,
// and in the links to the sign-up and password-reset pages, which carry them back to the login page.

/** The spec's parameters, then today's platform's PKCE, in the order the form token signs them. */
export const SIGN_IN_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'token_type', 'device_name', 'display', 'lang', 'code_challenge', 'code_challenge_method'] as const;
export type SignInParameterName = (typeof SIGN_IN_PARAMETERS)[number];
export type SignInParameters = Readonly<Partial<Record<SignInParameterName, string>>>;

/** Longer values are not carried through a link: a redirect URI or state beyond this is no sign-in request. */
export const MAX_CARRIED_VALUE_LENGTH = 2048;

/** The parameters as a query, in the spec's order; null when one is too long to carry in a link. */
export function signInQuery(parameters: SignInParameters): URLSearchParams | null {
  const query = new URLSearchParams();
  for (const name of SIGN_IN_PARAMETERS) {
    const value = parameters[name];
    if (value === undefined) continue;
    if (value.length > MAX_CARRIED_VALUE_LENGTH) return null;
    query.append(name, value);
  }
  return query;
}

/**
 * The sign-in parameters a link carried, or null when they cannot make a sign-in request: no client_id
 * or redirect_uri, a parameter repeated, or one too long. Other names in the query are left out. The
 * login page validates the parameters again when they come back to it.
 */
export function carriedSignInParameters(query: URLSearchParams): SignInParameters | null {
  const carried: Partial<Record<SignInParameterName, string>> = {};
  for (const name of SIGN_IN_PARAMETERS) {
    const values = query.getAll(name);
    if (values.length > 1) return null;
    const value = values[0];
    if (value === undefined || value === '') continue;
    if (value.length > MAX_CARRIED_VALUE_LENGTH) return null;
    carried[name] = value;
  }
  return carried.client_id === undefined || carried.redirect_uri === undefined ? null : carried;
}
