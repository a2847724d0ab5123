// Drives the authorization endpoint's HTML login page as a browser would: GET the page, read its form
// (action, method, fields, submit buttons), fill in the user's credentials, POST the fields back with the
// pressed button, keep cookies, and stop at the redirect to the client's redirect_uri.
import { expect } from 'vitest';
import { describeResult, formBody, type HttpResult } from './http-client.js';

export interface FormField {
  readonly tag: 'input' | 'button' | 'select' | 'textarea';
  readonly type: string;
  readonly name: string;
  readonly value: string;
  /** The button's text (buttons), for picking Allow or Deny. */
  readonly label: string;
  readonly checked: boolean;
}

export interface HtmlForm {
  readonly action: string;
  readonly method: string;
  readonly fields: readonly FormField[];
}

export class LoginBrowser {
  readonly #cookies = new Map<string, string>();

  async get(url: string): Promise<HttpResult> {
    return this.#send('GET', url, undefined);
  }

  async post(url: string, fields: ReadonlyArray<readonly [string, string]>): Promise<HttpResult> {
    const params = new URLSearchParams();
    for (const [name, value] of fields) params.append(name, value);
    return this.#send('POST', url, params.toString());
  }

  async postForm(url: string, form: Readonly<Record<string, string>>): Promise<HttpResult> {
    return this.#send('POST', url, formBody(form));
  }

  /** Submits `form` as a browser does when the user fills `values` in and presses the button matching `press`. */
  async submit(pageUrl: string, form: HtmlForm, values: Readonly<Record<'username' | 'password', string>>, press: RegExp): Promise<HttpResult> {
    const fields: [string, string][] = [];
    let usernameFilled = false;
    const button = form.fields.find((field) => isSubmit(field) && (press.test(field.label) || press.test(field.value) || press.test(field.name)));
    expect(button, `a submit button matching ${press} in ${JSON.stringify(form.fields)}`).toBeDefined();
    for (const field of form.fields) {
      if (!field.name) continue;
      if (isSubmit(field)) {
        if (field === button) fields.push([field.name, field.value]);
        continue;
      }
      if (field.type === 'password') fields.push([field.name, values.password]);
      else if (field.type === 'checkbox' || field.type === 'radio') {
        if (field.checked) fields.push([field.name, field.value || 'on']);
      } else if (field.type === 'hidden') fields.push([field.name, field.value]);
      else if (!usernameFilled && (field.tag === 'input' || field.tag === 'textarea') && /^(text|email|)$/.test(field.type)) {
        fields.push([field.name, values.username]);
        usernameFilled = true;
      } else fields.push([field.name, field.value]);
    }
    const action = new URL(form.action || pageUrl, pageUrl).toString();
    if (form.method.toUpperCase() === 'GET') {
      const target = new URL(action);
      for (const [name, value] of fields) target.searchParams.append(name, value);
      return this.get(target.toString());
    }
    return this.post(action, fields);
  }

  async #send(method: string, url: string, body: string | undefined): Promise<HttpResult> {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (this.#cookies.size > 0) headers.cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const equals = pair?.indexOf('=') ?? -1;
      if (pair && equals > 0) this.#cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { method, url, status: response.status, headers: response.headers, text, json };
  }
}

function isSubmit(field: FormField): boolean {
  return (field.tag === 'button' && (field.type === '' || field.type === 'submit')) || (field.tag === 'input' && (field.type === 'submit' || field.type === 'image'));
}

/** The page's login form: the form with a password field. */
export function loginForm(page: HttpResult): HtmlForm {
  expect(page.status, describeResult(page)).toBe(200);
  expect(page.headers.get('content-type') ?? '', describeResult(page)).toMatch(/text\/html/i);
  const form = parseForms(page.text).find((candidate) => candidate.fields.some((field) => field.type === 'password'));
  expect(form, `a login form with a password field in ${page.text.slice(0, 500)}`).toBeDefined();
  return form!;
}

