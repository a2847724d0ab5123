// The sandbox's FTP server for uploads (ftp-srv). Each upload's generated credentials log in to a root of
// their own, so one upload can neither see nor touch another's file; anything else is refused. Passive
// mode only (the documented flow), on the server's own interface and on ephemeral data ports: several
// sandboxes and test workers run side by side, so a fixed range would collide (except behind a proxy, which
// forwards a fixed range: `advertised`, for test/support/shaped-link.mjs). Every connection goes
// through ftp-connection-guard.ts first: a hostile client loses its own connection, never the server.
import { createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, stat, truncate } from 'node:fs/promises';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { dirname, join, posix } from 'node:path';
import { once, type EventEmitter } from 'node:events';
import { FileSystem, FtpSrv } from 'ftp-srv';
import { guardConnection } from './ftp-connection-guard.js';
import { createFileLogger } from './ftp-file-logger.js';

/** What a login may reach: `key` names the grant (the upload's video id), `root` is its folder. */
export interface FtpGrant {
  readonly key: string;
  readonly root: string;
}

export interface FtpUploadServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The host passive replies give and the passive port range, when clients reach the server through a proxy. */
  readonly advertised?: { readonly host: string; readonly passivePorts?: { readonly min: number; readonly max: number } };
  /** The grant for these credentials, or null to refuse the login. */
  readonly login: (user: string, password: string) => FtpGrant | null;
  /** ftp-srv's own log goes here. */
  readonly logFile: string;
  readonly onInternalError?: (error: unknown) => void;
}

export interface FtpUploadServer {
  readonly host: string;
  readonly port: number;
  /** Ends the open sessions of a grant: once the client says the file is complete, it must stay as it is. */
  disconnect(key: string): Promise<void>;
  close(): Promise<void>;
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

export async function startFtpUploadServer(options: FtpUploadServerOptions): Promise<FtpUploadServer> {
  const reportError = options.onInternalError ?? (() => undefined);
  // The data folder may be new (`companion sandbox --data-dir DIR`): the log is the first file in it.
  await mkdir(dirname(options.logFile), { recursive: true });
  const log = createFileLogger(options.logFile, reportError);
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const ftp = new FtpSrv({
    url: `ftp://${shown}:${options.port}`,
    pasv_url: options.advertised?.host ?? options.host,
    // ftp-srv's port finder probes pasv_min upwards; 0..0 makes every probe (and data server) ephemeral.
    pasv_min: options.advertised?.passivePorts?.min ?? 0,
    pasv_max: options.advertised?.passivePorts?.max ?? 0,
    greeting: 'Broadcaster Companion sandbox: upload server',
    // Active mode would also let a client make the server connect wherever it names (FTP bounce).
    blacklist: ['PORT', 'EPRT'],
    log: log.logger,
  });
  // ftp-srv installs SIGTERM/SIGINT/SIGQUIT handlers that call process.exit(0) and are never removed. The
  // sandbox runs embedded in the app and the CLI, which shut down in their own way, and tests start many
  // servers in one process: take those handlers back out.
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.off(signal, listener);
  }

  // Before its first command: ftp-srv's typings leave this event out.
  (ftp as unknown as EventEmitter).on('connect', ({ connection }: { connection: unknown }) => guardConnection(connection, log.logger));

  /** Grant key per open session (ftp-srv connection id). */
  const sessions = new Map<string, string>();
  ftp.on('login', ({ connection, username, password }, resolve, reject) => {
    const grant = options.login(username, password);
    if (!grant) {
      reject(new Error('Login incorrect.'));
      return;
    }
    mkdir(grant.root, { recursive: true }).then(
      () => {
        sessions.set(connection.id, grant.key);
        // RFC 959's default type is ASCII; ftp-srv starts in binary. Starting in ASCII lets the upload
        // filesystem refuse a client that never asked for binary mode, which the platform requires.
        connection.transferType = 'ascii';
        resolve({ fs: new UploadFileSystem(connection, { root: grant.root, cwd: '/' }) });
      },
      (error: unknown) => {
        reportError(error);
        reject(new Error('The upload folder is not available.'));
      },
    );
  });
  ftp.on('disconnect', ({ id }) => {
    sessions.delete(id);
  });
  ftp.on('client-error', ({ error }) => log.logger.warn(error));

