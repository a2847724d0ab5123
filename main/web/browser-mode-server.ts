// Browser mode: the renderer and the contract served on a loopback address. Every path starts with the
// per-launch token (/<token>/...), so every request and the socket carry it; anything else is 401.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo, type Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ContractShape, Implementation } from '../../preload/contract.js';
import { answerHandlerFailure } from '../bounded-body.js';
import { documentSecurityHeaders } from '../content-security-policy.js';
import { listenOnFreePort, portsToTry } from '../port-fallback.js';
import { createDispatcher, type Dispatcher } from '../dispatch.js';
import type { ContractEventSource } from '../typed-emitter.js';
import { createLaunchToken, tokenMatches } from './launch-token.js';
import { readRendererFile } from './renderer-files.js';
import { attachContractSocket } from './socket-transport.js';

export interface BrowserModeOptions<C extends ContractShape> {
  readonly contract: C;
  readonly implementation: Implementation<C>;
  readonly events: ContractEventSource<C>;
  /** How calls reach the implementation; by default a plain dispatcher over it. */
  readonly dispatch?: Dispatcher;
  readonly rendererDir: string;
  readonly host?: string;
  /** A port in use gives one the OS picks instead (BrowserModeServer.busyPort tells). */
  readonly port?: number;
  readonly token?: string;
  readonly onInternalError?: (method: string, error: unknown) => void;
  /**
   * The OAuth redirect target, the one path outside the token: the authorization server sends the browser
   * there, and it cannot know the token. The handler accepts only a pending sign-in's `state`.
   */
  readonly oauthCallback?: OAuthCallbackHandler;
}

export type OAuthCallbackHandler = (callbackUrl: URL, appUrl: string) => Promise<{ readonly location: string } | { readonly status: number; readonly message: string }>;

export const OAUTH_CALLBACK_PATH = '/oauth/callback';

export interface BrowserModeServer {
  /** The address to open, token included. */
  readonly url: string;
  /** Scheme, host and port: where the OAuth callback lives. */
  readonly origin: string;
  readonly token: string;
  readonly port: number;
  /** The asked port, when another program held it and the server took `port` instead. */
  readonly busyPort: number | null;
  close(): Promise<void>;
}

const SOCKET_PATH = 'ws';

