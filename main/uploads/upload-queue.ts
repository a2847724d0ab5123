// The bulk upload queue. Each file goes through spec part B's upload flow: initialise (the platform
// answers with FTP details), store the file by FTP, say `ready`, follow the status to `complete` or
// `error`. Every step is written to the journal before and after it happens, so that a queue reopened
// after a crash picks each file up where it was: a file with a video id is never initialised again, a
// cut transfer resumes from the server's byte, a file the server has in full is not sent again, and a
// `ready` that may have been sent is checked with the platform before it is sent again.
//
// Transfer slots (the concurrency) hold a file from its initialisation to its `ready`; following the
// status afterwards takes no slot. A refused token pauses the queue until the next sign-in; a
// connection failure is retried with backoff, then fails that file with the server's message.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';
import { FtpLoginRefusedError, FtpRefusedError, LocalFileError, transferFile, type FtpTarget, type TransferOptions, type TransferResult } from './ftp-transfer.js';
import { findUploadFiles, type FoundFile } from './upload-files.js';
import { UploadJournal, type JournalItem, type Protection } from './upload-journal.js';
import { SpeedLimit } from './speed-limit.js';
import { TransferMeter } from './transfer-meter.js';
import { CONCURRENCY_RANGE, UploadRefusedError, type AddOptions, type AddResult, type QueuePause, type UploadEvent, type UploadRow, type UploadState, type UploadStatus, type UploadTotals } from './upload-types.js';

/** What the queue needs of the platform client (spec part B, "Upload by FTP"). */
export interface UploadPlatform {
  init(channelId: string, init: { title: string; description: string; protect: number }): Promise<{ videoId: string; path: string; host: string; port: number; user: string; password: string }>;
  markReady(channelId: string, videoId: string): Promise<void>;
  status(channelId: string, videoId: string): Promise<UploadStatus>;
}

/** Where the FTP passwords of uploads in flight are kept (the keychain), so a restart can resume them. */
export interface UploadPasswords {
  save(videoId: string, password: string): Promise<void>;
  read(videoId: string): Promise<string | null>;
  forget(videoId: string): Promise<void>;
}

export interface QueueLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  registerSecret(value: string): void;
}

export interface UploadQueueOptions {
  readonly journalFile: string;
  readonly platform: () => Promise<UploadPlatform>;
  readonly passwords: UploadPasswords;
  readonly logger: QueueLogger;
  readonly onEvent: (event: UploadEvent) => void;
  /** A row changed (state, bytes, title...) or left the list: for views that show the rows (rows() has them). */
  readonly onRowChange?: (id: string) => void;
  readonly concurrency?: number;
  /** Bytes per second for all transfers together; null: none. */
  readonly speedLimit?: number | null;
  /** Waits between tries of a failed connection or platform call, in ms; one try more than waits. */
  readonly retryDelaysMs?: readonly number[];
  /** Waits between status polls after `ready`, in ms; the last repeats. */
  readonly pollDelaysMs?: readonly number[];
  readonly ftpTimeoutMs?: number;
  /** Replaces the FTP transfer (tests at the Electron boundary only; integration tests use real servers). */
  readonly transfer?: (file: string, size: number, target: FtpTarget, options: TransferOptions) => Promise<TransferResult>;
  readonly now?: () => number;
}

const PROTECT_LEVEL: Readonly<Record<Protection, number>> = { public: 0, private: 1 };
const DEFAULT_RETRY_DELAYS_MS = [2000, 5000, 10_000, 20_000];
const DEFAULT_POLL_DELAYS_MS = [1000, 1000, 2000, 2000, 3000, 5000, 5000, 10_000, 15_000, 30_000];
const PROGRESS_EVERY_MS = 250;

interface Entry {
  journal: JournalItem;
  state: UploadState;
  bytes: number;
  meter: TransferMeter;
  lastProgressAt: number;
  lastProgressBytes: number;
  /** Ends the work of its slot (pause, cancel, queue pause or close). */
  abort: AbortController | null;
  polling: boolean;
  /** The platform was asked for a new upload in this run because the FTP details had gone stale: once only. */
  renewedDetails: boolean;
}

