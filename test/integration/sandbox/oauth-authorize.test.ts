// The sandbox's authorization endpoint over real HTTP, driven the way a browser drives it: load the login
// page, read the form's hidden fields from the HTML, post them back with the credentials and the pressed
// button. Expectations come from the spec's "Authorization endpoint" tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';

const CALLBACK = 'http://127.0.0.1:7777/callback';
const HEX40 = /^[0-9a-f]{40}$/;

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

function authorizeUrl(parameters: Record<string, string>): string {
  return `${sandbox.authUrl}/oauth2/authorize?${new URLSearchParams(parameters)}`;
}

function baseParameters(extra: Record<string, string> = {}): Record<string, string> {
  return { response_type: 'code', client_id: sandbox.client.id, redirect_uri: CALLBACK, state: 'xyz-123', ...extra };
}

interface Page {
  readonly response: Response;
  readonly html: string;
}

async function openPage(parameters: Record<string, string>): Promise<Page> {
  const response = await fetch(authorizeUrl(parameters), { redirect: 'manual' });
  return { response, html: await response.text() };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** One pass, as a browser decodes attribute values: `&#38;amp;` is the text `&amp;`. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|([a-z]+));/g, (entity, code: string | undefined, name: string | undefined) =>
    code !== undefined ? String.fromCharCode(Number(code)) : (NAMED_ENTITIES[name ?? ''] ?? entity),
  );
}

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decodeEntities(value!)]));
}

/** The hidden inputs of the page's form, as a browser would submit them. */
function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const attrs = attributes(tag);
    if (attrs.get('type') === 'hidden') fields.append(attrs.get('name') ?? '', attrs.get('value') ?? '');
  }
  return fields;
}

/** The submit buttons' name and value by their label, so the test presses what the page offers. */
function buttons(html: string): Map<string, [string, string]> {
  const found = new Map<string, [string, string]>();
  for (const [, tag, label] of html.matchAll(/(<button\b[^>]*>)([^<]*)<\/button>/g)) {
    const attrs = attributes(tag!);
    found.set(label!.trim(), [attrs.get('name') ?? '', attrs.get('value') ?? '']);
  }
  return found;
}

function formAction(html: string): string {
  const tag = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
  return attributes(tag).get('action') ?? '';
}

interface Submission {
  readonly username?: string;
  readonly password?: string;
  readonly button: 'Allow' | 'Deny';
}

async function submit(page: Page, submission: Submission, tamper: (fields: URLSearchParams) => void = () => {}): Promise<Response> {
  const fields = hiddenFields(page.html);
  if (submission.username !== undefined) fields.set('username', submission.username);
  if (submission.password !== undefined) fields.set('password', submission.password);
  const button = buttons(page.html).get(submission.button);
  if (!button) throw new Error(`The page has no ${submission.button} button.`);
  fields.set(button[0], button[1]);
  tamper(fields);
  return fetch(new URL(formAction(page.html), sandbox.authUrl), { method: 'POST', body: fields, redirect: 'manual' });
}

async function signIn(parameters: Record<string, string>, button: Submission['button'] = 'Allow'): Promise<Response> {
  const page = await openPage(parameters);
  expect(page.response.status).toBe(200);
  return submit(page, { username: sandbox.demo.username, password: sandbox.demo.password, button });
}

/** The result parameters of a redirect to the callback, checking it went back there. */
function redirectResult(response: Response, base = CALLBACK): URLSearchParams {
  expect(response.status).toBe(302);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(`${base}?`)).toBe(true);
  expect(location).not.toContain('#');
  return new URL(location).searchParams;
}

