// Part A, "Authorization endpoint": GET or POST {auth_url}/oauth2/authorize serves a login page; the
// result values are appended to redirect_uri as GET parameters (code flow, implicit flow with bearer or
// MAC tokens, `state` echoed, `error=access_denied` on Deny); wrong credentials keep the user on the page,
// which lets them retry, sign up or request a password reset.
import { describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { describeResult, request } from './http-client.js';
import { authorizeInBrowser, continueToRedirect, followWithinServer, LoginBrowser, loginForm, parseForms } from './login-browser.js';
import { authorizeUrl, macTokenFrom } from './oauth-client.js';
import { channelId, nowSeconds, useSandbox } from './sandbox-fixture.js';
import { hex40, valueOf } from './spec-shapes.js';
import { z } from 'zod';

const AUTHORIZE = 'GET|POST {auth_url}/oauth2/authorize';
const REDIRECT_URI = 'http://127.0.0.1/conformance/callback';
const ONE_DAY = 86_400;

describe('authorization endpoint', () => {
  const handle = useSandbox();

  function pageUrl(params: Record<string, string>): string {
    return `${authorizeUrl(handle.sandbox)}?${new URLSearchParams({ client_id: handle.sandbox.client.id, redirect_uri: REDIRECT_URI, ...params })}`;
  }

  it('serves an HTML login form with username and password fields (GET)', async () => {
    covers(AUTHORIZE, 'success');
    const form = loginForm(await new LoginBrowser().get(pageUrl({ response_type: 'code' })));
    expect(form.fields.some((field) => field.type === 'password')).toBe(true);
    expect(form.fields.some((field) => field.tag === 'input' && /^(text|email)$/.test(field.type))).toBe(true);
  });

  it('serves the page with the optional display, lang and device_name parameters', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(
      new LoginBrowser(),
      pageUrl({ response_type: 'code', display: 'touch', lang: 'en_US', device_name: 'Conformance Phone' }),
      REDIRECT_URI,
      handle.sandbox.demo,
    );
    valueOf(outcome.params.get('code'), hex40, 'code');
  });

  it('serves the login page for POST parameters too', async () => {
    covers(AUTHORIZE, 'success');
    const browser = new LoginBrowser();
    const url = authorizeUrl(handle.sandbox);
    const page = await browser.postForm(url, { response_type: 'code', client_id: handle.sandbox.client.id, redirect_uri: REDIRECT_URI, state: 'posted-state' });
    const submitted = await browser.submit(url, loginForm(page), handle.sandbox.demo, /allow/i);
    const outcome = await continueToRedirect(browser, url, submitted, REDIRECT_URI, handle.sandbox.demo);
    valueOf(outcome.params.get('code'), hex40, 'code');
    expect(outcome.params.get('state')).toBe('posted-state');
  });

  it('code flow: redirects with a 40-hex code and the state', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'code', state: 'xsrf-123' }), REDIRECT_URI, handle.sandbox.demo);
    expect(outcome.location.toString().startsWith(REDIRECT_URI)).toBe(true);
    valueOf(outcome.params.get('code'), hex40, 'code (40-character hex sha1)');
    expect(outcome.params.get('state')).toBe('xsrf-123');
    expect(outcome.params.has('access_token')).toBe(false);
  });

  it('code flow without state: no state in the redirect', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'code' }), REDIRECT_URI, handle.sandbox.demo);
    valueOf(outcome.params.get('code'), hex40, 'code');
    expect(outcome.params.has('state')).toBe(false);
  });

  it('implicit flow, bearer: access_token, expires_in, token_type=bearer, state as query parameters', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'token', state: 'st' }), REDIRECT_URI, handle.sandbox.demo);
    const token = valueOf(outcome.params.get('access_token'), hex40, 'access_token (40-char hex)');
    const expiresIn = Number(outcome.params.get('expires_in'));
    expect(expiresIn).toBeGreaterThan(ONE_DAY - 120);
    expect(expiresIn).toBeLessThanOrEqual(ONE_DAY);
    expect(outcome.params.get('token_type')).toBe('bearer');
    expect(outcome.params.get('state')).toBe('st');
    const channel = await request('GET', `${handle.sandbox.apiUrl}/channels/${channelId(handle.sandbox, 'Demo Live')}.json`, {
      token: { kind: 'bearer', accessToken: token },
      query: { detail_level: 'owner' },
    });
    expect(channel.status, `the token works on the API: ${describeResult(channel)}`).toBe(200);
  });

  it('implicit flow, MAC: access_token, expires_in, mac_key, created_at, mac_algorithm, token_type=mac, state', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'token', token_type: 'mac', state: 'm' }), REDIRECT_URI, handle.sandbox.demo);
    const fields = Object.fromEntries(outcome.params);
    valueOf(fields.access_token, hex40, 'access_token (the MAC id)');
    valueOf(fields.mac_key, hex40, 'mac_key (40-char hex)');
    expect(fields.mac_algorithm).toBe('hmac-sha-1');
    expect(fields.state).toBe('m');
    expect(Number(fields.expires_in)).toBeGreaterThan(ONE_DAY - 120);
    const token = macTokenFrom(fields);
    expect(Math.abs(token.createdAt - nowSeconds())).toBeLessThanOrEqual(60);
    // The MAC token works on the API, signed by an independent implementation (oauthlib).
    const channel = await request('GET', `${handle.sandbox.apiUrl}/channels/${channelId(handle.sandbox, 'Demo Live')}.json`, { token, query: { detail_level: 'owner' } });
    expect(channel.status, describeResult(channel)).toBe(200);
  });

  it('implicit flow, MAC with scope offline and broadcaster: no expires_in', async () => {
    covers(AUTHORIZE, 'success');
    const outcome = await authorizeInBrowser(
      new LoginBrowser(),
      pageUrl({ response_type: 'token', token_type: 'mac', scope: 'offline broadcaster' }),
      REDIRECT_URI,
      handle.sandbox.demo,
    );
    expect(outcome.params.get('token_type')).toBe('mac');
    expect(outcome.params.has('expires_in')).toBe(false);
    valueOf(outcome.params.get('created_at'), z.string().regex(/^\d+$/), 'created_at');
  });

  it('Deny: redirects with error=access_denied and the state', async () => {
    covers(AUTHORIZE, 'access_denied');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'code', state: 'no-thanks' }), REDIRECT_URI, handle.sandbox.demo, /deny/i);
    expect(outcome.params.get('error')).toBe('access_denied');
    expect(outcome.params.get('state')).toBe('no-thanks');
    expect(outcome.params.has('code')).toBe(false);
  });

  it('Deny in the implicit flow: error=access_denied, no token', async () => {
    covers(AUTHORIZE, 'access_denied');
    const outcome = await authorizeInBrowser(new LoginBrowser(), pageUrl({ response_type: 'token' }), REDIRECT_URI, handle.sandbox.demo, /deny/i);
    expect(outcome.params.get('error')).toBe('access_denied');
    expect(outcome.params.has('access_token')).toBe(false);
    expect(outcome.params.has('state')).toBe(false);
  });

  it('wrong credentials: no redirect, the user stays on the page and may retry', async () => {
    covers(AUTHORIZE, 'success');
    const browser = new LoginBrowser();
    const url = pageUrl({ response_type: 'code', state: 'retry' });
    const form = loginForm(await browser.get(url));
    const wrong = await browser.submit(url, form, { username: handle.sandbox.demo.username, password: 'not-the-password' }, /allow/i);
    // No redirect to the client; the answer (after any redirect within the server) is the login page again.
    const stayed = await followWithinServer(browser, url, wrong, REDIRECT_URI);
    const again = loginForm(stayed.result);
    const retried = await browser.submit(stayed.url, again, handle.sandbox.demo, /allow/i);
    const outcome = await continueToRedirect(browser, stayed.url, retried, REDIRECT_URI, handle.sandbox.demo);
    valueOf(outcome.params.get('code'), hex40, 'code');
    expect(outcome.params.get('state')).toBe('retry');
  });

  it('wrong credentials: 200 with a message, the user name kept, and links to sign up and to request a password reset that answer 200', async () => {
    covers(AUTHORIZE, 'success');
    const browser = new LoginBrowser();
    const url = pageUrl({ response_type: 'code', state: 'help' });
    const username = handle.sandbox.demo.username;
    const first = await browser.get(url);
    const message = /wrong|incorrect|invalid/i;
    expect(first.text).not.toMatch(message);
    const wrong = await browser.submit(url, loginForm(first), { username, password: 'not-the-password' }, /allow/i);
    expect(wrong.status, describeResult(wrong)).toBe(200);
    expect(wrong.headers.get('location')).toBeNull();
    expect(wrong.text).toMatch(message);
    const again = loginForm(wrong);
    const nameField = again.fields.find((field) => field.tag === 'input' && /^(text|email)$/.test(field.type));
    expect(nameField?.value, 'the user name field after the failed attempt').toBe(username);

    const pageLinks = anchors(wrong.text, url);
    for (const [purpose, text] of [
      ['sign up', /sign ?up|create an account|register/i],
      ['request a password reset', /forgot|reset/i],
    ] as const) {
      const target = pageLinks.find((anchor) => text.test(anchor.text));
      expect(target, `a link to ${purpose} among ${JSON.stringify(pageLinks)}`).toBeDefined();
      const page = await browser.get(target!.href);
      expect(page.status, `the link to ${purpose}: ${describeResult(page)}`).toBe(200);
      expect(page.headers.get('content-type') ?? '').toMatch(/text\/html/i);
    }
  });

  it('does not redirect to a redirect_uri whose prefix is not registered', async () => {
    const foreign = 'https://attacker.invalid/callback';
    const browser = new LoginBrowser();
    const url = `${authorizeUrl(handle.sandbox)}?${new URLSearchParams({ response_type: 'code', client_id: handle.sandbox.client.id, redirect_uri: foreign })}`;
    const page = await browser.get(url);
    expect(page.headers.get('location') ?? '', describeResult(page)).not.toContain('attacker.invalid');
    const form = parseForms(page.text).find((candidate) => candidate.fields.some((field) => field.type === 'password'));
    if (form) {
      const submitted = await browser.submit(url, form, handle.sandbox.demo, /allow/i);
      expect(submitted.headers.get('location') ?? '', describeResult(submitted)).not.toContain('attacker.invalid');
    }
  });
});

/** The page's links: their text (tags stripped) and their address, resolved against the page's. */
function anchors(html: string, pageUrl: string): { text: string; href: string }[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi)].map(([, href, text]) => ({
    text: (text ?? '').replace(/<[^>]*>/g, '').trim(),
    href: new URL((href ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&'), pageUrl).toString(),
  }));
}
