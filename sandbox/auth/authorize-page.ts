// GET|POST {auth_url}/oauth2/authorize: the login page of the authorization code and implicit flows; for a
// client of today's platform (dialect `current`), the code flow only, with PKCE (pkce.ts).
// The app shows it in a login window whose CSP forbids scripts, so the page is plain HTML and CSS: the
// form posts back here with the original parameters in hidden fields, plus a form token (an HMAC of
// those parameters and the time, keyed per sandbox) that proves this server rendered them recently.
// Without a session cookie the token cannot tie the form to one browser; it guards the parameters'
// integrity and freshness, which is what matters when every request is validated again anyway.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Handler } from '../http/router.js';
import type { Account, Client, CodeChallenge, Scope, TokenType } from '../state/model.js';
import { nowSeconds } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../state/seed.js';
import { accountHelpLinks } from './account-help-pages.js';
import { readChallenge } from './pkce.js';
import { html, htmlPage } from './auth-page-shell.js';
import { SIGN_IN_PARAMETERS, type SignInParameterName, type SignInParameters } from './sign-in-parameters.js';
import { checkScopesForType, issueCode, issueToken, parseScopes, parseTokenType, resourceOwner, tokenFields } from './token-issuer.js';

/** What the page's own form adds to the parameters it carries back. */
const FORM_FIELDS = ['form_token', 'decision', 'username', 'password'] as const;

/** Long enough to look up a password, short enough that a saved page cannot be replayed days later. */
const FORM_LIFETIME_SECONDS = 30 * 60;

interface AuthorizationRequest {
  readonly parameters: SignInParameters;
  readonly client: Client;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly responseType: 'code' | 'token';
  readonly tokenType: TokenType;
  readonly scopes: readonly Scope[];
  readonly deviceName: string | null;
  /** PKCE, for today's platform's clients only: the spec's clients may send it, and nothing changes for them. */
  readonly challenge: CodeChallenge | null;
}

type Validation = { readonly request: AuthorizationRequest } | { readonly reply: Reply };

export function authorizeEndpoint(store: SandboxStore): Handler {
  const formKey = randomBytes(32);
  return (context) => {
    let fields: URLSearchParams;
    try {
      fields = readFields(context);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(400, 'The sign-in request is not valid', error.description);
      throw error;
    }
    const validation = validate(store, fields);
    if ('reply' in validation) return validation.reply;
    const { request } = validation;

    // Credentials are taken from a POST of this page's own form only, never from a URL.
    const formToken = fields.get('form_token');
    if (context.method !== 'POST' || formToken === null) return loginPage(request, formKey, null, '');
    const problem = formTokenProblem(formKey, request.parameters, formToken);
    if (problem !== null) return errorPage(403, 'The sign-in form was refused', problem);

    const decision = fields.get('decision');
    // Deny needs no credentials: it doubles as the spec's "cancels", the user backing out of signing in.
    if (decision === 'deny') return redirect(request.redirectUri, [['error', 'access_denied'], ...stateField(request)]);
    const username = fields.get('username') ?? '';
    if (decision !== 'allow') return loginPage(request, formKey, 'Choose Allow or Deny.', username);
    const password = fields.get('password') ?? '';
    if (username === '' || password === '') return loginPage(request, formKey, 'Enter your user name and password.', username);
    const account = resourceOwner(store, username, password);
    // Wrong credentials keep the user on the page (status 200, as for any re-shown form) to try again, or
    // to follow its links to sign up or to reset the password.
    if (!account) return loginPage(request, formKey, 'The user name or password is wrong. Try again.', username);
    return grant(store, request, account);
  };
}

/** GET and POST parameters alike (the spec allows both), the form's fields included. */
function readFields(context: RequestContext): URLSearchParams {
  const fields = new URLSearchParams(context.query);
  if (context.method === 'POST') for (const [name, value] of context.form()) fields.append(name, value);
  return fields;
}

/**
 * While client_id or redirect_uri is in doubt the user is not sent anywhere: an error page, status 400
 * (RFC 6749 §4.1.2.1), since redirecting to an unchecked URI would make this an open redirector. Once
 * both are good, other errors go back to the client by redirect with RFC 6749's error values.
 */