export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form\s*>/gi)) {
    const attributes = parseAttributes(match[1] ?? '');
    const inner = match[2] ?? '';
    const fields: FormField[] = [];
    const controls = /<(input|button|select|textarea)\b([^>]*)>(?:([\s\S]*?)<\/\1\s*>)?/gi;
    for (const control of inner.matchAll(controls)) {
      const tag = control[1]!.toLowerCase() as FormField['tag'];
      const own = parseAttributes(control[2] ?? '');
      const content = tag === 'input' ? '' : (control[3] ?? '');
      const label = decodeEntities(content.replace(/<[^>]*>/g, '')).trim();
      let value = own.get('value') ?? '';
      if (tag === 'textarea') value = decodeEntities(content);
      if (tag === 'select') {
        const options = [...content.matchAll(/<option\b([^>]*)>([\s\S]*?)(?=<option\b|$)/gi)];
        const selected = options.find((option) => parseAttributes(option[1] ?? '').has('selected')) ?? options[0];
        value = selected ? (parseAttributes(selected[1] ?? '').get('value') ?? decodeEntities((selected[2] ?? '').replace(/<[^>]*>/g, '')).trim()) : '';
      }
      if (tag === 'button' && !own.has('value')) value = label;
      if (own.has('disabled')) continue;
      const defaultType = tag === 'button' ? 'submit' : tag === 'input' ? 'text' : '';
      fields.push({ tag, type: (own.get('type') ?? defaultType).toLowerCase(), name: own.get('name') ?? '', value, label: label || value, checked: own.has('checked') });
    }
    forms.push({ action: attributes.get('action') ?? '', method: attributes.get('method') ?? 'GET', fields });
  }
  return forms;
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface AuthorizeOutcome {
  /** The redirect to the client's redirect_uri. */
  readonly location: URL;
  /** The result values, read from the redirect's query (the spec: "appended ... as GET parameters"). */
  readonly params: URLSearchParams;
}

/**
 * Signs in on the authorization page and presses Allow (or Deny) until the server redirects to
 * `redirectUri`; follows redirects that stay on the authorization server (a consent page, say).
 */
export async function authorizeInBrowser(
  browser: LoginBrowser,
  pageUrl: string,
  redirectUri: string,
  credentials: Readonly<Record<'username' | 'password', string>>,
  press: RegExp = /allow/i,
): Promise<AuthorizeOutcome> {
  return continueToRedirect(browser, pageUrl, await browser.get(pageUrl), redirectUri, credentials, press);
}

/** Goes on from `result` (the answer to a request for `url`) as `authorizeInBrowser` does. */
export async function continueToRedirect(
  browser: LoginBrowser,
  url: string,
  result: HttpResult,
  redirectUri: string,
  credentials: Readonly<Record<'username' | 'password', string>>,
  press: RegExp = /allow/i,
): Promise<AuthorizeOutcome> {
  let current = url;
  let answer = result;
  for (let step = 0; step < 6; step++) {
    const location = answer.headers.get('location');
    if (answer.status >= 300 && answer.status < 400 && location) {
      const target = new URL(location, current);
      if (target.toString().startsWith(redirectUri)) return { location: target, params: target.searchParams };
      current = target.toString();
      answer = await browser.get(current);
      continue;
    }
    const form = parseForms(answer.text).find((candidate) => candidate.fields.some((field) => isSubmit(field) && (press.test(field.label) || press.test(field.value))));
    expect(answer.status, describeResult(answer)).toBe(200);
    expect(form, `a form with a button matching ${press}: ${describeResult(answer)}`).toBeDefined();
    answer = await browser.submit(current, form!, credentials, press);
  }
  throw new Error(`The authorization page never redirected to ${redirectUri}: ${describeResult(answer)}`);
}

/** Follows redirects that stay on the authorization server; fails on one to `redirectUri`. */
export async function followWithinServer(browser: LoginBrowser, url: string, result: HttpResult, redirectUri: string): Promise<{ url: string; result: HttpResult }> {
  let current = url;
  let answer = result;
  for (let step = 0; step < 5; step++) {
    const location = answer.headers.get('location');
    if (!(answer.status >= 300 && answer.status < 400 && location)) return { url: current, result: answer };
    const target = new URL(location, current);
    expect(target.toString().startsWith(redirectUri), `no redirect to the client: ${describeResult(answer)}`).toBe(false);
    current = target.toString();
    answer = await browser.get(current);
  }
  throw new Error(`Too many redirects from ${url}.`);
}
