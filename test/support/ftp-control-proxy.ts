// A TCP proxy on loopback in front of an FTP server's control port, for tests of how a client uses its
// logins: it counts the control connections and the USER commands that pass, can cut every open
// connection (as a server's idle timeout or a network change does), and can leave them open but dead
// (a NAT that forgot them: the client sees nothing until it sends, then the connection is reset).
// Passive data connections do not pass through it: the server's PASV/EPSV answer names its own port.
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface FtpControlProxy {
  /** The proxy's port on 127.0.0.1: hand it out instead of the server's. */
  readonly port: number;
  /** Control connections opened through the proxy so far. */
  readonly connections: () => number;
  /** USER commands sent through the proxy so far: the logins the server saw. */
  readonly logins: () => number;
  /** Closes every open control connection at once (both sides see it closed). */
  cutAll(): void;
  /** The open control connections go dead: the next thing their client sends resets them, and it reaches no server. */
  deadenAll(): void;
  close(): Promise<void>;
}

export async function startFtpControlProxy(targetPort: number): Promise<FtpControlProxy> {
  const pairs = new Set<{ client: Socket; server: Socket; dead: boolean }>();
  let connections = 0;
  let logins = 0;
  const proxy = createServer((client) => {
    connections += 1;
    const pair = { client, server: createConnection(targetPort, '127.0.0.1'), dead: false };
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      client.destroy();
      pair.server.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (pair.dead) {
        client.resetAndDestroy();
        pair.server.destroy();
        pairs.delete(pair);
        return;
      }
      logins += chunk.toString('latin1').split('\r\n').filter((line) => /^USER /i.test(line)).length;
      pair.server.write(chunk);
    });
    pair.server.on('data', (chunk: Buffer) => {
      if (!pair.dead) client.write(chunk);
    });
    client.on('error', end).on('close', end);
    pair.server.on('error', end).on('close', () => {
      if (!pair.dead) end();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    connections: () => connections,
    logins: () => logins,
    cutAll() {
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        pair.client.destroy();
        pair.server.destroy();
      }
    },
    deadenAll() {
      for (const pair of pairs) pair.dead = true;
    },
    async close() {
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
