// The platform's upload endpoints and its FTP server, in memory, for the upload queue's unit tests: the
// platform hands out a login per upload and moves its status along after `ready`; the "FTP server" keeps
// the bytes per remote name and resumes where it has them, as SIZE + APPE would. Any call can be held at
// a point (a crash, or a slow network, right there) and failures can be queued up.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { FtpLoginRefusedError, type FtpTarget, type TransferOptions, type TransferResult } from '../../../main/uploads/ftp-transfer.js';
import type { FtpUploadPlatform, UploadPasswords } from '../../../main/uploads/ftp-upload-transport.js';
import { LocalFileError } from '../../../main/uploads/upload-transport.js';
import type { QueueLogger, UploadStatus } from '../../../main/uploads/upload-types.js';
import { PlatformError } from '../../../main/platform/platform-error.js';

/** Every FTP password the fake platform hands out starts with this, so a leak is easy to look for. */
export const FTP_PASSWORD = 'ftp-pw-Zq81x';

export type PlatformCall = 'init' | 'ready' | 'status';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A call held at a point: `reached` once a call gets there, `release()` lets it go on, `fail()` makes it throw. */
export interface Hold {
  readonly reached: Promise<void>;
  release(): void;
  fail(error: unknown): void;
}

interface PendingHold {
  readonly reached: Deferred<void>;
  readonly released: Deferred<void>;
}

function pendingHold(): PendingHold {
  const hold = { reached: deferred(), released: deferred() };
  hold.released.promise.catch(() => undefined);
  return hold;
}

function asHold(pending: PendingHold): Hold {
  return { reached: pending.reached.promise, release: () => pending.released.resolve(), fail: (error) => pending.released.reject(error) };
}

interface FakeUpload {
  readonly channelId: string;
  readonly title: string;
  readonly description: string;
  readonly protect: number;
  readonly user: string;
  readonly remoteBase: string;
  ready: boolean;
  status: UploadStatus;
  /** Statuses the next polls after `ready` see, in turn; the last one stays. */
  script: UploadStatus[];
}

export class FakeUploadServer {
  /** Platform calls in order: `init <title>`, `ready <video id>`, `status <video id>`. */
  readonly calls: string[] = [];
  readonly uploads = new Map<string, FakeUpload>();
  /** FTP logins that work, user → password (they end at `ready`). */
  readonly logins = new Map<string, string>();
  /** Bytes on the FTP server by remote name. */
  readonly files = new Map<string, Buffer>();
  /** Local file names, one per call of the transfer (also those that failed before sending anything). */
  readonly attempts: string[] = [];
  /** Each transfer as it started: the local file's name, the remote name, and where it resumed. */
  readonly transfers: { file: string; remoteName: string; resumedFrom: number }[] = [];
  /** Statuses the polls after `ready` see, for uploads readied from now on. */
  afterReady: UploadStatus[] = ['transcoding', 'complete'];
  /** Errors the next platform calls of a kind throw, in order (before doing anything). */
  readonly failures: Record<PlatformCall, Error[]> = { init: [], ready: [], status: [] };
  /** Per local file name: errors its transfers throw, each once the server has `atBytes` of it. */
  readonly transferFailures = new Map<string, { atBytes: number; error: Error }[]>();
  /** Bytes per FTP write. */
  chunk = 500;
  active = 0;
  maxActive = 0;
  readonly #platformHolds: { call: PlatformCall; when: 'before' | 'after'; hold: PendingHold }[] = [];
  readonly #transferHolds: { file: string; atBytes: number; hold: PendingHold }[] = [];
  /** Every hold made, reached or not, to end them all with the test. */
  readonly #allHolds: PendingHold[] = [];
  #nextVideo = 1;

  readonly platform: FtpUploadPlatform = {
    init: async (channelId, init) => {
      this.calls.push(`init ${init.title}`);
      await this.#at('init', 'before');
      this.#failure('init');
      const videoId = `v${this.#nextVideo++}`;
      const user = `user-${videoId}`;
      const password = `${FTP_PASSWORD}-${videoId}`;
      this.uploads.set(videoId, { channelId, ...init, user, remoteBase: `up-${videoId}`, ready: false, status: 'initiated', script: [] });
      this.logins.set(user, password);
      await this.#at('init', 'after');
      return { videoId, path: `up-${videoId}`, host: 'ftp.example.test', port: 2121, user, password };
    },
    markReady: async (channelId, videoId) => {
      this.calls.push(`ready ${videoId}`);
      await this.#at('ready', 'before');
      this.#failure('ready');
      const upload = this.#upload(channelId, videoId);
      if (!upload.ready) {
        upload.ready = true;
        upload.script = [...this.afterReady];
        this.logins.delete(upload.user);
      }
      await this.#at('ready', 'after');
    },
    status: async (channelId, videoId) => {
      this.calls.push(`status ${videoId}`);
      await this.#at('status', 'before');
      this.#failure('status');
      const upload = this.#upload(channelId, videoId);
      if (upload.ready && upload.script.length > 0) upload.status = upload.script.length > 1 ? upload.script.shift()! : upload.script[0]!;
      await this.#at('status', 'after');
      return upload.status;
    },
  };