export async function startBrowserModeServer<C extends ContractShape>(options: BrowserModeOptions<C>): Promise<BrowserModeServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? createLaunchToken();
  const dispatch = options.dispatch ?? createDispatcher(options.contract, options.implementation, { onInternalError: options.onInternalError });
  // 16 MiB: a video thumbnail (under 10 MB, the largest image the spec allows) travels as base64 inside one
  // message, about 13.4 MB. Only a socket that presented the launch token gets this far.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const reportFailure = (where: string, error: unknown): void => options.onInternalError?.(where, error);
  sockets.on('connection', (socket) => attachContractSocket(socket, dispatch, options.events, reportFailure));

  // Filled once the port is known; until then nothing is accepted.
  let accepted: (hostHeader: string) => boolean = () => false;
  /**
   * DNS rebinding: a web page whose domain now resolves to 127.0.0.1 reaches this server with its own
   * name in Host. Only the names the app serves under are answered, so such a page gets nothing, even
   * holding the token.
   */
  const hostAccepted = (request: IncomingMessage): boolean => accepted((request.headers.host ?? '').toLowerCase());
  const wrongHostSentence = (): string => `The app answers only at http://${shownHost}:${port}/ (the address it printed), not under another name. Open the printed address.`;

  const server = createServer((request, response) => {
    // Anything a request can make the handler throw ends that request, never the app.
    handleRequest(request, response).catch((error: unknown) => {
      reportFailure(`browser mode ${request.method ?? '?'} request`, error);
      answerHandlerFailure(response);
    });
  });
  // A client that never finishes its headers is dropped instead of holding a connection for minutes.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostAccepted(request)) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(wrongHostSentence());
      return;
    }
    if (options.oauthCallback && request.method === 'GET' && (request.url ?? '').split('?')[0] === OAUTH_CALLBACK_PATH) {
      const outcome = await options.oauthCallback(new URL(request.url ?? '/', `http://${request.headers.host ?? host}`), appUrl());
      if ('location' in outcome) {
        response.writeHead(303, { Location: outcome.location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
      } else {
        response.writeHead(outcome.status, { ...documentSecurityHeaders(), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(messagePage(outcome.message));
      }
      return;
    }
    // A browser asks for /favicon.ico by itself, without the token; the app's icon is no secret.
    const route = isFaviconRequest(request) ? ({ kind: 'app', rest: FAVICON_FILE } as const) : routeOf(request.url, token);
    if (route.kind === 'unauthorized') return deny(response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (route.kind === 'needs-slash') {
      response.writeHead(308, { Location: `/${token}/`, 'Cache-Control': 'no-store' }).end();
      return;
    }
    const file = await readRendererFile(options.rendererDir, route.rest);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      ...documentSecurityHeaders(),
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      'Cache-Control': file.isDocument ? 'no-store' : 'private, max-age=31536000, immutable',
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  }

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A socket that fails before or after the handshake is only that client's problem.
    socket.on('error', () => socket.destroy());
    if (!hostAccepted(request)) {
      const sentence = wrongHostSentence();
      socket.end(`HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(sentence)}\r\n\r\n${sentence}`);
      return;
    }
    const route = routeOf(request.url, token);
    if (route.kind !== 'app' || route.rest !== SOCKET_PATH || !sameOrigin(request)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });

  // A fixed port someone else holds must not stop browser mode: the OS picks one, and the shell says which.
  const { busy } = await listenOnFreePort(
    portsToTry(options.port ?? 0, 0),
    (tried) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(tried, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
  );
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  function appUrl(): string {
    return `http://${shownHost}:${port}/${token}/`;
  }
  accepted = acceptedHosts(host, shownHost, port);

  return {
    url: appUrl(),
    origin: `http://${shownHost}:${port}`,
    token,
    port,
    busyPort: busy[0] ?? null,
    async close() {
      for (const client of sockets.clients) client.close(1001, 'The app is closing');
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The Host values this server answers: the bound address and `localhost` with the bound port; when bound
 * to every interface (a phone on the LAN), any IP address with the port, since rebinding needs a name.
 */
function acceptedHosts(boundHost: string, shownHost: string, port: number): (hostHeader: string) => boolean {
  const exact = new Set([`${shownHost.toLowerCase()}:${port}`, `localhost:${port}`]);
  const everyInterface = boundHost === '0.0.0.0' || boundHost === '::';
  return (hostHeader) => {
    if (exact.has(hostHeader)) return true;
    if (!everyInterface) return false;
    const match = /^(\[[0-9a-f:.]+\]|[0-9.]+):(\d+)$/.exec(hostHeader);
    return match !== null && Number(match[2]) === port && isIP(match[1]!.replace(/^\[|\]$/g, '')) !== 0;
  };
}

/** The icon in the renderer's files (renderer/public), linked from index.html and answered at /favicon.ico. */
const FAVICON_FILE = 'favicon.svg';

function isFaviconRequest(request: IncomingMessage): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.url ?? '').split('?')[0] === '/favicon.ico';
}

type Route = { kind: 'unauthorized' } | { kind: 'needs-slash' } | { kind: 'app'; rest: string };

function routeOf(rawUrl: string | undefined, token: string): Route {
  const path = (rawUrl ?? '').split('?')[0] ?? '';
  const match = /^\/([^/]*)(\/.*)?$/.exec(path);
  if (!match || !tokenMatches(token, match[1])) return { kind: 'unauthorized' };
  if (match[2] === undefined) return { kind: 'needs-slash' };
  return { kind: 'app', rest: match[2].slice(1) };
}

function deny(response: ServerResponse): void {
  response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Unauthorized');
}

/** A page from another origin must not drive the app even if it learned the token. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser: the token alone decides
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function messagePage(message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broadcaster Companion</title></head><body><h1>Broadcaster Companion</h1><p>${escaped}</p></body></html>`;
}
