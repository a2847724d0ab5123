// The login page's "Forgot your password?" and "Create an account" links and the sandbox pages they lead
// to, over real HTTP as a browser follows them: after a wrong password the user may sign up or request a
// password reset (spec part A, "Authorization endpoint"), and those pages lead back to the same sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';

const CALLBACK = 'http://127.0.0.1:7777/callback';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

function signInRequest(extra: Record<string, string> = {}): Record<string, string> {
  return { response_type: 'code', client_id: sandbox.client.id, redirect_uri: CALLBACK, state: 'xyz-123', ...extra };
}

interface Page {
  readonly url: string;
  readonly response: Response;
  readonly html: string;
}

async function get(pathAndQuery: string): Promise<Page> {
  const url = new URL(pathAndQuery, sandbox.authUrl).toString();
  const response = await fetch(url, { redirect: 'manual' });
  return { url, response, html: await response.text() };
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The page's links by their text, each href resolved against the page's address. */
function links(page: Page): Map<string, URL> {
  const found = new Map<string, URL>();
  for (const [, href, text] of page.html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)) {
    found.set(decodeEntities(text!).trim(), new URL(decodeEntities(href!), page.url));
  }
  return found;
}

function link(page: Page, text: string): URL {
  const found = links(page).get(text);
  if (!found) throw new Error(`The page has no link "${text}"; its links: ${[...links(page).keys()].join(', ')}`);
  return found;
}

