// One file to the platform's FTP server with basic-ftp, as spec part B's upload rules say: log in with
// the upload's credentials, binary mode, passive mode, the file in the root as `<path>.<ext>`. A transfer
// that was cut resumes from the byte the server has (SIZE, then APPE from there) where the server supports
// it; otherwise the file starts again. The server's size is checked at the end. Errors say whose fault
// they are: the local disk, the server's answer, or the connection.
//
// The login comes from the queue's kept connections when it gives them (ftp-sessions.ts): a connection
// that waited since the file before may have been dropped unseen, so a transfer on one that loses its
// connection logs in again once at once. A file whose upload was just begun has nothing on the server
// yet: no SIZE is asked before it (a round trip less per file).
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { FTPError, type Client } from 'basic-ftp';
import { FtpSessions, type FtpLease } from './ftp-sessions.js';
import type { SpeedLimit } from './speed-limit.js';
import { LocalFileError } from './upload-transport.js';
import { fileProblemWords } from '../system-error-words.js';

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
  /** Logged-in connections to take one from and give it back to; without: a login for this file alone. */
  readonly sessions?: FtpSessions;
  /** The server has nothing of the file (its upload was begun in this run, never sent): no SIZE first. */
  readonly fresh?: boolean;
}

export interface TransferResult {
  /** Where this transfer started in the file: 0, or the byte the server already had. */
  readonly resumedFrom: number;
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
/** What a limited transfer hands the socket at a time, as the speed limit's own throttle does. */
const PACED_SLICE = 64 * 1024;

export async function transferFile(file: string, size: number, target: FtpTarget, options: TransferOptions): Promise<TransferResult> {
  options.signal.throwIfAborted();
  // Opened before anything goes to the server: a file that is gone or unreadable fails here, alone.
  const handle = await openLocal(file, size);
  const sessions = options.sessions ?? new FtpSessions({ timeoutMs: options.timeoutMs ?? 30_000, maxWaiting: 0 });
  try {
    const lease = await sessions.take(target, options.signal);
    try {
      return await transferOn(lease, handle, size, target, options, options.fresh === true);
    } catch (error) {
      if (!lease.waited || options.signal.aborted || !isConnectionLoss(error)) throw error;
      // The kept connection was dropped while it waited (the server's idle timeout, the network): log in again, once.
      return await transferOn(await sessions.take(target, options.signal, { fresh: true }), handle, size, target, options, false);
    }
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw classified(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** SIZE (unless fresh), STOR or APPE from there, SIZE: on one logged-in connection, given back if all went well. */
async function transferOn(lease: FtpLease, handle: FileHandle, size: number, target: FtpTarget, options: TransferOptions, fresh: boolean): Promise<TransferResult> {
  const { client } = lease;
  const abort = (): void => client.close();
  options.signal.addEventListener('abort', abort, { once: true });
  let done = false;
  try {
    const onServer = fresh ? 0 : await remoteSize(client, target.remoteName);
    const resumedFrom = onServer !== null && onServer <= size ? onServer : 0;
    options.onProgress(resumedFrom);
    if (resumedFrom < size) {
      client.trackProgress((info) => options.onProgress(resumedFrom + info.bytes));
      const source = localStream(handle, resumedFrom, options, client);
      if (resumedFrom > 0) await client.appendFrom(source.stream, target.remoteName);
      else await client.uploadFrom(source.stream, target.remoteName);
      client.trackProgress();
      // A read error can end the stream before the FTP client listens to it: then it looks like a short file.
      if (source.failure() !== null) throw source.failure();
    }
    const stored = await remoteSize(client, target.remoteName);
    if (stored !== null && stored !== size) {
      throw new Error(`The FTP server has ${stored} bytes of the file after the transfer, not ${size}.`);
    }
    options.onProgress(size);
    done = true;
    return { resumedFrom };
  } finally {
    options.signal.removeEventListener('abort', abort);
    lease.release(done && !options.signal.aborted);
  }
}

/** The connection went (not the server's answer, not the local file): a kept one may have died while it waited. */
function isConnectionLoss(error: unknown): boolean {
  return !(error instanceof FTPError || error instanceof LocalFileError);
}

async function openLocal(file: string, size: number): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new LocalFileError(`The file could not be read: ${fileProblemWords(error)}.`, { cause: error });
  }
  const now = (await handle.stat()).size;
  if (now !== size) {
    await handle.close();
    throw new LocalFileError(`The file changed since it was added (${now} bytes now, ${size} then). Add it again to upload what it holds now.`);
  }
  return handle;
}

/** The server's size of the file: null when it has none or cannot say (no SIZE command). */
async function remoteSize(client: Client, name: string): Promise<number | null> {
  try {
    return await client.size(name);
  } catch (error) {
    // 550: no such file; 500/501/502/504: SIZE not understood. Either way, nothing to resume from.
    if (error instanceof FTPError && error.code >= 500) return null;
    // An answer without a number (ftp-srv says "213 File status" for an empty file): size unknown.
    if (error instanceof Error && error.message.startsWith("Can't parse response")) return null;
    throw error;
  }
}

interface LocalSource {
  /** What basic-ftp pipes into the data connection. */
  readonly stream: Readable;
  /** The read error that ended it, if one did. */
  failure(): LocalFileError | null;
}

/** The file from `start`, through the speed limit when one is set; a read error is kept as a LocalFileError. */
function localStream(handle: FileHandle, start: number, options: TransferOptions, client: Client): LocalSource {
  if (options.speedLimit.bytesPerSecond === null) return directSource(handle, start, client, options);
  const reader = handle.createReadStream({ start, highWaterMark: READ_CHUNK, autoClose: false });
  const out = new PassThrough({ highWaterMark: READ_CHUNK });
  let failure: LocalFileError | null = null;
  pipeline(reader, options.speedLimit.throttle(options.signal), out).catch((error: unknown) => {
    if (options.signal.aborted) return;
    failure = unreadable(error);
    out.destroy(failure);
  });
  return { stream: out, failure: () => failure };
}

/**
 * Without a speed limit the file goes into the data connection from two buffers taken in turn, each read
 * into again only once the socket has called back for its last write (those bytes are with the kernel).
 * A stream of fresh 1 MiB buffers cost 15-45% more CPU per byte and 30 MB more memory (bench/upload).
 * The returned stream, which basic-ftp pipes into that same socket, carries no data: it ends once the last
 * write has called back, and basic-ftp then ends the socket.
 */
function directSource(handle: FileHandle, start: number, client: Client, options: TransferOptions): LocalSource {
  let failure: LocalFileError | null = null;
  let started = false;
  const stream = new Readable({
    read() {
      if (started) return;
      started = true;
      // basic-ftp starts reading once it pipes into its data socket, so the socket is there.
      const socket = client.ftp.dataSocket;
      if (socket === undefined) {
        stream.destroy(new Error('The FTP client has no data connection for the file.'));
        return;
      }
      sendFile(handle, start, socket, options).then(
        () => stream.push(null),
        (error: unknown) => {
          if (error instanceof LocalFileError) failure = error;
          stream.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  return { stream, failure: () => failure };
}

async function sendFile(handle: FileHandle, start: number, socket: Writable, options: Pick<TransferOptions, 'speedLimit' | 'signal'>): Promise<void> {
  const buffers = [Buffer.allocUnsafeSlow(READ_CHUNK), Buffer.allocUnsafeSlow(READ_CHUNK)] as const;
  // Each buffer's last write; they never reject (a rejection nobody awaits yet would be unhandled).
  const writes: [Promise<void>, Promise<void>] = [Promise.resolve(), Promise.resolve()];
  let writeError: Error | null = null;
  const failed = (error: Error | null | undefined): void => {
    writeError ??= error ?? null;
  };
  // A limit set during the transfer (a broadcast going live on the same link: live-yield.ts) applies at once:
  // from then on each buffer goes in slices as the limit lets them, after the one before (so in order).
  let paced = false;
  let position = start;
  for (let turn: 0 | 1 = 0; ; turn = turn === 0 ? 1 : 0) {
    await writes[turn];
    if (writeError !== null) throw writeError;
    const buffer = buffers[turn];
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, 0, buffer.length, position));
    } catch (error) {
      throw unreadable(error);
    }
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = buffer.subarray(0, bytesRead);
    paced ||= options.speedLimit.bytesPerSecond !== null;
    const before = writes[turn === 0 ? 1 : 0];
    writes[turn] = paced ? before.then(() => writePaced(socket, chunk, options, failed)) : writeOnce(socket, chunk, failed);
  }
  await Promise.all(writes);
  if (writeError !== null) throw writeError;
}

/** Resolves once the socket has taken `chunk` (or failed: told to `failed`). */
function writeOnce(socket: Writable, chunk: Buffer, failed: (error: Error | null | undefined) => void): Promise<void> {
  return new Promise((resolve) => {
    socket.write(chunk, (error) => {
      failed(error);
      resolve();
    });
  });
}

/** `chunk` in slices, each once the speed limit lets it go; never rejects (an abort is told to `failed`). */
async function writePaced(socket: Writable, chunk: Buffer, options: Pick<TransferOptions, 'speedLimit' | 'signal'>, failed: (error: Error | null | undefined) => void): Promise<void> {
  let last: Promise<void> = Promise.resolve();
  for (let at = 0; at < chunk.length; at += PACED_SLICE) {
    const slice = chunk.subarray(at, at + PACED_SLICE);
    try {
      await options.speedLimit.take(slice.length, options.signal);
    } catch (error) {
      failed(error instanceof Error ? error : new Error(String(error)));
      break;
    }
    last = writeOnce(socket, slice, failed);
  }
  await last;
}

function unreadable(error: unknown): LocalFileError {
  return new LocalFileError(`The file could not be read: ${fileProblemWords(error)}.`, { cause: error });
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
