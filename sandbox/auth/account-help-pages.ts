// GET {auth_url}/signup and /password-reset: where the login page's "Create an account" and "Forgot your
// password?" links lead. The real platform creates accounts and e-mails reset links there; the sandbox
// does neither, so its pages say so and name the users it has. Their "Back to sign in" link returns to
// the login page of the same sign-in request, whose parameters the links carry in their query; the link
// is built here from known parameter names, so it only ever points at this server's login page.
import type { Handler } from '../http/router.js';
import { DEMO_PASSWORD, DEMO_USERNAME, RIVAL_PASSWORD, RIVAL_USERNAME, TEAM, TEAM_PASSWORD } from '../state/seed.js';
import { html, htmlPage, Markup } from './auth-page-shell.js';
import { carriedSignInParameters, signInQuery, type SignInParameters } from './sign-in-parameters.js';

export const SIGN_UP_PATH = '/signup';
export const PASSWORD_RESET_PATH = '/password-reset';
const AUTHORIZE_PATH = '/oauth2/authorize';

/** A longer user name is not mentioned on the password-reset page (nor carried to it). */
const MAX_USERNAME_LENGTH = 100;

/** The login page's links to both pages, carrying its sign-in request, and to the reset page the user name typed. */
export function accountHelpLinks(parameters: SignInParameters, username: string): Markup {
  const request = signInQuery(parameters) ?? new URLSearchParams();
  const reset = new URLSearchParams(request);
  if (username !== '' && username.length <= MAX_USERNAME_LENGTH) reset.append('username', username);
  return html`<p class="links"><a href="${withQuery(PASSWORD_RESET_PATH, reset)}">Forgot your password?</a> <a href="${withQuery(SIGN_UP_PATH, request)}">Create an account</a></p>`;
}

export const signUpPage: Handler = (context) => {
  const carried = carriedSignInParameters(context.query);
  const body = html`<h1>Create an account</h1>
<p>On the real platform, this page creates an account: you choose a user name and a password and confirm your e-mail address, then sign in with the new account.</p>
<p>The sandbox platform does not create accounts. Sign in with one of the users it comes with instead:</p>
${sandboxUsers()}
${backToSignIn(carried)}`;
  return htmlPage(200, 'Create an account', body, { touch: carried?.display === 'touch', formAction: "'none'" });
};

export const passwordResetPage: Handler = (context) => {
  const carried = carriedSignInParameters(context.query);
  const username = context.query.getAll('username').length === 1 ? (context.query.get('username') ?? '') : '';
  const account = username !== '' && username.length <= MAX_USERNAME_LENGTH ? html`the account <strong>${username}</strong>` : html`your account`;
  const body = html`<h1>Reset your password</h1>
<p>On the real platform, this page e-mails a link to the address registered for ${account}; the link opens a page where you choose a new password.</p>
<p>The sandbox platform sends no e-mail, and its passwords cannot be changed. Sign in with one of the users it comes with:</p>
${sandboxUsers()}
${backToSignIn(carried)}`;
  return htmlPage(200, 'Reset your password', body, { touch: carried?.display === 'touch', formAction: "'none'" });
};

function sandboxUsers(): Markup {
  const groups: readonly (readonly [readonly string[], string, string])[] = [
    [[DEMO_USERNAME], 'the streamer, with channels and videos', DEMO_PASSWORD],
    [[RIVAL_USERNAME], 'another streamer, with a channel of its own', RIVAL_PASSWORD],
    [TEAM, 'registered users, to invite as channel managers', TEAM_PASSWORD],
  ];
  const items = groups.map(([names, who, password]) => {
    const listed = new Markup(names.map((name) => html`<code>${name}</code>`.text).join(', '));
    return html`<li>${listed}: ${who}; password <code>${password}</code></li>`;
  });
  return html`<ul>
${items}
</ul>`;
}

function backToSignIn(carried: SignInParameters | null): Markup {
  const query = carried === null ? null : signInQuery(carried);
  if (query === null) return html`<p>To sign in, go back to the application and start the sign-in again.</p>`;
  return html`<p><a href="${withQuery(AUTHORIZE_PATH, query)}">Back to sign in</a></p>`;
}

function withQuery(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