/** Why a slot's work was stopped, so its end can be told apart from a failure. */
class Stopped extends Error {
  constructor(readonly next: 'waiting' | 'paused' | 'cancelled') {
    super(`stopped (${next})`);
  }
}

export class UploadQueue {
  readonly #options: UploadQueueOptions;
  readonly #journal: UploadJournal;
  readonly #entries = new Map<string, Entry>();
  readonly #passwords = new Map<string, string>();
  readonly #speedLimit: SpeedLimit;
  readonly #now: () => number;
  #concurrency: number;
  #paused: QueuePause | null = null;
  #started = false;
  #closed = false;
  /** Ids of the current batch: files added or resumed since the queue was last idle. */
  #batch = new Set<string>();
  #batchRejected = 0;
  /** Resolved when a sign-in pause ends. */
  #signedIn: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #closing = new AbortController();

  constructor(options: UploadQueueOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#concurrency = checkedConcurrency(options.concurrency ?? CONCURRENCY_RANGE.default);
    this.#speedLimit = new SpeedLimit(options.speedLimit ?? null);
    const { journal, opening } = UploadJournal.open(options.journalFile);
    this.#journal = journal;
    if (opening.skippedLines > 1) options.logger.warn('the upload journal had unreadable lines; they were left out', { lines: opening.skippedLines });
    for (const item of opening.items) {
      const entry: Entry = { journal: item, state: restoredState(item), bytes: item.transferred || item.readySent ? item.size : 0, meter: new TransferMeter(this.#now), lastProgressAt: 0, lastProgressBytes: -1, abort: null, polling: false, renewedDetails: false };
      this.#entries.set(item.id, entry);
      if (isUnfinished(entry.state)) this.#batch.add(item.id);
    }
  }

  /** Starts transfers and status polls (files restored from the journal first). */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    for (const entry of this.#entries.values()) if (entry.state === 'processing') this.#follow(entry);
    this.#pump();
    this.#checkDone();
  }

  rows(): UploadRow[] {
    return [...this.#entries.values()].map((entry) => this.#row(entry));
  }

  /** One row; null when it is not (any more) in the queue. */
  row(id: string): UploadRow | null {
    const entry = this.#entries.get(id);
    return entry ? this.#row(entry) : null;
  }

  totals(): UploadTotals {
    let complete = 0;
    let failed = 0;
    let unfinished = 0;
    let bytes = 0;
    let size = 0;
    let speed = 0;
    for (const entry of this.#entries.values()) {
      if (entry.state === 'complete') complete += 1;
      else if (entry.state === 'failed') failed += 1;
      else if (entry.state !== 'cancelled') unfinished += 1;
      if (this.#batch.has(entry.journal.id) && entry.state !== 'cancelled') {
        bytes += entry.bytes;
        size += entry.journal.size;
        if (entry.state === 'transferring') speed += entry.meter.speed();
      }
    }
    return {
      files: this.#entries.size,
      complete,
      failed,
      unfinished,
      bytes,
      size,
      speed,
      etaSeconds: speed > 0 ? Math.ceil((size - bytes) / speed) : null,
      paused: this.#paused,
      concurrency: this.#concurrency,
      speedLimit: this.#speedLimit.bytesPerSecond,
    };
  }

  /** Adds files and folders: supported files are queued (one that is already queued or uploaded is not), the rest listed with the reason. */
  async add(paths: readonly string[], options: AddOptions): Promise<AddResult> {
    if (this.#closed) throw new UploadRefusedError('The upload queue is closed.');
    const found = await findUploadFiles(paths);
    const rejected = [...found.rejected];
    const queued: UploadRow[] = [];
    for (const file of found.files) {
      const duplicate = this.#sameFile(file, options.channelId);
      if (duplicate !== null) {
        rejected.push({ path: file.path, reason: duplicate });
        continue;
      }
      const item: JournalItem = {
        id: randomUUID(),
        addedAt: this.#now(),
        file: file.path,
        size: file.size,
        modifiedMs: file.modifiedMs,
        extension: file.extension,
        channelId: options.channelId,
        title: options.titles?.[file.path] ?? file.title,
        description: options.description ?? '',
        protect: options.protect ?? 'public',
        initStarted: false,
        upload: null,
        inits: 0,
        transferred: false,
        readyStarted: false,
        readySent: false,
        status: null,
        outcome: null,
        failure: null,
        retryFresh: false,
        paused: false,
      };
      this.#journal.add(item);
      const entry: Entry = { journal: item, state: 'waiting', bytes: 0, meter: new TransferMeter(this.#now), lastProgressAt: 0, lastProgressBytes: -1, abort: null, polling: false, renewedDetails: false };
      this.#entries.set(item.id, entry);
      this.#batch.add(item.id);
      this.#changed(item.id);
      queued.push(this.#row(entry));
      this.#emit({ event: 'queued', id: item.id, file: item.file, size: item.size, title: item.title });
    }
    for (const rejection of rejected) this.#emit({ event: 'rejected', file: rejection.path, reason: rejection.reason });
    this.#batchRejected += rejected.length;
    this.#pump();
    this.#checkDone();
    return { queued, rejected: rejected.map((rejection) => ({ file: rejection.path, reason: rejection.reason })) };
  }

  /** Changes title, description or protection of a file the platform does not have yet. */
  edit(id: string, change: { title?: string; description?: string; protect?: Protection }): UploadRow {
    const entry = this.#entry(id);
    if (entry.journal.initStarted) throw new UploadRefusedError('This file was already handed to the platform; change its video in the video library instead.');
    entry.journal = this.#journal.write({ t: 'edited', id, ...change }) ?? entry.journal;
    this.#changed(id);
    return this.#row(entry);
  }

  pause(): void {
    this.#pauseFor('user', 'Uploads are paused.');
  }

  resume(): void {
    if (this.#paused === null) return;
    this.#paused = null;
    this.#signedIn?.resolve();
    this.#signedIn = null;
    this.#emit({ event: 'resumed' });
    this.#pump();
  }

  /** A sign-in happened: a queue paused for it goes on. */
  signedIn(): void {
    if (this.#paused === 'sign-in') this.resume();
  }

  pauseFile(id: string): void {
    const entry = this.#entry(id);
    // `ready` is a moment: once it is on its way the platform has the file, and there is nothing to pause.
    if (entry.state !== 'waiting' && entry.state !== 'initialising' && entry.state !== 'transferring') return;
    entry.journal = this.#journal.write({ t: 'paused', id }) ?? entry.journal;
    if (entry.abort) entry.abort.abort(new Stopped('paused'));
    else this.#setState(entry, 'paused');
    this.#checkDone();
  }

  resumeFile(id: string): void {
    const entry = this.#entry(id);
    if (entry.state !== 'paused') return;
    entry.journal = this.#journal.write({ t: 'resumed', id }) ?? entry.journal;
    this.#batch.add(id);
    this.#setState(entry, 'waiting');
    this.#pump();
  }

  /** Cancels a file the platform is not processing yet; what the platform already initialised stays unused. */
  cancel(id: string): void {
    const entry = this.#entry(id);
    if (entry.state === 'processing' || entry.journal.readySent) throw new UploadRefusedError('The platform is already processing this file; it cannot be cancelled any more. Delete the video once it is complete.');
    if (entry.state === 'complete' || entry.state === 'cancelled') return;
    entry.journal = this.#journal.write({ t: 'cancelled', id }) ?? entry.journal;
    this.#forgetPassword(entry);
    if (entry.abort) entry.abort.abort(new Stopped('cancelled'));
    else this.#setState(entry, 'cancelled');
    this.#checkDone();
  }

  /** Tries a failed file again, from the step it failed at (or as a new platform upload when the old one cannot go on). */
  retry(id: string): void {
    const entry = this.#entry(id);
    if (entry.state !== 'failed') return;
    entry.journal = this.#journal.write({ t: 'retry', id, fresh: entry.journal.retryFresh }) ?? entry.journal;
    if (entry.journal.upload === null) entry.bytes = 0;
    this.#batch.add(id);
    if (entry.journal.readySent) {
      this.#setState(entry, 'processing');
      this.#follow(entry);
    } else this.#setState(entry, 'waiting');
    this.#pump();
  }

  retryFailed(): void {
    for (const entry of [...this.#entries.values()]) if (entry.state === 'failed') this.retry(entry.journal.id);
  }

  /** Takes finished files (complete, cancelled; failed too with `failed`) off the list. */
  clearFinished(options: { failed?: boolean } = {}): void {
    for (const entry of [...this.#entries.values()]) {
      const finished = entry.state === 'complete' || entry.state === 'cancelled' || (options.failed === true && entry.state === 'failed');
      if (!finished) continue;
      this.#journal.write({ t: 'removed', id: entry.journal.id });
      this.#entries.delete(entry.journal.id);
      this.#batch.delete(entry.journal.id);
      this.#changed(entry.journal.id);
    }
  }

  setConcurrency(concurrency: number): void {
    this.#concurrency = checkedConcurrency(concurrency);
    this.#pump();
  }

  setSpeedLimit(bytesPerSecond: number | null): void {
    this.#speedLimit.set(bytesPerSecond);
  }

  /** Stops every transfer where it is (the journal and the server keep what was done) and closes the journal. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    const running = [...this.#entries.values()].filter((entry) => entry.abort !== null);
    for (const entry of running) entry.abort?.abort(new Stopped('waiting'));
    const deadline = this.#now() + 5000;
    while ([...this.#entries.values()].some((entry) => entry.abort !== null) && this.#now() < deadline) await sleep(20);
    this.#journal.close();
  }

  /* ---------------------------------------------------------------------------------------------- */

  #pauseFor(reason: QueuePause, message: string): void {
    if (this.#paused !== null) return;
    this.#paused = reason;
    if (reason === 'sign-in') {
      let resolve = (): void => undefined;
      const promise = new Promise<void>((done) => (resolve = done));
      this.#signedIn = { promise, resolve };
    } else {
      // Transfers stop where they are; the server keeps the bytes, resuming continues from them.
      for (const entry of this.#entries.values()) entry.abort?.abort(new Stopped('waiting'));
    }
    this.#options.logger.info('the upload queue paused', { reason });
    this.#emit({ event: 'paused', reason, message });
  }

  #pump(): void {
    if (!this.#started || this.#closed || this.#paused !== null) return;
    let busy = [...this.#entries.values()].filter((entry) => entry.abort !== null).length;
    for (const entry of this.#entries.values()) {
      if (busy >= this.#concurrency) break;
      if (entry.state !== 'waiting' || entry.abort !== null) continue;
      busy += 1;
      void this.#runSlot(entry);
    }
  }

  async #runSlot(entry: Entry): Promise<void> {
    const abort = new AbortController();
    entry.abort = abort;
    try {
      await this.#throughReady(entry, abort.signal);
      entry.abort = null;
      this.#setState(entry, 'processing');
      this.#follow(entry);
    } catch (error) {
      entry.abort = null;
      const stop = abort.signal.aborted ? abort.signal.reason : error;
      if (stop instanceof Stopped) this.#setState(entry, stop.next);
      else if (error instanceof SignInNeededError) {
        this.#setState(entry, 'waiting');
        this.#pauseFor('sign-in', 'The platform refused the sign-in (expired or revoked). Sign in again; the uploads then go on.');
      } else this.#fail(entry, error);
    } finally {
      entry.meter.reset();
      this.#pump();
      this.#checkDone();
    }
  }

  /** Initialise, transfer, `ready`: each step skipped when the journal says it is done. */
  async #throughReady(entry: Entry, signal: AbortSignal): Promise<void> {
    const id = entry.journal.id;
    const platform = await this.#options.platform();
    let upload = entry.journal.upload;
    if (upload === null) {
      if (entry.journal.initStarted) {
        this.#options.logger.warn('an initialisation was sent before the app stopped, and its answer never arrived; initialising again (the lost one never becomes a video)', { file: basename(entry.journal.file) });
      }
      this.#setState(entry, 'initialising');
      this.#write({ t: 'init-started', id }, entry);
      const details = await this.#withRetries(signal, () => platform.init(entry.journal.channelId, { title: entry.journal.title, description: entry.journal.description, protect: PROTECT_LEVEL[entry.journal.protect] }));
      this.#options.logger.registerSecret(details.password);
      this.#passwords.set(details.videoId, details.password);
      await this.#options.passwords.save(details.videoId, details.password).catch((error: unknown) => {
        this.#options.logger.warn('the FTP password of an upload could not be kept in the keychain; if the app stops before this file is sent, it is sent again as a new upload', { error: String(error) });
      });
      upload = { videoId: details.videoId, path: details.path, host: details.host, port: details.port, user: details.user };
      this.#write({ t: 'initialised', id, upload }, entry);
      this.#emit({ event: 'status', id, videoId: upload.videoId, status: 'initiated' });
    }
    signal.throwIfAborted();
    if (!entry.journal.transferred) {
      const password = this.#passwords.get(upload.videoId) ?? (await this.#options.passwords.read(upload.videoId).catch(() => null));
      if (password === null) {
        // Without its password the platform upload cannot be reached: a new one takes its place.
        this.#options.logger.warn('the FTP password of an unfinished upload is gone (keychain); starting a new upload for the file', { file: basename(entry.journal.file) });
        this.#write({ t: 'retry', id, fresh: true }, entry);
        return this.#throughReady(entry, signal);
      }
      this.#options.logger.registerSecret(password);
      this.#setState(entry, 'transferring');
      const target: FtpTarget = { host: upload.host, port: upload.port, user: upload.user, password, remoteName: `${upload.path}.${entry.journal.extension}` };
      let result: TransferResult;
      try {
        result = await this.#withRetries(signal, () => this.#transfer(entry, target, signal));
      } catch (error) {
        if (signal.aborted || !ftpDetailsStale(error) || entry.renewedDetails) throw error;
        // The FTP server this upload was handed is gone or no longer knows its login (the platform moved it,
        // or the embedded sandbox restarted elsewhere): only a new upload brings details that work.
        entry.renewedDetails = true;
        this.#options.logger.warn('the FTP server of an unfinished upload cannot be used any more; asking the platform for a new upload of the file', {
          file: basename(entry.journal.file),
          error: failureText(error),
        });
        this.#write({ t: 'retry', id, fresh: true }, entry);
        return this.#throughReady(entry, signal);
      }
      this.#write({ t: 'transferred', id }, entry);
      entry.bytes = entry.journal.size;
      this.#emit({ event: 'transferred', id, videoId: upload.videoId, bytes: entry.journal.size, resumedFrom: result.resumedFrom });
    }
    signal.throwIfAborted();
    if (!entry.journal.readySent) {
      this.#setState(entry, 'sending-ready');
      if (entry.journal.readyStarted) {
        // `ready` may have reached the platform before the app stopped: its status tells. The spec does not
        // say whether `transferred` comes before `ready` (the file seen) or after it; a repeated `ready` is
        // harmless where one that never arrived would leave the file waiting forever, so both send it again.
        const status = await this.#withRetries(signal, () => platform.status(entry.journal.channelId, upload.videoId));
        if (status !== 'initiated' && status !== 'transferred') {
          this.#write({ t: 'ready-sent', id }, entry);
          this.#forgetPassword(entry);
          return;
        }
      } else this.#write({ t: 'ready-started', id }, entry);
      await this.#withRetries(signal, () => platform.markReady(entry.journal.channelId, upload.videoId));
      this.#write({ t: 'ready-sent', id }, entry);
      this.#forgetPassword(entry);
    }
  }

  #transfer(entry: Entry, target: FtpTarget, signal: AbortSignal): Promise<TransferResult> {
    const transfer = this.#options.transfer ?? transferFile;
    entry.meter.reset();
    return transfer(entry.journal.file, entry.journal.size, target, {
      signal,
      speedLimit: this.#speedLimit,
      timeoutMs: this.#options.ftpTimeoutMs,
      onProgress: (bytes) => {
        entry.bytes = bytes;
        entry.meter.record(bytes);
        this.#changed(entry.journal.id);
        const now = this.#now();
        const last = bytes >= entry.journal.size;
        if (last ? entry.lastProgressBytes === bytes : now - entry.lastProgressAt < PROGRESS_EVERY_MS) return;
        entry.lastProgressAt = now;
        entry.lastProgressBytes = bytes;
        this.#emit({ event: 'progress', id: entry.journal.id, bytes, size: entry.journal.size, speed: Math.round(entry.meter.speed()), etaSeconds: entry.meter.etaSeconds(entry.journal.size - bytes) });
      },
    });
  }

  /** Follows the platform's status after `ready` until complete or error; takes no slot. */
  #follow(entry: Entry): void {
    if (entry.polling || entry.journal.upload === null) return;
    entry.polling = true;
    const { videoId } = entry.journal.upload;
    const delays = this.#options.pollDelaysMs ?? DEFAULT_POLL_DELAYS_MS;
    const run = async (): Promise<void> => {
      const platform = await this.#options.platform();
      for (let round = 0; ; round += 1) {
        await sleep(delays[Math.min(round, delays.length - 1)]!, undefined, { signal: this.#closing.signal });
        let status: UploadStatus;
        try {
          status = await platform.status(entry.journal.channelId, videoId);
        } catch (error) {
          if (error instanceof SignInNeededError) {
            this.#pauseFor('sign-in', 'The platform refused the sign-in (expired or revoked). Sign in again; the uploads then go on.');
            await this.#signedIn?.promise;
            continue;
          }
          if (error instanceof PlatformError && error.status === 404) {
            // Polling it again cannot help: a retry sends the file as a new upload.
            throw new UploadRejectedError(`The platform no longer knows this upload (video ${videoId}); it may have been deleted. A retry sends the file again as a new upload.`, { cause: error });
          }
          this.#options.logger.warn('an upload status poll failed; polling goes on', { videoId, error: String(error) });
          continue;
        }
        if (status !== entry.journal.status) {
          this.#write({ t: 'status', id: entry.journal.id, status }, entry);
          this.#emit({ event: 'status', id: entry.journal.id, videoId, status });
        }
        if (status === 'complete') {
          this.#write({ t: 'complete', id: entry.journal.id }, entry);
          this.#setState(entry, 'complete');
          this.#emit({ event: 'complete', id: entry.journal.id, videoId, title: entry.journal.title });
          return;
        }
        if (status === 'error') {
          return this.#fail(entry, new UploadRejectedError(`The platform could not process the file (upload status "error"). Check that it plays, then retry: it is sent again as a new upload.`));
        }
      }
    };
    run()
      .catch((error: unknown) => {
        if (this.#closing.signal.aborted) return;
        this.#fail(entry, error);
      })
      .finally(() => {
        entry.polling = false;
        this.#checkDone();
      });
  }

  /** Retries what failed for reasons that may pass (connections, 5xx, timeouts); the rest fails at once. */
  async #withRetries<T>(signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    const delays = this.#options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    for (let round = 0; ; round += 1) {
      signal.throwIfAborted();
      try {
        return await attempt();
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!isTransient(error) || round >= delays.length) throw error;
        this.#options.logger.warn('an upload step failed; trying again', { error: String(error), inMs: delays[round] });
        await sleep(delays[round]!, undefined, { signal });
      }
    }
  }

  #fail(entry: Entry, error: unknown): void {
    let reason = error instanceof PlatformError && error.status === 403 ? channelRefusedText(entry.journal.channelId) : failureText(error);
    // A Retry after these asks the platform for a new upload: the old one's details would fail the same way.
    const fresh = error instanceof UploadRejectedError || ftpDetailsStale(error);
    try {
      this.#write({ t: 'failed', id: entry.journal.id, reason, fresh }, entry);
    } catch (journalError) {
      // The disk refuses the journal too (full, removed): the failure is shown, and the file is tried again after a restart.
      reason = `${reason} (The upload journal could not be written either: ${failureText(journalError)}.)`;
      entry.journal = { ...entry.journal, outcome: 'failed', failure: reason, retryFresh: fresh };
    }
    this.#setState(entry, 'failed');
    this.#options.logger.warn('an upload failed', { file: basename(entry.journal.file), reason });
    this.#emit({ event: 'failed', id: entry.journal.id, reason });
  }

  #checkDone(): void {
    if (!this.#started || this.#batch.size === 0 && this.#batchRejected === 0) return;
    const entries = [...this.#batch].map((id) => this.#entries.get(id)).filter((entry): entry is Entry => entry !== undefined);
    if (entries.some((entry) => isUnfinished(entry.state) || entry.polling || entry.abort !== null)) return;
    const count = (state: UploadState): number => entries.filter((entry) => entry.state === state).length;
    const done = { event: 'done', complete: count('complete'), failed: count('failed'), cancelled: count('cancelled'), rejected: this.#batchRejected } as const;
    this.#batch = new Set();
    this.#batchRejected = 0;
    this.#emit(done);
  }

  #sameFile(file: FoundFile, channelId: string): string | null {
    for (const entry of this.#entries.values()) {
      const item = entry.journal;
      if (item.file !== file.path || item.channelId !== channelId || entry.state === 'cancelled') continue;
      if (item.size !== file.size || item.modifiedMs !== file.modifiedMs) continue;
      if (entry.state === 'complete') return `Already uploaded to this channel${item.upload ? ` as video ${item.upload.videoId}` : ''} (the file has not changed since).`;
      if (entry.state === 'failed') return 'Already in the queue, failed: retry it there.';
      return 'Already in the queue.';
    }
    return null;
  }

  #write(step: Parameters<UploadJournal['write']>[0], entry: Entry): void {
    entry.journal = this.#journal.write(step) ?? entry.journal;
    this.#changed(entry.journal.id);
  }

  #forgetPassword(entry: Entry): void {
    const videoId = entry.journal.upload?.videoId;
    if (!videoId) return;
    this.#passwords.delete(videoId);
    this.#options.passwords.forget(videoId).catch(() => undefined);
  }

  #setState(entry: Entry, state: UploadState): void {
    entry.state = state;
    this.#changed(entry.journal.id);
  }

  #changed(id: string): void {
    try {
      this.#options.onRowChange?.(id);
    } catch (error) {
      this.#options.logger.warn('an upload row listener failed', { error: String(error) });
    }
  }

  #entry(id: string): Entry {
    const entry = this.#entries.get(id);
    if (!entry) throw new UploadRefusedError(`No upload ${id} is in the queue.`);
    return entry;
  }

  #row(entry: Entry): UploadRow {
    const item = entry.journal;
    const transferring = entry.state === 'transferring';
    return {
      id: item.id,
      file: item.file,
      size: item.size,
      channelId: item.channelId,
      title: item.title,
      description: item.description,
      protect: item.protect,
      state: entry.state,
      platformStatus: item.status ?? (item.upload ? 'initiated' : null),
      videoId: item.upload?.videoId ?? null,
      bytes: entry.bytes,
      speed: transferring ? Math.round(entry.meter.speed()) : 0,
      etaSeconds: transferring ? entry.meter.etaSeconds(item.size - entry.bytes) : null,
      failure: item.failure,
    };
  }

  #emit(event: UploadEvent): void {
    try {
      this.#options.onEvent(event);
    } catch (error) {
      this.#options.logger.warn('an upload event listener failed', { error: String(error) });
    }
  }
}