  try {
    await ftp.listen();
  } catch (error) {
    await log.close();
    throw error;
  }
  // The typings leave out the listening socket; its port is the only way to learn what port 0 became.
  const port = ((ftp as unknown as { server: NetServer }).server.address() as AddressInfo).port;

  return {
    host: options.host,
    port,
    async disconnect(key) {
      const ids = [...sessions].filter(([, sessionKey]) => sessionKey === key).map(([id]) => id);
      for (const id of ids) sessions.delete(id);
      await Promise.all(ids.map((id) => ftp.disconnectClient(id)));
    },
    async close() {
      sessions.clear();
      await ftp.close();
      await log.close();
    },
  };
}

/**
 * ftp-srv's filesystem with five corrections, the first two for resuming clients:
 * - REST + STOR: the stock write opens with 'w+', truncating the file it is meant to resume, so the
 *   bytes before the offset became zeros. Here it keeps them and drops only what follows the offset.
 * - A dropped data connection: the stock write deletes the partial file, leaving nothing to resume.
 * - Binary mode: STOR and APPE in ASCII mode are refused rather than stored (see the login above).
 * - A file that cannot be opened is a refused command, not a process-ending error (see `opened`).
 * - A RETR whose data connection is dropped is answered 551, not left hanging (see `failWhenDataConnectionCloses`).
 */
class UploadFileSystem extends FileSystem {
  override async write(fileName: string, { append = false, start }: { append?: boolean; start?: number } = {}): Promise<{ stream: WriteStream; clientPath: string }> {
    if (this.connection.transferType !== 'binary') {
      throw new Error('Uploads must be sent in binary mode: send TYPE I first.');
    }
    const clientPath = posix.isAbsolute(fileName) ? posix.normalize(fileName) : posix.join('/', this.cwd, fileName);
    const fsPath = join(this.root, clientPath);
    let flags = 'w';
    if (append) {
      flags = 'a';
    } else if (start !== undefined && start > 0) {
      const size = await stat(fsPath).then(
        (stats) => stats.size,
        () => 0,
      );
      if (start > size) throw new Error(`Cannot restart at byte ${start}: ${clientPath} has only ${size} bytes.`);
      await truncate(fsPath, start);
      flags = 'r+';
    }
    const stream = createWriteStream(fsPath, { flags, start: flags === 'r+' ? start : undefined });
    // ftp-srv's STOR emits 'close' itself when the data connection ends and expects the file to end then.
    stream.once('close', () => stream.end());
    await opened(stream);
    return { stream, clientPath };
  }

  override async read(fileName: string, options?: { start?: number }): Promise<{ stream: ReadStream; clientPath: string }> {
    const { stream, clientPath } = (await super.read(fileName, options)) as { stream: ReadStream; clientPath: string };
    await opened(stream);
    failWhenDataConnectionCloses(stream, (this.connection as unknown as { connector?: { socket?: Socket | null } }).connector?.socket);
    return { stream, clientPath };
  }
}

/**
 * ftp-srv's RETR writes the file only while its data connection is there: once the client drops it, the
 * file stream waits paused for ever, the command gets no answer and the file stays open. Failing the
 * stream instead makes ftp-srv answer 551 and close it.
 */
function failWhenDataConnectionCloses(stream: ReadStream, data: Socket | null | undefined): void {
  if (!data) return;
  const fail = () => {
    if (!stream.readableEnded) stream.destroy(new Error('The data connection closed before the whole file was sent.'));
  };
  data.once('close', fail);
  stream.once('close', () => data.off('close', fail));
}

/**
 * ftp-srv listens for a file stream's errors only once it has the stream, a step later; a file that
 * cannot be opened (a folder that does not exist, a name the disk refuses) emitted 'error' before that
 * with no listener, which ends the process. Opening first makes that a refusal of the command (550).
 * The listener that stays only keeps a later error from doing the same: ftp-srv's own handles it.
 */
async function opened(stream: WriteStream | ReadStream): Promise<void> {
  (stream as EventEmitter).on('error', () => undefined);
  try {
    await once(stream, 'open');
  } catch (error) {
    stream.destroy();
    throw error;
  }
}
