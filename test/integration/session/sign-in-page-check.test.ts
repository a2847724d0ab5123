// Before the login page opens, the authorization server must answer: a real server that answers anything
// (even 404) passes; a port nobody listens on and a server that never answers fail with a sentence that
// names the address and says what to do, never the browser's own error page.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSignInPage } from '../../../main/session/sign-in-page-check.js';

let answering: Server;
let silent: TcpServer;
let closedPort: number;
const silentSockets = new Set<Socket>();

const portOf = (server: { address(): AddressInfo | string | null }): number => (server.address() as AddressInfo).port;

beforeAll(async () => {
  answering = createHttpServer((_request, response) => response.writeHead(404).end('no such page'));
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
  // Takes the connection and never says a word.
  silent = createTcpServer((socket) => silentSockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = portOf(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  answering.closeAllConnections();
  await new Promise<void>((resolve) => answering.close(() => resolve()));
  for (const socket of silentSockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

it('passes a server that answers, whatever it answers', async () => {
  await expect(checkSignInPage(`http://127.0.0.1:${portOf(answering)}/oauth2/authorize?client_id=x`)).resolves.toBeUndefined();
});

it('fails a port nobody listens on with the address and what to do', async () => {
  const failure = checkSignInPage(`http://127.0.0.1:${closedPort}/oauth2/authorize?client_id=x&state=secret-state`);
  await expect(failure).rejects.toMatchObject({ code: 'platform_unreachable' });
  await expect(failure).rejects.toThrow(`The platform's sign-in page at http://127.0.0.1:${closedPort} cannot be reached (nothing answers at that address)`);
  await expect(failure).rejects.toThrow(/Check the profile's sign-in page address and your connection/);
  // The query (state, client id) stays out of the sentence.
  await expect(failure).rejects.not.toThrow(/secret-state/);
});

it('fails a server that never answers after the timeout', async () => {
  await expect(checkSignInPage(`http://127.0.0.1:${portOf(silent)}/authorize`, 300)).rejects.toThrow('(no answer within 0.3 s)');
});
