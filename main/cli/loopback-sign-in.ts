// `companion login` without a password: the platform's login page in the user's browser, its redirect
// caught by a one-shot server on a loopback port (the native-app pattern of RFC 8252).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompanionError } from '../../preload/contract.js';
import type { SignInDriver } from '../session/sign-in-driver.js';

const WAIT_MS = 10 * 60 * 1000;

export interface LoopbackSignIn extends SignInDriver {
  close(): Promise<void>;
}

/** `showUrl` opens or prints the login page; its failure must not end the wait (the user can still open it by hand). */
export async function loopbackSignIn(showUrl: (url: string) => void | Promise<void>): Promise<LoopbackSignIn> {
  let deliver: ((url: string) => void) | null = null;
  const server = createServer((request, response) => {
    // Parsed against the address the server listens on, never the Host header: a request with a Host that is
    // no host name would make the URL throw here, outside any catch, and end the sign-in's process.
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (url.pathname !== '/callback' || !deliver) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const denied = url.searchParams.has('error') || new URLSearchParams(url.hash.slice(1)).has('error');
    response
      .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
      .end(denied ? 'The sign-in was not completed. You can close this tab; the terminal says more.' : 'Signed in. You can close this tab and go back to the terminal.');
    deliver(url.href);
    deliver = null;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;

  return {
    // The user's own browser keeps every address it visits: the code flow's carries a one-time code, no token.
    defaultTokenType: 'bearer',
    redirectUri: () => redirectUri,
    authorize: (authorizeUrl) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          deliver = null;
          reject(new CompanionError('sign_in_timeout', 'No sign-in arrived within 10 minutes; run `companion login` again.'));
        }, WAIT_MS);
        deliver = (url) => {
          clearTimeout(timer);
          resolve(url);
        };
        // showUrl tells its own outcome (printed or opened); the wait for the redirect goes on regardless.
        void Promise.resolve()
          .then(() => showUrl(authorizeUrl))
          .catch(() => undefined);
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