function validate(store: SandboxStore, fields: URLSearchParams): Validation {
  const repeated = [...SIGN_IN_PARAMETERS, ...FORM_FIELDS].filter((name) => fields.getAll(name).length > 1);
  // Empty counts as absent (RFC 6749 §3.1).
  const value = (name: string): string | null => {
    const found = fields.get(name);
    return found === null || found === '' ? null : found;
  };
  const refuse = (message: string): Validation => ({ reply: errorPage(400, 'The sign-in request is not valid', message) });

  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) return refuse('client_id and redirect_uri may each be sent only once.');
  const clientId = value('client_id');
  if (clientId === null) return refuse('The request has no client_id, so it is not known which application asks to sign in.');
  const client = store.client(clientId);
  if (!client) return refuse(`The client_id ${clientId} is not an application registered with the platform.`);
  const redirectUri = value('redirect_uri');
  if (redirectUri === null) return refuse('The request has no redirect_uri, so there is nowhere to return to.');
  const uriProblem = redirectUriProblem(client, redirectUri);
  if (uriProblem !== null) return refuse(uriProblem);

  const state = repeated.includes('state') ? null : value('state');
  const fail = (error: string, description: string): Validation => ({
    reply: redirect(redirectUri, [['error', error], ['error_description', description], ...(state === null ? [] : [['state', state] as const])]),
  });
  if (repeated.length > 0) return fail('invalid_request', `Each parameter may be sent once; repeated: ${repeated.join(', ')}.`);
  const current = client.dialect === 'current';
  const responseType = value('response_type');
  if (responseType === null) return fail('invalid_request', current ? 'The parameter response_type is required: code.' : 'The parameter response_type is required: code or token.');
  if (current && responseType !== 'code') {
    return fail('unsupported_response_type', `The platform signs applications in with the authorization code flow only: response_type must be code (with PKCE), not ${JSON.stringify(responseType)}.`);
  }
  if (responseType !== 'code' && responseType !== 'token') {
    return fail('unsupported_response_type', `The response_type must be code or token, not ${JSON.stringify(responseType)}.`);
  }
  let tokenType: TokenType;
  let scopes: Scope[];
  try {
    tokenType = parseTokenType(value('token_type'));
    scopes = parseScopes(value('scope'), client.dialect);
    // The spec: "MAC tokens are not implemented for the authorization code flow"; said before the user signs in.
    if (responseType === 'code' && tokenType === 'mac') {
      return fail('unsupported_response_type', current ? 'The platform issues bearer tokens only: leave token_type out or send bearer.' : 'MAC tokens are not implemented for the authorization code flow: use response_type=token with token_type=mac.');
    }
    checkScopesForType(tokenType, scopes, client.dialect);
  } catch (error) {
    if (error instanceof ApiError) return fail(error.error, error.description);
    throw error;
  }
  let challenge: CodeChallenge | null = null;
  if (current) {
    const reading = readChallenge(value('code_challenge'), value('code_challenge_method'), client.native);
    if ('problem' in reading) return fail('invalid_request', reading.problem);
    challenge = reading.challenge;
    // RFC 7636 §4.1 wants a new verifier per request; one seen on a code of the last 10 minutes is a client's bug.
    const now = nowSeconds();
    const seen = (digest: string): boolean => store.data.codes.some((code) => code.clientId === client.id && code.expiresAt > now && code.challenge?.verifierDigest === digest);
    if (challenge !== null && seen(challenge.verifierDigest)) {
      return fail('invalid_request', 'This code_challenge was already used for another sign-in: make a new code_verifier for every authorization request (RFC 7636 §4.1).');
    }
  }

  const parameters: Partial<Record<SignInParameterName, string>> = {};
  for (const name of SIGN_IN_PARAMETERS) {
    const found = value(name);
    if (found !== null) parameters[name] = found;
  }
  return { request: { parameters, client, redirectUri, state, responseType, tokenType, scopes, deviceName: value('device_name'), challenge } };
}

/**
 * The URI must start with a registered prefix, and that prefix must end at a boundary of the URI, so
 * `http://localhost` admits `http://localhost:8080/cb` but not `http://localhost.attacker.example/`.
 * User information (`http://localhost@attacker.example`) and fragments (RFC 6749 §3.1.2) are refused,
 * and so are characters that cannot go in a Location header unencoded.
 */
function redirectUriProblem(client: Client, uri: string): string | null {
  if (/[^\x21-\x7e]/.test(uri)) return 'The redirect_uri contains spaces or characters that must be percent-encoded.';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `The redirect_uri ${uri} is not an absolute URI.`;
  }
  if (uri.includes('#')) return 'The redirect_uri must not contain a fragment (#…).';
  if (url.username !== '' || url.password !== '') return 'The redirect_uri must not contain user information (user@host).';
  const registered = client.redirectUriPrefixes.some((prefix) => uri.startsWith(prefix) && (/[/?]$/.test(prefix) || /^(?:$|[/:?])/.test(uri.slice(prefix.length))));
  if (!registered) {
    return `The redirect_uri ${uri} does not start with a prefix registered for ${client.name} (registered: ${client.redirectUriPrefixes.join(', ')}).`;
  }
  return null;
}

function grant(store: SandboxStore, request: AuthorizationRequest, account: Account): Reply {
  if (request.responseType === 'code') {
    const code = issueCode(store, { clientId: request.client.id, redirectUri: request.redirectUri, userId: account.id, scopes: request.scopes, deviceName: request.deviceName, challenge: request.challenge });
    return redirect(request.redirectUri, [['code', code], ...stateField(request)]);
  }
  const token = issueToken(store, { clientId: request.client.id, userId: account.id, type: request.tokenType, scopes: request.scopes, deviceName: request.deviceName });
  const fields = Object.entries(tokenFields(token)).map(([name, value]) => [name, String(value)] as const);
  return redirect(request.redirectUri, [...fields, ...stateField(request)]);
}

