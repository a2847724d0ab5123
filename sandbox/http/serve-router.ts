// Turns a Router into an HTTP server: reads the body, authenticates lazily, answers errors as
// `{"error": <spec value>, "error_description": <sentence>}` with the spec's status. Object bodies, errors
// included, are JSON, or XML (sandbox/http/xml-body.ts) when the path's `<format>` is `xml`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { authenticate, type Authentication } from '../auth/authenticate.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { ApiError } from './api-error.js';
import { callerKey, type RateLimiter } from './rate-limiter.js';
import type { Reply } from './reply.js';
import type { RequestContext, SandboxUrls } from './request-context.js';
import type { ResponseFormat, Router } from './router.js';
import { XML_CONTENT_TYPE, xmlDocument, type XmlRoot } from './xml-body.js';

const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** A 12 MB image over loopback takes well under a second: a body still arriving after this is stuck. */
const BODY_TIMEOUT_MS = 60_000;

/** The caller went away mid-body: there is nobody to answer and nothing to report. */
class CallerGone extends Error {}

export interface ServeOptions {
  readonly router: Router;
  readonly store: SandboxStore;
  readonly urls: () => SandboxUrls;
  /** Reports failures that are the sandbox's fault (a bug), not the caller's. */
  readonly onInternalError?: (error: unknown) => void;
  /** Counts the calls of the routes it limits; every answer of those, errors included, carries its headers. */
  readonly rateLimits?: RateLimiter;
}

export function serveRouter(options: ServeOptions): Server {
  const server = createServer((request, response) => {
    handle(options, request, response).catch((error: unknown) => {
      // Only a failure while answering lands here (handle catches the rest): drop that connection.
      options.onInternalError?.(error);
      response.destroy();
    });
  });
  // A caller that never finishes its headers is dropped instead of holding a connection for minutes.
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  return server;
}

async function handle(options: ServeOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let format: ResponseFormat = 'json';
  let rateHeaders: Record<string, string> = {};
  try {
    const rawTarget = request.url ?? '/';
    const url = new URL(rawTarget, 'http://sandbox.invalid');
    format = options.router.responseFormat(url.pathname);
    const match = options.router.match(request.method ?? 'GET', url.pathname);
    if (!match) throw new ApiError(404, 'not_found', `There is no resource at ${url.pathname}.`);
    const body = await readBody(request);
    const limiter = options.rateLimits;
    // Past the budget, take throws the 429 (carrying the same headers).
    if (limiter?.limits(match.pattern)) rateHeaders = limiter.take(callerKey(request.headers.authorization, request.socket.remoteAddress), match.endpoint);
    let form: URLSearchParams | null = null;
    let authentication: Authentication | null = null;
    const address = request.socket.localAddress ?? '127.0.0.1';
    const resolveAuthentication = (): Authentication =>
      (authentication ??= authenticate(options.store, {
        headers: request.headers,
        method: request.method ?? 'GET',
        requestUri: rawTarget,
        body,
        defaultHost: address,
        defaultPort: request.socket.localPort ?? 80,
      }));
    const context: RequestContext = {
      method: request.method ?? 'GET',
      rawTarget,
      url,
      params: match.params,
      query: url.searchParams,
      headers: request.headers,
      body,
      store: options.store,
      urls: options.urls(),
      form: () => (form ??= parseForm(request, body)),
      principal: () => resolveAuthentication().principal,
      authProblem: () => resolveAuthentication().problem,
    };
    const reply = await match.handler(context);
    send(response, { ...reply, headers: { ...reply.headers, ...rateHeaders } }, format);
  } catch (error) {
    if (error instanceof CallerGone) {
      response.destroy();
      return;
    }
    if (error instanceof ApiError) {
      send(response, { status: error.status, body: { error: error.error, error_description: error.description }, headers: { ...error.headers, ...rateHeaders } }, format, 'error');
      return;
    }
    options.onInternalError?.(error);
    send(response, { status: 500, body: { error: 'server_error', error_description: 'The sandbox failed to handle this request (a sandbox bug).' }, headers: rateHeaders }, format, 'error');
  }
}

function parseForm(request: IncomingMessage, body: Buffer): URLSearchParams {
  const type = request.headers['content-type'] ?? '';
  if (body.length === 0) return new URLSearchParams();
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError(400, 'bad_request', `Parameters must be sent form-encoded (application/x-www-form-urlencoded), not ${type || 'without a content type'}.`);
  }
  return new URLSearchParams(body.toString('utf8'));
}

/** The body with a size cap and a time limit; a too-large or too-slow one is answered and the connection closed. */
function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: Buffer | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData);
      if (Buffer.isBuffer(outcome)) return resolve(outcome);
      // The rest of a refused body is discarded, not buffered.
      request.resume();
      reject(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return settle(tooLarge());
      chunks.push(chunk);
    };
    const timer = setTimeout(() => settle(new ApiError(408, 'request_timeout', `The request body did not arrive within ${BODY_TIMEOUT_MS / 1000} s. Send it again.`, { Connection: 'close' })), BODY_TIMEOUT_MS);
    request.on('data', onData);
    request.once('end', () => settle(Buffer.concat(chunks)));
    request.on('error', () => settle(new CallerGone()));
    request.once('close', () => settle(new CallerGone()));
  });
}

function tooLarge(): ApiError {
  return new ApiError(413, 'request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes. Send a smaller one.`, { Connection: 'close' });
}

/** `root` names the XML root element: `error` for error answers. */
function send(response: ServerResponse, reply: Reply, format: ResponseFormat, root: XmlRoot = 'response'): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body instanceof Readable) {
    // A file too large to hold in memory (a download): the route gives Content-Length and the type.
    const stream = reply.body;
    response.writeHead(reply.status, headers);
    stream.on('error', () => response.destroy());
    response.on('close', () => stream.destroy());
    stream.pipe(response);
    return;
  }
  let payload: Buffer | undefined;
  if (reply.body === undefined || reply.body === null) {
    payload = undefined;
  } else if (Buffer.isBuffer(reply.body)) {
    payload = reply.body;
  } else if (typeof reply.body === 'string') {
    payload = Buffer.from(reply.body);
    headers['Content-Type'] ??= 'text/plain; charset=utf-8';
  } else if (format === 'xml') {
    payload = Buffer.from(xmlDocument(root, reply.body));
    headers['Content-Type'] = XML_CONTENT_TYPE;
  } else {
    payload = Buffer.from(JSON.stringify(reply.body));
    headers['Content-Type'] = 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = payload?.length ?? 0;
  response.writeHead(reply.status, headers).end(payload);
}
