// One file to the platform's FTP server with basic-ftp, as spec part B's upload rules say: log in with
// the upload's credentials, binary mode (basic-ftp sets TYPE I), passive mode, the file in the root as
// `<path>.<ext>`. A transfer that was cut resumes from the byte the server has (SIZE, then APPE from
// there) where the server supports it; otherwise the file starts again. The server's size is checked at
// the end. Errors say whose fault they are: the local disk, the server's answer, or the connection.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Readable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import type { SpeedLimit } from './speed-limit.js';

export interface FtpTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** `<path>.<ext>`, in the root. */
  readonly remoteName: string;
}

export interface TransferOptions {
  readonly signal: AbortSignal;
  /** Bytes the server has of the file so far (the resume offset included). */
  readonly onProgress: (bytesOnServer: number) => void;
  readonly speedLimit: SpeedLimit;
  /** Control and data connection inactivity, in ms. */
  readonly timeoutMs?: number;
}

export interface TransferResult {
  /** Where this transfer started in the file: 0, or the byte the server already had. */
  readonly resumedFrom: number;
}

/** The local file could not be read: only this file fails, the queue goes on. */
export class LocalFileError extends Error {
  override readonly name = 'LocalFileError';
}

/** The server answered with a refusal that trying again will not change (5xx). */
export class FtpRefusedError extends Error {
  override readonly name: string = 'FtpRefusedError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server refused the upload's credentials (530): they have ended. */
export class FtpLoginRefusedError extends FtpRefusedError {
  override readonly name = 'FtpLoginRefusedError';
}

const READ_CHUNK = 1024 * 1024;

export async function transferFile(file: string, size: number, target: FtpTarget, options: TransferOptions): Promise<TransferResult> {
  options.signal.throwIfAborted();
  const client = new Client(options.timeoutMs ?? 30_000);
  const abort = (): void => client.close();
  options.signal.addEventListener('abort', abort, { once: true });
  try {
    try {
      await client.access({ host: target.host, port: target.port, user: target.user, password: target.password, secure: false });
    } catch (error) {
      if (error instanceof FTPError && error.code === 530) throw new FtpLoginRefusedError(530, `The FTP server refused the upload's login: ${serverText(error)}`);
      throw error;
    }
    const onServer = await remoteSize(client, target.remoteName);
    const resumedFrom = onServer !== null && onServer <= size ? onServer : 0;
    options.onProgress(resumedFrom);
    if (resumedFrom < size) {
      client.trackProgress((info) => options.onProgress(resumedFrom + info.bytes));
      const source = localStream(file, resumedFrom, options);
      if (resumedFrom > 0) await client.appendFrom(source, target.remoteName);
      else await client.uploadFrom(source, target.remoteName);
      client.trackProgress();
    }
    const stored = await remoteSize(client, target.remoteName);
    if (stored !== null && stored !== size) {
      throw new Error(`The FTP server has ${stored} bytes of the file after the transfer, not ${size}.`);
    }
    options.onProgress(size);
    return { resumedFrom };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw classified(error);
  } finally {
    options.signal.removeEventListener('abort', abort);
    client.close();
  }
}

/** The server's size of the file: null when it has none or cannot say (no SIZE command). */
async function remoteSize(client: Client, name: string): Promise<number | null> {
  try {
    return await client.size(name);
  } catch (error) {
    // 550: no such file; 500/501/502/504: SIZE not understood. Either way, nothing to resume from.
    if (error instanceof FTPError && error.code >= 500) return null;
    throw error;
  }
}

/** The file from `start`, through the speed limit when one is set; a read error becomes a LocalFileError. */
function localStream(file: string, start: number, options: TransferOptions): Readable {
  const reader = createReadStream(file, { start, highWaterMark: READ_CHUNK });
  const out = new PassThrough({ highWaterMark: READ_CHUNK });
  const piped = options.speedLimit.bytesPerSecond === null ? pipeline(reader, out) : pipeline(reader, options.speedLimit.throttle(options.signal), out);
  piped.catch((error: unknown) => {
    const local = new LocalFileError(`The file could not be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    out.destroy(local);
  });
  return out;
}

function classified(error: unknown): unknown {
  if (error instanceof LocalFileError || error instanceof FtpRefusedError) return error;
  if (error instanceof FTPError) {
    if (error.code === 530) return new FtpLoginRefusedError(530, `The FTP server refused the upload's login: ${serverText(error)}`);
    if (error.code >= 500) return new FtpRefusedError(error.code, `The FTP server refused the file: ${serverText(error)}`);
    return new Error(`The FTP server could not take the file now: ${serverText(error)}`, { cause: error });
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof LocalFileError) return cause;
  return error;
}

function serverText(error: FTPError): string {
  return `${error.code} ${error.message}`.trim();
}
