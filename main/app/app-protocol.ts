// The renderer is served from app://companion/ instead of file://, so it has a real origin for CSP,
// fetch and storage, and can reach no file outside the built renderer folder.
import type { Protocol } from 'electron';
import { documentSecurityHeaders } from '../content-security-policy.js';
import { builtRendererDir } from '../paths.js';
import { readRendererFile } from '../web/renderer-files.js';
import { APP_SCHEME, isAppUrl } from './window-security.js';

/** Must run before app 'ready': Chromium fixes scheme privileges at startup. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Must run after app 'ready'; serves the default session, which the main window uses. */
export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string = builtRendererDir): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rendererDir));
}

export function createAppRequestHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    if (!isAppUrl(request.url)) return notFound();
    const file = await readRendererFile(rendererDir, new URL(request.url).pathname.slice(1));
    if (!file) return notFound();
    return new Response(request.method === 'HEAD' ? null : file.body, {
      status: 200,
      headers: { ...documentSecurityHeaders(), 'Content-Type': file.contentType },
    });
  };
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
