// Browser mode: the renderer and the contract served on a loopback address. Every path starts with the
// per-launch token (/<token>/...), so every request and the socket carry it; anything else is 401.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ContractShape, Implementation } from '../../preload/contract.js';
import { answerHandlerFailure } from '../bounded-body.js';
import { documentSecurityHeaders } from '../content-security-policy.js';
import { listenOnFreePort, portsToTry } from '../port-fallback.js';
import { createDispatcher, type Dispatcher } from '../dispatch.js';
import type { ContractEvents } from '../typed-emitter.js';
import { createLaunchToken, tokenMatches } from './launch-token.js';
import { readRendererFile } from './renderer-files.js';
import { attachContractSocket } from './socket-transport.js';

export interface BrowserModeOptions<C extends ContractShape> {
  readonly contract: C;
  readonly implementation: Implementation<C>;
  readonly events: ContractEvents<C>;
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
    if (options.oauthCallback && request.method === 'GET' && (request.url ?? '').split('?')[0] === OAUTH_CALLBACK_PATH) {
      const outcome = await options.oauthCallback(new URL(request.url ?? '/', `http://${request.headers.host ?? host}`), appUrl());
      if ('location' in outcome) {
        response.writeHead(303, { Location: outcome.location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
      } else {
        response.writeHead(outcome.status, { ...documentSecurityHeaders(), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(messagePage(outcome.message));
      }
      return;
    }
    const route = routeOf(request.url, token);
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