describe('GET /oauth2/authorize: the login page', () => {
  it('shows a login form naming the client, its device and the requested access', async () => {
    const parameters = baseParameters({ response_type: 'token', token_type: 'mac', scope: 'offline broadcaster', device_name: 'Studio PC' });
    const { response, html } = await openPage(parameters);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('Broadcaster Companion');
    expect(html).toContain('Studio PC');
    expect(html).toMatch(/does not expire/);
    expect(html).toMatch(/Broadcast live/);
    expect(html).toMatch(/<input\b[^>]*name="username"/);
    expect(html).toMatch(/<input\b[^>]*name="password"[^>]*type="password"/);
    expect([...buttons(html).keys()]).toEqual(['Allow', 'Deny']);
    expect(formAction(html)).toBe('/oauth2/authorize');
    expect(/<form\b[^>]*method="post"/.test(html)).toBe(true);
    expect(html).not.toMatch(/<script/i);

    const hidden = hiddenFields(html);
    for (const [name, value] of Object.entries(parameters)) expect(hidden.get(name)).toBe(value);
    expect(hidden.get('form_token')).toMatch(/\S{20,}/);
  });

  it('is uncacheable, unframeable and script-free by its headers', async () => {
    const { response } = await openPage(baseParameters());
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    // The form posts to the page itself and is then redirected to the app, which form-action must allow.
    expect(csp).toContain("form-action 'self' http://127.0.0.1:7777");
  });

  it('takes its parameters as POST parameters too', async () => {
    const response = await fetch(`${sandbox.authUrl}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams(baseParameters()), redirect: 'manual' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(hiddenFields(html).get('client_id')).toBe(sandbox.client.id);
  });

  it('accepts display and lang, offering the touch layout and carrying both through the form', async () => {
    const { response, html } = await openPage(baseParameters({ display: 'touch', lang: 'de_DE' }));
    expect(response.status).toBe(200);
    expect(html).toContain('<body class="touch">');
    expect(hiddenFields(html).get('display')).toBe('touch');
    expect(hiddenFields(html).get('lang')).toBe('de_DE');
    const result = redirectResult(await submit({ response, html }, { username: sandbox.demo.username, password: sandbox.demo.password, button: 'Allow' }));
    expect(result.get('code')).toMatch(HEX40);
  });

  it('escapes every value it shows, and returns state unchanged', async () => {
    const state = '"><script>alert(1)</script>&amp;\'';
    const deviceName = '<img src=x onerror=alert(2)> Studio & "Co"';
    const page = await openPage(baseParameters({ state, device_name: deviceName }));
    expect(page.html).not.toMatch(/<script|<img/i);
    expect(hiddenFields(page.html).get('state')).toBe(state);
    const wrong = await submit(page, { username: '<b>x</b>', password: 'nope', button: 'Allow' });
    const again = await wrong.text();
    expect(again).not.toContain('<b>x</b>');
    expect(again).toContain('&#60;b&#62;x&#60;/b&#62;');
    const result = redirectResult(await submit({ response: wrong, html: again }, { username: sandbox.demo.username, password: sandbox.demo.password, button: 'Allow' }));
    expect(result.get('state')).toBe(state);
  });

  it('never signs in from credentials in a URL', async () => {
    const page = await openPage(baseParameters());
    const { response, html } = await openPage({ ...Object.fromEntries(hiddenFields(page.html)), username: 'demo', password: 'broadcast', decision: 'allow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(html).toMatch(/<form\b/);
  });
});

describe('POST /oauth2/authorize: the user decides', () => {
  it('keeps the user on the page with a message when the credentials are wrong, and lets them retry', async () => {
    const codesBefore = sandbox.admin.store.data.codes.length;
    const page = await openPage(baseParameters());
    const response = await submit(page, { username: sandbox.demo.username, password: 'not-the-password', button: 'Allow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toMatch(/role="alert">The user name or password is wrong/);
    expect(html).toMatch(/name="username" value="demo"/);
    expect(html).not.toContain('not-the-password');
    expect(sandbox.admin.store.data.codes.length).toBe(codesBefore);

    const unknownUser = await submit(page, { username: 'nobody', password: 'broadcast', button: 'Allow' });
    expect(unknownUser.status).toBe(200);
    expect(await unknownUser.text()).toMatch(/wrong/);

    const retry = await submit({ response, html }, { username: sandbox.demo.username, password: sandbox.demo.password, button: 'Allow' });
    expect(redirectResult(retry).get('code')).toMatch(HEX40);
  });

  it('asks for the credentials when they are left empty', async () => {
    const response = await submit(await openPage(baseParameters()), { username: '', password: '', button: 'Allow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/Enter your user name and password/);
  });

  it('redirects with error=access_denied and state on Deny, even before credentials are typed', async () => {
    const result = redirectResult(await signIn(baseParameters(), 'Deny'));
    expect(Object.fromEntries(result)).toEqual({ error: 'access_denied', state: 'xyz-123' });
    const cancelled = redirectResult(await submit(await openPage(baseParameters({ response_type: 'token' })), { button: 'Deny' }));
    expect(Object.fromEntries(cancelled)).toEqual({ error: 'access_denied', state: 'xyz-123' });
  });

  it('omits state from the result when none was sent', async () => {
    const parameters = baseParameters();
    delete parameters.state;
    const result = redirectResult(await signIn(parameters));
    expect([...result.keys()]).toEqual(['code']);
  });

  it('returns a code and state in the code flow, keeping the redirect URI\'s own query', async () => {
    const redirectUri = `${CALLBACK}?session=abc&x=a%20b`;
    const response = await signIn(baseParameters({ redirect_uri: redirectUri, scope: 'offline', device_name: 'Laptop' }));
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${redirectUri}&`)).toBe(true);
    const result = redirectResult(response);
    expect(result.get('session')).toBe('abc');
    expect(result.get('x')).toBe('a b');
    expect(result.get('code')).toMatch(HEX40);
    expect(result.get('state')).toBe('xyz-123');
    expect(result.has('access_token')).toBe(false);

    const code = sandbox.admin.store.code(result.get('code')!)!;
    expect(code).toMatchObject({ clientId: sandbox.client.id, redirectUri, userId: '1001', scopes: ['offline'], deviceName: 'Laptop', used: false });
    expect(code.expiresAt - Date.now() / 1000).toBeGreaterThan(590);
    expect(code.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(600);
  });

  it('returns a bearer token in the implicit flow', async () => {
    const result = redirectResult(await signIn(baseParameters({ response_type: 'token', device_name: 'Phone' })));
    expect([...result.keys()].sort()).toEqual(['access_token', 'expires_in', 'state', 'token_type']);
    expect(result.get('access_token')).toMatch(HEX40);
    expect(result.get('token_type')).toBe('bearer');
    expect(result.get('expires_in')).toBe('86400');
    expect(result.get('state')).toBe('xyz-123');
    const token = sandbox.admin.store.token(result.get('access_token')!)!;
    expect(token).toMatchObject({ type: 'bearer', userId: '1001', clientId: sandbox.client.id, deviceName: 'Phone', scopes: [] });
  });

  it('returns a MAC token with all its fields in the implicit flow', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = redirectResult(await signIn(baseParameters({ response_type: 'token', token_type: 'mac', scope: 'broadcaster' })));
    expect([...result.keys()].sort()).toEqual(['access_token', 'created_at', 'expires_in', 'mac_algorithm', 'mac_key', 'state', 'token_type']);
    expect(result.get('access_token')).toMatch(HEX40);
    expect(result.get('mac_key')).toMatch(HEX40);
    expect(result.get('mac_key')).not.toBe(result.get('access_token'));
    expect(result.get('mac_algorithm')).toBe('hmac-sha-1');
    expect(result.get('token_type')).toBe('mac');
    expect(result.get('expires_in')).toBe('86400');
    expect(Number(result.get('created_at'))).toBeGreaterThanOrEqual(before);
    expect(Number(result.get('created_at'))).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(sandbox.admin.store.token(result.get('access_token')!)).toMatchObject({ type: 'mac', scopes: ['broadcaster'] });
    expect(sandbox.admin.store.macKeyFor(result.get('access_token')!)).toBe(result.get('mac_key'));
  });

  it('leaves expires_in out with scope offline, given as a URL-encoded list', async () => {
    const result = redirectResult(await signIn(baseParameters({ response_type: 'token', token_type: 'mac', scope: 'offline%20broadcaster' })));
    expect(result.has('expires_in')).toBe(false);
    expect(result.get('mac_key')).toMatch(HEX40);
    expect(sandbox.admin.store.token(result.get('access_token')!)).toMatchObject({ expiresAt: null, scopes: ['offline', 'broadcaster'] });
  });

  it('refuses a form whose token or parameters were tampered with', async () => {
    const page = await openPage(baseParameters({ response_type: 'token' }));
    const credentials = { username: sandbox.demo.username, password: sandbox.demo.password, button: 'Allow' } as const;
    const tokensBefore = sandbox.admin.store.data.tokens.length;

    const forged = await submit(page, credentials, (fields) => {
      const token = fields.get('form_token')!;
      fields.set('form_token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    expect(await forged.text()).toMatch(/altered/);

    const widened = await submit(page, credentials, (fields) => fields.set('scope', 'offline'));
    expect(widened.status).toBe(403);
    expect(widened.headers.get('location')).toBeNull();

    const dropped = await submit(page, credentials, (fields) => fields.set('form_token', 'x'));
    expect(dropped.status).toBe(403);
    expect(sandbox.admin.store.data.tokens.length).toBe(tokensBefore);

    // The untouched form still works.
    expect(redirectResult(await submit(page, credentials)).get('access_token')).toMatch(HEX40);
  });
});

describe('/oauth2/authorize: requests it refuses', () => {
  const refusedWithoutRedirect = async (parameters: Record<string, string>, reason: RegExp): Promise<void> => {
    const { response, html } = await openPage(parameters);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("form-action 'none'");
    expect(html).not.toMatch(/<form\b/);
    expect(decodeEntities(html)).toMatch(reason);
  };

  it('shows a 400 page and does not redirect when the redirect_uri has no registered prefix', async () => {
    await refusedWithoutRedirect(baseParameters({ redirect_uri: 'https://attacker.example/callback' }), /does not start with a prefix registered/);
    // A registered prefix that stops inside the host name does not admit other hosts.
    await refusedWithoutRedirect(baseParameters({ redirect_uri: 'http://localhost.attacker.example/callback' }), /prefix registered/);
    await refusedWithoutRedirect(baseParameters({ redirect_uri: 'http://127.0.0.1.attacker.example/callback' }), /prefix registered/);
    await refusedWithoutRedirect(baseParameters({ redirect_uri: 'http://localhost@attacker.example/callback' }), /user information/);
    await refusedWithoutRedirect(baseParameters({ redirect_uri: `${CALLBACK}#fragment` }), /fragment/);
    await refusedWithoutRedirect(baseParameters({ redirect_uri: 'callback' }), /not an absolute URI/);
    const missing = baseParameters();
    delete missing.redirect_uri;
    await refusedWithoutRedirect(missing, /no redirect_uri/);
  });

  it('shows a 400 page for an unknown or missing client_id', async () => {
    await refusedWithoutRedirect(baseParameters({ client_id: '0'.repeat(40) }), /not an application registered/);
    const missing = baseParameters();
    delete missing.client_id;
    await refusedWithoutRedirect(missing, /no client_id/);
  });

  it('accepts the registered app:// prefix', async () => {
    const result = redirectResult(await signIn(baseParameters({ redirect_uri: 'app://companion/signed-in' })), 'app://companion/signed-in');
    expect(result.get('code')).toMatch(HEX40);
  });

  const redirectedError = async (parameters: Record<string, string>): Promise<Record<string, string>> => {
    const { response } = await openPage(parameters);
    const result = Object.fromEntries(redirectResult(response));
    expect(result.state).toBe('xyz-123');
    expect(result.error_description).toBeTruthy();
    return result;
  };

  it('redirects unsupported_response_type for MAC tokens in the code flow, which the spec does not implement', async () => {
    expect((await redirectedError(baseParameters({ token_type: 'mac' }))).error).toBe('unsupported_response_type');
  });

  it('redirects unsupported_response_type for an unknown response_type, invalid_request when it is missing', async () => {
    expect((await redirectedError(baseParameters({ response_type: 'id_token' }))).error).toBe('unsupported_response_type');
    const missing = baseParameters();
    delete missing.response_type;
    expect((await redirectedError(missing)).error).toBe('invalid_request');
  });

  it('redirects invalid_scope for broadcaster without MAC, and for an unknown scope', async () => {
    expect((await redirectedError(baseParameters({ response_type: 'token', scope: 'broadcaster' }))).error).toBe('invalid_scope');
    expect((await redirectedError(baseParameters({ response_type: 'token', token_type: 'mac', scope: 'offline admin' }))).error).toBe('invalid_scope');
  });

  it('redirects invalid_request for an unknown token_type', async () => {
    expect((await redirectedError(baseParameters({ response_type: 'token', token_type: 'jwt' }))).error).toBe('invalid_request');
  });
});
