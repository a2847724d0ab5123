// What stands between a hostile FTP client and ftp-srv. ftp-srv reads its control connection
// chunk by chunk: a chunk is split on CRLF as it comes, so a line is never bounded and a line cut across
// two chunks becomes two commands; the chunks' commands run concurrently; and a handler that throws
// (SITE or OPTS without an argument) leaves a promise that nothing handles, with the client left
// waiting. Its passive data server checks each new data connection's address, and an address that is
// already gone (the client reset it before the accept) throws out of the server's 'connection' event,
// which ends the process. Here, per connection:
// - the control connection is read as lines of at most MAX_LINE_BYTES, run one at a time in order, and
//   reading pauses while MAX_QUEUED_BYTES of them wait;
// - a line that is too long, or a command whose handling fails, drops that connection with one log line;
// - each passive data server's 'connection' handling is wrapped: a data connection gone before it is
//   looked at is closed, and whatever the handling throws closes that data connection alone.
// The rest is ftp-srv's own behaviour, unchanged.
import type { Server, Socket } from 'node:net';
import type { BunyanShapedLogger } from './ftp-file-logger.js';

/** Longer than any path a file system takes (4096) plus a verb: no real client sends more. */
export const MAX_LINE_BYTES = 8192;
const MAX_QUEUED_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');

/** The parts of ftp-srv's connection (src/connection.js) that its typings leave out. */
interface FtpSrvConnection {
  readonly id: string;
  encoding: string;
  readonly commandSocket: Socket;
  readonly commands: { handle(line: string): unknown };
  connector: unknown;
}

export function guardConnection(given: unknown, log: BunyanShapedLogger): void {
  const connection = given as FtpSrvConnection;
  const socket = connection.commandSocket;
  const connectionLog = log.child({ id: connection.id, ip: socket.remoteAddress });
  let dropped = false;
  const drop = (reason: string): void => {
    if (dropped) return;
    dropped = true;
    queue.length = 0;
    connectionLog.warn(`dropped the FTP connection: ${reason}`);
    socket.destroy();
  };

  // ftp-srv's own reader goes; the lines reach the same command handler through the queue below.
  for (const listener of socket.listeners('data')) socket.off('data', listener as (chunk: Buffer) => void);
  let partial: Buffer = Buffer.alloc(0);
  const queue: Buffer[] = [];
  let queuedBytes = 0;
  let running = false;

  const run = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0 && !dropped) {
        const line = queue.shift()!;
        queuedBytes -= line.length;
        // handle() can throw before it returns its promise: both land in the catch.
        await connection.commands.handle(line.toString(connection.encoding as BufferEncoding));
        if (queuedBytes < MAX_QUEUED_BYTES && socket.isPaused() && !dropped) socket.resume();
      }
    } catch (error) {
      drop(`a command failed in ftp-srv (${describe(error)})`);
    } finally {
      running = false;
    }
  };

  socket.on('data', (chunk: Buffer) => {
    if (dropped) return;
    partial = partial.length === 0 ? chunk : Buffer.concat([partial, chunk]);
    for (let end = partial.indexOf(CRLF); end !== -1; end = partial.indexOf(CRLF)) {
      const line = partial.subarray(0, end);
      partial = partial.subarray(end + CRLF.length);
      if (line.length > MAX_LINE_BYTES) return drop(`a command line longer than ${MAX_LINE_BYTES} bytes`);
      // ftp-srv skips empty lines.
      if (line.length === 0) continue;
      queue.push(line);
      queuedBytes += line.length;
    }
    if (partial.length > MAX_LINE_BYTES) return drop(`a command line longer than ${MAX_LINE_BYTES} bytes`);
    // Commands run at the pace their answers go out; a client that sends faster waits, as TCP makes it.
    if (queuedBytes >= MAX_QUEUED_BYTES) socket.pause();
    void run();
  });
  socket.on('close', () => {
    dropped = true;
    queue.length = 0;
  });

  // PASV and EPSV assign a new connector, then ask it for its data server.
  let connector = connection.connector as Connector;
  Object.defineProperty(connection, 'connector', {
    configurable: true,
    enumerable: true,
    get: () => connector,
    set: (next: Connector) => {
      // A connector that ends puts a fresh one in its place (ftp-srv passes itself as the new one's
      // "connection"), even when it is no longer the connection's: an abandoned passive server that closes
      // half a minute later would take the current one's place. Only the current connector may.
      if (next.connection !== connection && next.connection !== connector) return;
      // ftp-srv leaves a PASV's data server listening (30 s) when the next PASV replaces it.
      if (next !== connector && typeof next.setupServer === 'function') {
        connector.closeSocket?.();
        connector.closeServer?.();
      }
      connector = next;
      guardConnector(next, connectionLog);
    },
  });
}

/** ftp-srv's data connectors (src/connector/*.js), as far as the guard uses them. */
interface Connector {
  readonly connection: unknown;
  setupServer?: () => PromiseLike<Server>;
  closeSocket?: () => void;
  closeServer?: () => void;
}

function guardConnector(connector: Connector, log: BunyanShapedLogger): void {
  const setupServer = connector.setupServer;
  if (typeof setupServer !== 'function') return;
  // The result stays ftp-srv's own (bluebird) promise: the PASV handler chains bluebird methods on it.
  connector.setupServer = () =>
    setupServer.call(connector).then((server) => {
      guardDataServer(server, connector, log);
      return server;
    });
}

function guardDataServer(server: Server, connector: Connector, log: BunyanShapedLogger): void {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.on('error', (error) => log.warn('data connection error', error));
    if (socket.remoteAddress === undefined) {
      // As ftp-srv does when its data connection closes: the passive server goes with it, so a STOR that
      // follows is refused at once instead of waiting for a connection that is not coming.
      log.warn('closed a data connection that was gone before it was accepted');
      socket.destroy();
      connector.closeServer?.();
      return;
    }
    try {
      for (const handler of handlers) handler.call(server, socket);
    } catch (error) {
      log.warn(`dropped a data connection: its handling failed in ftp-srv (${describe(error)})`);
      socket.destroy();
      connector.closeServer?.();
    }
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