function stateField(request: AuthorizationRequest): (readonly [string, string])[] {
  return request.state === null ? [] : [['state', request.state]];
}

/** "Result values are appended to redirect_uri as GET parameters": the query, keeping the URI's own query as sent. */
function redirect(redirectUri: string, result: readonly (readonly [string, string])[]): Reply {
  const query = result.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const separator = !redirectUri.includes('?') ? '?' : /[?&]$/.test(redirectUri) ? '' : '&';
  return {
    status: 302,
    // The Location carries a code or a token: no cache may keep it, and the client's page learns nothing of this one.
    headers: { Location: `${redirectUri}${separator}${query}`, 'Cache-Control': 'no-store', Pragma: 'no-cache', 'Referrer-Policy': 'no-referrer' },
  };
}

function formToken(key: Buffer, parameters: SignInParameters, issuedAt: number): string {
  const signed = JSON.stringify([issuedAt, SIGN_IN_PARAMETERS.map((name) => parameters[name] ?? null)]);
  return `${issuedAt}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

function formTokenProblem(key: Buffer, parameters: SignInParameters, presented: string): string | null {
  const altered = 'The sign-in form was altered after this server sent it. Start the sign-in again from the application.';
  const match = /^(\d{1,12})\.[A-Za-z0-9_-]+$/.exec(presented);
  if (!match) return altered;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(formToken(key, parameters, issuedAt));
  const actual = Buffer.from(presented);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return altered;
  const age = nowSeconds() - issuedAt;
  if (age < 0 || age > FORM_LIFETIME_SECONDS) return 'The sign-in form has expired. Start the sign-in again from the application.';
  return null;
}

const SCOPE_TEXT: Record<Scope, string> = {
  offline: 'Stay signed in: the access does not expire until you revoke it.',
  broadcaster: 'Broadcast live to your channels.',
  openid: 'Know who you are: your user name and e-mail address.',
};

function loginPage(request: AuthorizationRequest, formKey: Buffer, message: string | null, username: string): Reply {
  const hidden = SIGN_IN_PARAMETERS.flatMap((name) => {
    const value = request.parameters[name];
    return value === undefined ? [] : [html`<input type="hidden" name="${name}" value="${value}">`];
  });
  hidden.push(html`<input type="hidden" name="form_token" value="${formToken(formKey, request.parameters, nowSeconds())}">`);
  // Today's platform renews access with refresh tokens, so the user is told the sign-in lasts until signed out.
  const lasting = request.client.dialect === 'current' ? html`<li>Use your account, and stay signed in until you sign out.</li>` : html`<li>Use your account for one day.</li>`;
  const scoped = request.scopes.map((scope) => html`<li>${SCOPE_TEXT[scope]}</li>`);
  const access = request.client.dialect === 'current' || scoped.length === 0 ? [lasting, ...scoped] : scoped;
  const device = request.deviceName === null ? null : html` on <strong>${request.deviceName}</strong>`;
  const body = html`<h1>Sign in</h1>
<p class="lead"><strong>${request.client.name}</strong>${device} asks to use your account.</p>
<h2>It will be able to</h2>
<ul>${access}</ul>
${message === null ? null : html`<p class="error" role="alert">${message}</p>`}
<form method="post" action="/oauth2/authorize">
${hidden}
<label for="username">User name</label>
<input id="username" name="username" value="${username}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>
${accountHelpLinks(request.parameters, username)}
<p class="note">Afterwards you return to ${returnAddress(request.redirectUri)}.</p>
<p class="note">Sandbox platform: sign in as <code>${DEMO_USERNAME}</code> with the password <code>${DEMO_PASSWORD}</code>.</p>`;
  return htmlPage(200, 'Sign in', body, { touch: request.parameters.display === 'touch', formAction: `'self' ${redirectSource(request.redirectUri)}` });
}

function errorPage(status: number, title: string, message: string): Reply {
  const body = html`<h1>${title}</h1>
<p class="error" role="alert">${message}</p>
<p>Close this window and start the sign-in again from the application.</p>`;
  return htmlPage(status, title, body, { touch: false, formAction: "'none'" });
}

/** Where the user goes next, as the page tells them: the origin, or the scheme for a custom one. */
function returnAddress(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.host === '' ? url.protocol : `${url.protocol}//${url.host}`;
}

/** Chromium applies form-action to the redirect that answers the form too, so the client's origin must be allowed. */
function redirectSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  const origin = `${url.protocol}//${url.host}`;
  return url.host !== '' && /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.:[\]-]+$/i.test(origin) ? origin : url.protocol;
}
