// The transport under every endpoint function: builds the URL and body, signs with the user's or the
// application's token (bearer or MAC), retries what is safe to retry, and turns answers into typed results
// or typed errors. Nothing secret reaches its log lines or error messages.
import type { z } from 'zod';
import type { AccessToken, TokenSource } from './access-token.js';
import { errorBody, readableExcerpt, withoutSecrets } from './error-body.js';
import { signMac } from './mac-signer.js';
import { COLLECTION_LIMIT_HEADER, COLLECTION_REMAINING_HEADER, headerCount } from './collection-capacity.js';
import { CollectionFullError, PlatformError, SignInNeededError } from './platform-error.js';
import type { PlatformCaller, PlatformRequest, PlatformResponse } from './platform-request.js';
import { issueSummary, malformedResponse } from './malformed-response.js';
import { encodeParameters, requestUrl } from './request-encoding.js';
import { MAX_RATE_LIMIT_WAIT_MS } from './rate-limit-gate.js';
import { fetchWithRetries, resolveTransport, unreachable, type Fetched, type TransportOptions } from './retrying-fetch.js';

export interface PlatformCallerOptions extends TransportOptions {
  readonly apiUrl: string;
  readonly tokens: TokenSource;
}

interface Body {
  readonly data: Uint8Array | string;
  readonly contentType: string;
}

export function createPlatformCaller(options: PlatformCallerOptions): PlatformCaller {
  // One gate for every call of this caller: a spent budget holds back the next call to that endpoint.
  const transport = resolveTransport(options);

  async function send(request: PlatformRequest): Promise<Fetched> {
    const url = requestUrl(options.apiUrl, request.path, request.query);
    const body = requestBody(request);
    let token = await signingToken(request);
    let fetched = await exchange(request, url, body, token);
    // A renewable sign-in (today's platform) refused once: renewed, and the call asked again with the new token.
    if (fetched.status === 401 && token !== null && (request.auth ?? 'user') === 'user' && options.tokens.renewRefused) {
      const renewed = await options.tokens.renewRefused(token);
      if (renewed !== null) {
        token = renewed;
        fetched = await exchange(request, url, body, token);
      }
    }
    if (fetched.status >= 200 && fetched.status < 300) return fetched;
    throw answerError(request.endpoint, fetched, token === null ? [] : secretsOf(token));
  }

  async function exchange(request: PlatformRequest, url: string, body: Body | null, token: AccessToken | null): Promise<Fetched> {
    const idempotent = request.idempotent ?? request.method !== 'POST';
    const init = (): RequestInit => {
      const headers: Record<string, string> = {};
      if (body !== null) headers['Content-Type'] = body.contentType;
      if (token !== null) headers.Authorization = authorization(token, request.method, url, body, transport.now());
      // Never follow a redirect: the signed request would be replayed to wherever it points.
      return { method: request.method, headers, redirect: 'manual', ...(body !== null ? { body: body.data } : {}) };
    };
    try {
      return await fetchWithRetries(transport, {
        url,
        init,
        method: request.method,
        logPath: request.path,
        retryOnServiceUnavailable: idempotent,
        retryOnNetworkError: idempotent,
        limitKey: request.endpoint,
      });
    } catch (error) {
      throw unreachable(request.endpoint, url, error, transport.timeoutMs);
    }
  }

  async function signingToken(request: PlatformRequest): Promise<AccessToken | null> {
    const kind = request.auth ?? 'user';
    if (kind === 'none') return null;
    const token = await options.tokens.token(kind);
    if (token !== null) return token;
    const whose = kind === 'user' ? 'You are not signed in' : "The application's own sign-in (client credentials) is missing";
    throw new SignInNeededError(0, null, request.endpoint, `${whose}, and ${request.endpoint} needs it: sign in, then try again.`);
  }

  return {
    async call<S extends z.ZodType>(request: PlatformRequest, schema: S): Promise<PlatformResponse<z.output<S>>> {
      const fetched = await send(request);
      let json: unknown;
      if (fetched.text !== '') {
        try {
          json = JSON.parse(fetched.text);
        } catch {
          // The parser's message quotes the body, which may hold a secret: it is not kept as a cause.
          throw malformedResponse(request.endpoint, fetched.status, 'a body that is not JSON');
        }
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw malformedResponse(request.endpoint, fetched.status, `an unexpected body (${issueSummary(parsed.error)})`);
      return { status: fetched.status, headers: fetched.headers, body: parsed.data };
    },
    async callText(request: PlatformRequest): Promise<PlatformResponse<string>> {
      const fetched = await send(request);
      return { status: fetched.status, headers: fetched.headers, body: fetched.text };
    },
  };
}

function requestBody(request: PlatformRequest): Body | null {
  if (request.body !== undefined) return request.body;
  if (request.form !== undefined) return { data: encodeParameters(request.form), contentType: 'application/x-www-form-urlencoded' };
  return null;
}

function authorization(token: AccessToken, method: string, url: string, body: Body | null, nowMs: number): string {
  if (token.type === 'bearer') return `Bearer ${token.accessToken}`;
  return signMac({ method, url, token, now: nowMs / 1000, ...(body !== null ? { body: body.data } : {}) });
}

function secretsOf(token: AccessToken): string[] {
  return token.type === 'mac' ? [token.accessToken, token.macKey] : [token.accessToken];
}

/** The error for a non-2xx answer: what the platform said, and a sentence on what to do about it. */
function answerError(endpoint: string, fetched: Fetched, secrets: readonly string[]): PlatformError {
  const { status } = fetched;
  const { error, description } = errorBody(fetched.text);
  const said = readableExcerpt(withoutSecrets([error, description].filter((part) => part !== null).join(': '), secrets));
  const details = { description: description === null ? null : readableExcerpt(withoutSecrets(description, secrets)) };
  const what = `${endpoint} answered ${status}${said === '' ? '' : ` (${said})`}`;
  if (status === 401) return new SignInNeededError(status, error, endpoint, `${what}: the sign-in is missing, expired or revoked, or the item is locked. Sign in again, then retry.`, details);
  if (status === 413 && error === 'limit_reached') {
    // Already an error: a count that cannot be read is left unknown rather than hiding the error.
    const count = (name: string) => headerCount(fetched.headers, name) ?? null;
    const capacity = { limit: count(COLLECTION_LIMIT_HEADER), remaining: count(COLLECTION_REMAINING_HEADER) };
    return new CollectionFullError(status, error, endpoint, `${what}: the list is full; take something out of it first.`, capacity, details);
  }
  return new PlatformError(status, error, endpoint, `${what}: ${advice(status)}`, details);
}

function advice(status: number): string {
  switch (status) {
    case 400:
      return 'the platform refused a value sent; check the input and try again.';
    case 402:
      return "the account's plan lacks the feature this needs; upgrade the plan on the platform's website.";
    case 403:
      return 'the signed-in account may not do this; use an account that owns or manages the item.';
    case 404:
      return 'the item does not exist (any more); refresh the list and try again.';
    case 409:
      return 'it conflicts with something that exists already (a title or URL in use); choose another.';
    case 429:
      return `the platform's rate limit would have kept this call waiting more than ${MAX_RATE_LIMIT_WAIT_MS / 60_000} minutes in all; try again later.`;
    case 503:
      return 'the platform is busy or down for now; try again in a few minutes.';
    default:
      return status >= 500 ? 'the platform failed; try again later.' : 'the platform refused the request; try again, and report it if it keeps happening.';
  }
}