/** The platform ended the upload in `error`. */
class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
}

function restoredState(item: JournalItem): UploadState {
  if (item.outcome !== null) return item.outcome;
  if (item.readySent) return 'processing';
  return item.paused ? 'paused' : 'waiting';
}

function isUnfinished(state: UploadState): boolean {
  return state === 'waiting' || state === 'processing' || isInSlot(state);
}

function isInSlot(state: UploadState): boolean {
  return state === 'initialising' || state === 'transferring' || state === 'sending-ready';
}

function isTransient(error: unknown): boolean {
  if (error instanceof SignInNeededError || error instanceof LocalFileError || error instanceof FtpRefusedError) return false;
  if (error instanceof PlatformError) return error.status === 0 || error.status >= 500 || error.status === 429;
  return true;
}

/** The FTP server cannot be reached at its address, or refuses the upload's login: the details are stale. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function ftpDetailsStale(error: unknown): boolean {
  if (error instanceof FtpLoginRefusedError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/** A 403 on an upload: the channel is neither the user's nor one they actively manage (part A rule 6). */
function channelRefusedText(channelId: string): string {
  return `The platform refused uploads to channel ${channelId}: it is neither yours nor a channel you are an active manager of (its owner may have turned off your manager access). Choose one of your channels, or ask the owner to make you an active manager of it again, then retry.`;
}

function failureText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function checkedConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < CONCURRENCY_RANGE.min || value > CONCURRENCY_RANGE.max) {
    throw new UploadRefusedError(`Concurrency is ${CONCURRENCY_RANGE.min} to ${CONCURRENCY_RANGE.max} files at once (got ${value}).`);
  }
  return value;
}