function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(tag)?.[1] ?? '';
    fields.append(name, decodeEntities(/value="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  return fields;
}

/** Posts the login form with these credentials and Allow, as the browser would. */
async function submitLogin(page: Page, username: string, password: string): Promise<Page> {
  const fields = hiddenFields(page.html);
  fields.set('username', username);
  fields.set('password', password);
  fields.set('decision', 'allow');
  const url = new URL('/oauth2/authorize', sandbox.authUrl).toString();
  const response = await fetch(url, { method: 'POST', body: fields, redirect: 'manual' });
  return { url, response, html: await response.text() };
}

/** Every link on the page stays on this server; a help page's only way onward is its login page. */
function expectLinksOnlyToThisServer(page: Page): void {
  for (const [text, url] of links(page)) {
    expect(url.origin, `the link "${text}"`).toBe(new URL(sandbox.authUrl).origin);
    expect(['/oauth2/authorize', '/signup', '/password-reset'], `the link "${text}"`).toContain(url.pathname);
  }
}

const HELP_PAGES = [
  { path: '/signup', link: 'Create an account', heading: 'Create an account', realPlatform: /creates an account/ },
  { path: '/password-reset', link: 'Forgot your password?', heading: 'Reset your password', realPlatform: /e-mails a link/ },
] as const;

describe('the login page links to sign-up and password reset', () => {
  it('shows both links from the start, carrying the sign-in request', async () => {
    const login = await get(`/oauth2/authorize?${new URLSearchParams(signInRequest())}`);
    expect(login.response.status).toBe(200);
    for (const help of HELP_PAGES) {
      const target = link(login, help.link);
      expect(target.pathname).toBe(help.path);
      expect(Object.fromEntries(target.searchParams)).toEqual(signInRequest());
    }
  });

  it('keeps them after a wrong password, next to the message and the user name kept, and passes the user name to the reset page', async () => {
    const login = await get(`/oauth2/authorize?${new URLSearchParams(signInRequest())}`);
    const wrong = await submitLogin(login, 'demo', 'not-the-password');
    expect(wrong.response.status).toBe(200);
    expect(wrong.html).toMatch(/role="alert">The user name or password is wrong/);
    expect(wrong.html).toMatch(/<input id="username" name="username" value="demo"/);
    expect(link(wrong, 'Create an account').searchParams.has('username')).toBe(false);
    expect(Object.fromEntries(link(wrong, 'Forgot your password?').searchParams)).toEqual({ ...signInRequest(), username: 'demo' });

    const reset = await get(link(wrong, 'Forgot your password?').toString());
    expect(reset.response.status).toBe(200);
    expect(reset.html).toContain('the account <strong>demo</strong>');
  });

  it('leaves the request out of the links when a value is too long to carry, so the pages ask to start again', async () => {
    const login = await get(`/oauth2/authorize?${new URLSearchParams(signInRequest({ state: 's'.repeat(3000) }))}`);
    expect(login.response.status).toBe(200);
    expect(link(login, 'Create an account').search).toBe('');
    const signUp = await get(link(login, 'Create an account').toString());
    expect(links(signUp).has('Back to sign in')).toBe(false);
    expect(signUp.html).toMatch(/start the sign-in again/);
  });
});

describe.each(HELP_PAGES)('GET $path', (help) => {
  it('answers 200 with a script-free page that says what the real platform does and what the sandbox offers', async () => {
    const page = await get(`${help.path}?${new URLSearchParams(signInRequest())}`);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('x-frame-options')).toBe('DENY');
    expect(page.response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(page.html).toContain(`<h1>${help.heading}</h1>`);
    expect(page.html).toMatch(help.realPlatform);
    expect(page.html).not.toMatch(/<script|<form/i);
    expect(page.html).toContain('<li><code>demo</code>: the streamer, with channels and videos; password <code>broadcast</code></li>');
    expect(page.html).toContain('<li><code>rival</code>: another streamer, with a channel of its own; password <code>broadcast</code></li>');
    const team = ['alex', 'sam', 'kim', 'lee', 'rio', 'noa'].map((name) => `<code>${name}</code>`).join(', ');
    expect(page.html).toContain(`<li>${team}: registered users, to invite as channel managers; password <code>broadcast</code></li>`);
  });

  it('leads back to the login page of the same sign-in request, where signing in still works', async () => {
    const request = signInRequest({ response_type: 'token', token_type: 'mac', scope: 'offline broadcaster', device_name: 'Studio PC', display: 'touch', lang: 'en_US' });
    const page = await get(`${help.path}?${new URLSearchParams(request)}`);
    expect(page.html).toContain('<body class="touch">');
    const back = link(page, 'Back to sign in');
    expect(back.origin).toBe(new URL(sandbox.authUrl).origin);
    expect(back.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(back.searchParams)).toEqual(request);

    const login = await get(back.toString());
    expect(login.response.status).toBe(200);
    expect(login.html).toContain('Studio PC');
    const signedIn = await submitLogin(login, sandbox.demo.username, sandbox.demo.password);
    expect(signedIn.response.status).toBe(302);
    const result = new URL(signedIn.response.headers.get('location') ?? '');
    expect(`${result.origin}${result.pathname}`).toBe(CALLBACK);
    expect(result.searchParams.get('state')).toBe('xyz-123');
    expect(result.searchParams.get('token_type')).toBe('mac');
  });

  it('carries only sign-in parameters back, never a return address of its own', async () => {
    const query = new URLSearchParams({ ...signInRequest(), next: 'https://evil.example/', return_to: '//evil.example/', redirect: 'javascript:alert(1)' });
    const page = await get(`${help.path}?${query}`);
    expectLinksOnlyToThisServer(page);
    expect(page.html).not.toContain('evil.example');
    expect(page.html).not.toContain('javascript:');
    expect(Object.fromEntries(link(page, 'Back to sign in').searchParams)).toEqual(signInRequest());
  });

  it('escapes what it echoes, and a hostile redirect_uri comes back only to the login page, which refuses it', async () => {
    const hostile = signInRequest({ redirect_uri: 'https://evil.example/"><script>alert(1)</script>', state: '"><img src=x onerror=alert(2)>', device_name: "'</a><a href=//evil.example>" });
    const page = await get(`${help.path}?${new URLSearchParams(hostile)}`);
    expect(page.response.status).toBe(200);
    expect(page.html).not.toMatch(/<script|<img|<a href=\/\//i);
    expectLinksOnlyToThisServer(page);
    expect(Object.fromEntries(link(page, 'Back to sign in').searchParams)).toEqual(hostile);

    const refused = await get(link(page, 'Back to sign in').toString());
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('location')).toBeNull();
  });

  it.each([
    ['no sign-in request at all', ''],
    ['no redirect_uri', `client_id=${'c'.repeat(40)}`],
    ['a repeated client_id', `client_id=a&client_id=b&redirect_uri=${encodeURIComponent(CALLBACK)}`],
    ['a state too long to carry', `client_id=a&redirect_uri=${encodeURIComponent(CALLBACK)}&state=${'s'.repeat(2049)}`],
  ])('offers no way back but starting again for %s', async (_case, query) => {
    const page = await get(`${help.path}?${query}`);
    expect(page.response.status).toBe(200);
    expect(links(page).size).toBe(0);
    expect(page.html).toMatch(/go back to the application and start the sign-in again/);
  });

  it('takes GET only', async () => {
    const response = await fetch(new URL(help.path, sandbox.authUrl), { method: 'POST', body: new URLSearchParams(signInRequest()) });
    expect(response.status).toBe(405);
  });
});

describe('GET /password-reset: the user name', () => {
  it('names the account, escaped, and leaves out a user name that is too long or repeated', async () => {
    const named = await get(`/password-reset?${new URLSearchParams({ ...signInRequest(), username: '<b>kim</b>' })}`);
    expect(named.html).toContain('the account <strong>&#60;b&#62;kim&#60;/b&#62;</strong>');
    expect(links(named).get('Back to sign in')?.searchParams.has('username')).toBe(false);

    const long = await get(`/password-reset?${new URLSearchParams({ ...signInRequest(), username: 'k'.repeat(101) })}`);
    expect(long.html).toContain('registered for your account');
    expect(long.html).not.toContain('kkkk');

    const repeated = await get(`/password-reset?username=kim&username=lee`);
    expect(repeated.html).toContain('registered for your account');
  });
});