  /** The FTP transport's `transfer` option: the FTP side, resuming from what the server has of the remote name. */
  readonly transfer = async (file: string, size: number, target: FtpTarget, options: TransferOptions): Promise<TransferResult> => {
    options.signal.throwIfAborted();
    this.attempts.push(basename(file));
    if (this.logins.get(target.user) !== target.password) throw new FtpLoginRefusedError(530, `The FTP server refused the upload's login: 530 Login incorrect.`);
    const name = basename(file);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      let content: Buffer;
      try {
        content = await readFile(file);
      } catch (error) {
        throw new LocalFileError(`The file could not be read: ${(error as Error).message}`, { cause: error });
      }
      const resumedFrom = this.files.get(target.remoteName)?.length ?? 0;
      this.transfers.push({ file: name, remoteName: target.remoteName, resumedFrom });
      options.onProgress(resumedFrom);
      for (let at = resumedFrom; at < size; ) {
        const failures = this.transferFailures.get(name);
        if (failures?.[0] && at >= failures[0].atBytes) throw failures.shift()!.error;
        const held = this.#transferHolds.findIndex((hold) => hold.file === name && at >= hold.atBytes);
        if (held >= 0) {
          const { hold } = this.#transferHolds.splice(held, 1)[0]!;
          hold.reached.resolve();
          await abortable(hold.released.promise, options.signal);
        }
        options.signal.throwIfAborted();
        const slice = content.subarray(at, Math.min(size, at + this.chunk));
        await options.speedLimit.take(slice.length, options.signal);
        this.files.set(target.remoteName, Buffer.concat([this.files.get(target.remoteName) ?? Buffer.alloc(0), slice]));
        at += slice.length;
        options.onProgress(at);
        await new Promise((next) => setImmediate(next));
      }
      return { resumedFrom };
    } finally {
      this.active -= 1;
    }
  };

  /** Holds the next platform call of a kind, before it does anything or after it did it (its answer then lost, if failed). */
  hold(call: PlatformCall, when: 'before' | 'after' = 'before'): Hold {
    const hold = pendingHold();
    this.#allHolds.push(hold);
    this.#platformHolds.push({ call, when, hold });
    return asHold(hold);
  }

  /** Holds the transfer of a local file once the server has `atBytes` of it; an abort of the transfer ends the hold. */
  holdTransfer(file: string, atBytes: number): Hold {
    const hold = pendingHold();
    this.#allHolds.push(hold);
    this.#transferHolds.push({ file, atBytes, hold });
    return asHold(hold);
  }

  /** Ends every hold still waiting, with an error (the end of a test). */
  failHolds(): void {
    const error = new PlatformError(400, 'bad_request', 'test', 'The test ended.');
    this.#platformHolds.length = 0;
    this.#transferHolds.length = 0;
    for (const hold of this.#allHolds.splice(0)) hold.released.reject(error);
  }

  /** Status calls of this video so far. */
  statusCalls(videoId: string): number {
    return this.calls.filter((call) => call === `status ${videoId}`).length;
  }

  #upload(channelId: string, videoId: string): FakeUpload {
    const upload = this.uploads.get(videoId);
    if (!upload || upload.channelId !== channelId) throw new PlatformError(404, 'not_found', 'GET /channels/<channel_id>/uploads/<video_id>.<format>', 'No such upload.');
    return upload;
  }

  #failure(call: PlatformCall): void {
    const failure = this.failures[call].shift();
    if (failure) throw failure;
  }

  async #at(call: PlatformCall, when: 'before' | 'after'): Promise<void> {
    const index = this.#platformHolds.findIndex((hold) => hold.call === call && hold.when === when);
    if (index < 0) return;
    const { hold } = this.#platformHolds.splice(index, 1)[0]!;
    hold.reached.resolve();
    await hold.released.promise;
  }
}

function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const abort = (): void => fail(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', abort);
        done();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        fail(error);
      },
    );
  });
}

/** The keychain: FTP passwords by video id. `copy()` is what a crash leaves of it. */
export class FakeKeychain implements UploadPasswords {
  readonly saved = new Map<string, string>();

  async save(videoId: string, password: string): Promise<void> {
    this.saved.set(videoId, password);
  }

  async read(videoId: string): Promise<string | null> {
    return this.saved.get(videoId) ?? null;
  }

  async forget(videoId: string): Promise<void> {
    this.saved.delete(videoId);
  }

  copy(): FakeKeychain {
    const copy = new FakeKeychain();
    for (const [videoId, password] of this.saved) copy.saved.set(videoId, password);
    return copy;
  }
}

export class RecordingLogger implements QueueLogger {
  readonly lines: { level: 'info' | 'warn'; message: string; fields?: Record<string, unknown> }[] = [];
  readonly secrets: string[] = [];

  info(message: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: 'info', message, fields });
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: 'warn', message, fields });
  }

  registerSecret(value: string): void {
    this.secrets.push(value);
  }

  warnings(): string[] {
    return this.lines.filter((line) => line.level === 'warn').map((line) => line.message);
  }
}
