// Plain HTTP for the conformance suite: real requests to the sandbox's addresses, POST and PUT parameters
// form-encoded in the body (the spec's convention), the token in the Authorization header as a bearer
// token or a MAC signature, redirects never followed (the suite checks them). `<format>` requests are sent
// in the suite's format (suite-format.ts); an XML answer is read back into its JSON value, so every assertion
// on `json` checks the XML too.
import { expect } from 'vitest';
import { readXmlBody } from '../support/xml-body-reader.js';
import { macAuthorization } from './mac-signer.js';
import { inSuiteFormat, isFormatRequest } from './suite-format.js';

export type FormValue = string | number | boolean | readonly string[];
export type Form = Readonly<Record<string, FormValue>>;

export interface BearerToken {
  readonly kind: 'bearer';
  readonly accessToken: string;
}

export interface MacToken {
  readonly kind: 'mac';
  readonly accessToken: string;
  readonly macKey: string;
  /** Unix seconds: the MAC issue time the nonce age counts from. */
  readonly createdAt: number;
}

export type AccessToken = BearerToken | MacToken;

export interface RequestOptions {
  readonly token?: AccessToken | null;
  /** Query parameters added to the URL. */
  readonly query?: Form;
  /** Sent as application/x-www-form-urlencoded. */
  readonly form?: Form;
  readonly headers?: Readonly<Record<string, string>>;
  /** A raw body, when `form` does not fit (bytes for uploads, or multipart form data). */
  readonly body?: string | Uint8Array | FormData;
  /** Sends the path's format as written (`.json` or `.xml`), whatever the suite's format. */
  readonly formatAsWritten?: boolean;
}

export interface HttpResult {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body when it is JSON, or the JSON value of an XML body; undefined otherwise. */
  readonly json: unknown;
}

export function formBody(form: Form): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(name, item);
    else params.append(name, String(value));
  }
  return params.toString();
}

export function withQuery(url: string, query: Form | undefined): string {
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${formBody(query)}`;
}

export async function request(method: string, url: string, options: RequestOptions = {}): Promise<HttpResult> {
  const target = withQuery(options.formatAsWritten ? url : inSuiteFormat(method, url), options.query);
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Uint8Array | FormData | undefined = options.body;
  if (options.form) {
    body = formBody(options.form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (options.token) headers.authorization = authorizationHeader(options.token, method, target, typeof body === 'string' ? body : null);
  const response = await fetch(target, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const result = { method, url: target, status: response.status, headers: response.headers, text };
  return { ...result, json: parseBody(result, isFormatRequest(method, target)) };
}

export function authorizationHeader(token: AccessToken, method: string, url: string, body: string | null): string {
  if (token.kind === 'bearer') return `Bearer ${token.accessToken}`;
  return macAuthorization(token, method, url, body);
}

/**
 * The body's value. A `<format>` answer with a body must come in the path's format. An XML answer is read by
 * the shape rules, under `<response>` for a success and `<error>` for an error; anything else is tried as JSON.
 */
function parseBody(result: Omit<HttpResult, 'json'>, formatRequest: boolean): unknown {
  const { text, headers, status } = result;
  if (text.trim() === '') return undefined;
  const contentType = headers.get('content-type') ?? '';
  const xmlAnswered = /^application\/xml\b/i.test(contentType);
  if (formatRequest) {
    const wanted = new URL(result.url).pathname.endsWith('.xml') ? /^application\/xml\b/i : /^application\/json\b/i;
    expect(contentType, `the content type of the path's format: ${describeResult(result)}`).toMatch(wanted);
  }
  if (!xmlAnswered) return parseJson(text);
  const body = readXmlBody(text);
  expect(body.root, `the XML root element: ${describeResult(result)}`).toBe(status >= 400 ? 'error' : 'response');
  return body.value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A one-line description of a response for assertion messages. */
export function describeResult(result: Omit<HttpResult, 'json'>): string {
  const body = result.text.length > 300 ? `${result.text.slice(0, 300)}…` : result.text;
  return `${result.method} ${result.url} -> ${result.status} ${body}`;
}

export function expectStatus(result: HttpResult, status: number): void {
  expect(result.status, describeResult(result)).toBe(status);
}

/** 2xx, for successes whose status code the spec does not give. */
export function expectSuccess(result: HttpResult): void {
  expect(result.status >= 200 && result.status < 300, `expected a 2xx: ${describeResult(result)}`).toBe(true);
}

/**
 * An error the spec lists as `<status> <error value>`. The body shape of errors outside the token endpoint
 * is not shown by the spec, so the value only has to appear in the body: as a string anywhere in a JSON
 * body, or in the text of another body.
 */
export function expectError(result: HttpResult, status: number, error?: string): void {
  expectStatus(result, status);
  if (error === undefined) return;
  const found = result.json === undefined ? result.text.includes(error) : containsString(result.json, error);
  expect(found, `the error value "${error}" should be in the body: ${describeResult(result)}`).toBe(true);
}

function containsString(value: unknown, wanted: string): boolean {
  if (value === wanted) return true;
  if (Array.isArray(value)) return value.some((item) => containsString(item, wanted));
  if (value !== null && typeof value === 'object') return Object.values(value).some((item) => containsString(item, wanted));
  return false;
}

/**
 * A 404 for a missing resource proves little while the route itself is missing: the same request for a
 * resource that exists (the control) must not be a 404.
 */
export function expectRouteAnswers(control: HttpResult): void {
  expect(control.status, `the route should answer for an existing resource: ${describeResult(control)}`).not.toBe(404);
}

/** JSON, for answers outside `<format>` (the token endpoint). */
export function expectJsonContentType(result: HttpResult): void {
  expect(result.headers.get('content-type') ?? '', describeResult(result)).toMatch(/json/i);
}

export function expectNoStore(result: HttpResult): void {
  const cacheControl = (result.headers.get('cache-control') ?? '').toLowerCase().split(',').map((part) => part.trim());
  expect(cacheControl, `Cache-Control of ${describeResult(result)}`).toContain('no-store');
}
