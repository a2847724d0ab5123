// The bulk upload queue: what the streamer sees and does (add, edit, pause, resume, cancel, retry, clear)
// and the scheduling of the files. Each file goes through its transport (upload-transport.ts): `begin` and
// `send` in a transfer slot, `finish` after it (file-upload.ts), then the platform's status is followed to
// `complete` or `error` (status-follower.ts). Every step is written to the journal before and after it
// happens, so that a queue reopened after a crash picks each file up where it was: a file with a video id
// is never begun again, a cut transfer resumes after what the platform acknowledged, a file the platform
// has in full is not sent again, and a `ready` that may have been sent is checked before it is sent again.
//
// Transfer slots (the concurrency) hold a file while its bytes go (its `begin` runs ahead: begin-ahead.ts).
// Once every byte is sent and that is on disk in the journal, the slot takes the next file, and `ready` is
// sent outside the slots, a few at a time (a gate), with its retries: a round trip a file that the next
// bytes do not wait for. A crash before `ready` leaves the file transferred but not ready in the journal:
// after the restart a slot takes it, has nothing to send, and hands it straight on to `ready`. Following
// the status afterwards takes no slot either (status polls share one gate). A refused token pauses the
// queue until the next sign-in; a connection failure is retried with backoff, then fails that file.
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';
import { BeginAhead } from './begin-ahead.js';
import { markReady, uploadThroughTransfer } from './file-upload.js';
import type { JournalRecord } from './journal-records.js';
import { QueueBook } from './queue-book.js';
import { isUnfinished, newEntry, newItem, restoredEntry, rowOf, Stopped, UploadRejectedError, type Entry, type EntryWork } from './queue-entry.js';
import { DEFAULT_POLL_DELAYS_MS, followStatus, PollGate, queueClosing } from './status-follower.js';
import { channelRefusedText, DEFAULT_RETRY_DELAYS_MS, failureMeaning, failureText, withRetries } from './step-retries.js';
import { findUploadFiles } from './upload-files.js';
import { UploadJournal } from './upload-journal.js';
import { SpeedLimit } from './speed-limit.js';
import type { UploadTransport } from './upload-transport.js';
import { checkedConcurrency, CONCURRENCY_RANGE, UploadRefusedError, type AddOptions, type AddResult, type Protection, type QueueLogger, type QueuePause, type QueueTotals, type UploadEvent, type UploadRow, type UploadState } from './upload-types.js';

/** `ready` calls under way at once, outside the slots: a burst of small files does not burst the platform. */
const READIES_AT_ONCE = 4;

/** Files of an add taken at a time before the event loop gets a turn (10,000 files stay a few short stops). */
const ADD_CHUNK = 500;

export interface UploadQueueOptions {
  readonly journalFile: string;
  /** How files reach the platform (FTP today; the profile's platform chooses). */
  readonly transport: UploadTransport;
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
  readonly now?: () => number;
}

export class UploadQueue {
  readonly #options: UploadQueueOptions;
  readonly #journal: UploadJournal;
  readonly #entries = new QueueBook();
  readonly #work: EntryWork;
  readonly #speedLimit: SpeedLimit;
  readonly #now: () => number;
  #concurrency: number;
  #paused: QueuePause | null = null;
  #started = false;
  #closed = false;
  /** Resolved when a sign-in pause ends. */
  #signedIn: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #closing = queueClosing();
  readonly #ahead = new BeginAhead(this.#closing.signal);
  readonly #polls = new PollGate();
  readonly #readies = new PollGate({ atOnce: READIES_AT_ONCE, spacingMs: 0 });

  constructor(options: UploadQueueOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#concurrency = checkedConcurrency(options.concurrency ?? CONCURRENCY_RANGE.default);
    this.#speedLimit = new SpeedLimit(options.speedLimit ?? null);
    this.#work = this.#entryWork(options);
    const { journal, opening } = UploadJournal.open(options.journalFile);
    this.#journal = journal;
    if (opening.skippedLines > 1) options.logger.warn('the upload journal had unreadable lines; they were left out', { lines: opening.skippedLines });
    if (opening.migratedFrom !== null) options.logger.info('the upload journal was rewritten in the current format', { from: opening.migratedFrom });
    for (const item of opening.items) {
      const entry = restoredEntry(item, this.#now);
      this.#entries.add(entry);
      if (isUnfinished(entry.state)) this.#entries.joinBatch(entry);
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
    return [...this.#entries.values()].map((entry) => rowOf(entry));
  }

  /** One row; null when it is not (any more) in the queue. */
  row(id: string): UploadRow | null {
    const entry = this.#entries.get(id);
    return entry ? rowOf(entry) : null;
  }

  totals(): QueueTotals {
    const { files, complete, failed, unfinished, bytes, size } = this.#entries.totals();
    const speed = this.#entries.speed();
    return { files, complete, failed, unfinished, bytes, size, speed, etaSeconds: speed > 0 ? Math.ceil((size - bytes) / speed) : null, paused: this.#paused, concurrency: this.#concurrency, speedLimit: this.#speedLimit.bytesPerSecond };
  }

  /** Bytes per second of all transfers together (from the slots: cheap to ask often). */
  speed(): number {
    return this.#entries.speed();
  }

  /**
   * Adds files and folders: supported files are queued (one that is already queued or uploaded is not), the
   * rest listed with the reason. The files are journaled ADD_CHUNK at a time with a turn of the event loop
   * between, and are on disk (one flush for all) when this resolves.
   */
  async add(paths: readonly string[], options: AddOptions): Promise<AddResult> {
    if (this.#closed) throw new UploadRefusedError('The upload queue is closed.');
    const found = await findUploadFiles(paths);
    const rejected = [...found.rejected];
    const queued: UploadRow[] = [];
    for (let from = 0; from < found.files.length; from += ADD_CHUNK) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.#closed) throw new UploadRefusedError('The upload queue is closed.');
      const items = [];
      for (const file of found.files.slice(from, from + ADD_CHUNK)) {
        const duplicate = this.#entries.sameFile(file, options.channelId);
        if (duplicate !== null) rejected.push({ path: file.path, reason: duplicate });
        else items.push(newItem(file, options, this.#now()));
      }
      this.#journal.addAll(items);
      for (const item of items) {
        const entry = newEntry(item, 'waiting', this.#now);
        this.#entries.add(entry);
        this.#entries.joinBatch(entry);
        this.#changed(item.id);
        queued.push(rowOf(entry));
        this.#emit({ event: 'queued', id: item.id, file: item.file, size: item.size, title: item.title });
      }
    }
    await this.#journal.durable();
    for (const rejection of rejected) this.#emit({ event: 'rejected', file: rejection.path, reason: rejection.reason });
    this.#entries.rejected(rejected.length);
    this.#pump();
    this.#checkDone();
    return { queued, rejected: rejected.map((rejection) => ({ file: rejection.path, reason: rejection.reason })) };
  }

  /** Changes title, description or protection of a file the platform does not have yet. */
  edit(id: string, change: { title?: string; description?: string; protect?: Protection }): UploadRow {
    const entry = this.#entry(id);
    if (entry.journal.initStarted) throw new UploadRefusedError('This file was already handed to the platform; change its video in the video library instead.');
    entry.journal = this.#journal.write({ t: 'edited', id, ...change }) ?? entry.journal;
    this.#journal.commit();
    this.#changed(id);
    return rowOf(entry);
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
    this.#halt(entry, 'paused');
  }

  resumeFile(id: string): void {
    const entry = this.#entry(id);
    if (entry.state !== 'paused') return;
    entry.journal = this.#journal.write({ t: 'resumed', id }) ?? entry.journal;
    this.#journal.commit();
    this.#entries.joinBatch(entry);
    this.#setState(entry, 'waiting');
    this.#pump();
  }

  /** Cancels a file the platform is not processing yet; what the platform already initialised stays unused. */
  cancel(id: string): void {
    const entry = this.#entry(id);
    if (entry.state === 'processing' || entry.journal.readySent) throw new UploadRefusedError('The platform is already processing this file; it cannot be cancelled any more. Delete the video once it is complete.');
    if (entry.state === 'complete' || entry.state === 'cancelled') return;
    this.#halt(entry, 'cancelled');
  }

  /** Tries a failed file again, from the step it failed at (or as a new platform upload when the old one cannot go on). */
  retry(id: string): void {
    this.#retry(this.#entry(id));
    this.#journal.commit();
    this.#pump();
  }

  retryFailed(): void {
    for (const entry of [...this.#entries.values()]) this.#retry(entry);
    this.#journal.commit();
    this.#pump();
  }

  /** Takes finished files (complete, cancelled; failed too with `failed`) off the list. */
  clearFinished(options: { failed?: boolean } = {}): void {
    for (const entry of [...this.#entries.values()]) {
      const finished = entry.state === 'complete' || entry.state === 'cancelled' || (options.failed === true && entry.state === 'failed');
      if (!finished) continue;
      this.#journal.write({ t: 'removed', id: entry.journal.id });
      this.#entries.delete(entry);
      this.#changed(entry.journal.id);
    }
    this.#journal.commit();
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
    for (const entry of this.#entries.values()) entry.abort?.abort(new Stopped('waiting'));
    this.#options.transport.close?.();
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
    for (const entry of this.#entries.toStart(this.#concurrency)) void this.#runSlot(entry);
    this.#beginAhead();
  }

  #beginAhead(): void {
    if (!this.#started || this.#closed || this.#paused !== null) return;
    const room = this.#ahead.room(this.#entries.inSlots());
    if (room > 0) this.#ahead.fill(this.#entries.nextInLine(room), room, this.#work);
  }

  async #runSlot(entry: Entry): Promise<void> {
    const abort = new AbortController();
    entry.abort = abort;
    try {
      await uploadThroughTransfer(entry, abort.signal, this.#work, this.#speedLimit);
      // Every byte is sent: once that is on disk the slot takes the next file while `ready` goes.
      await this.#journal.durable();
      abort.signal.throwIfAborted();
      this.#setState(entry, 'sending-ready');
      this.#entries.leaveSlot(entry);
      entry.meter.reset();
      this.#pump();
      await this.#readies.run(() => markReady(entry, abort.signal, this.#work), abort.signal);
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
      this.#ahead.slotEnded(entry);
      this.#pump();
      this.#checkDone();
    }
  }

  /** Follows the platform's status after `ready` until complete or error; takes no slot. */
  #follow(entry: Entry): void {
    if (entry.polling || entry.journal.upload === null) return;
    entry.polling = true;
    followStatus(entry, this.#work, {
      delays: this.#options.pollDelaysMs ?? DEFAULT_POLL_DELAYS_MS,
      gate: this.#polls,
      closing: this.#closing.signal,
      signInNeeded: async () => {
        this.#pauseFor('sign-in', 'The platform refused the sign-in (expired or revoked). Sign in again; the uploads then go on.');
        await this.#signedIn?.promise;
      },
    })
      .catch((error: unknown) => {
        if (this.#closing.signal.aborted) return;
        this.#fail(entry, error);
      })
      .finally(() => {
        entry.polling = false;
        this.#checkDone();
      });
  }

  /** What the slots and the status following use of the queue. */
  #entryWork(options: UploadQueueOptions): EntryWork {
    const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    return {
      transport: options.transport,
      logger: options.logger,
      now: this.#now,
      write: (step, entry) => this.#write(step, entry),
      setState: (entry, state) => this.#setState(entry, state),
      changed: (id) => this.#changed(id),
      progressed: (entry) => {
        if (this.#ahead.progressed(entry)) this.#beginAhead();
      },
      emit: (event) => this.#emit(event),
      // Every step journaled so far is on disk before the transport acts on it (upload-journal.ts).
      withRetries: async (entry, signal, attempt) => {
        await this.#journal.durable();
        return withRetries(signal, attempt, { delays, transport: options.transport, logger: options.logger, waiting: (wait) => this.#showRetry(entry, wait) });
      },
    };
  }

  #showRetry(entry: Entry, wait: { readonly attempt: number; readonly inMs: number; readonly reason: string } | null): void {
    if (wait === null && entry.retry === null) return;
    entry.retry = wait === null ? null : { at: this.#now() + wait.inMs, attempt: wait.attempt, reason: wait.reason };
    if (wait !== null) this.#emit({ event: 'retrying', id: entry.journal.id, ...wait });
    this.#changed(entry.journal.id);
  }

  #fail(entry: Entry, error: unknown): void {
    let reason = error instanceof PlatformError && error.status === 403 ? channelRefusedText(entry.journal.channelId) : failureText(error);
    // A Retry after these asks the platform for a new upload: the old one's details would fail the same way.
    const fresh = error instanceof UploadRejectedError || failureMeaning(error, this.#options.transport).staleTicket;
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
    if (!this.#started) return;
    const end = this.#entries.batchEnd();
    if (end !== null) this.#emit({ event: 'done', ...end });
  }

  /** A failed file goes back in line (or back to following its status); the caller commits the journal and pumps. */
  #retry(entry: Entry): void {
    if (entry.state !== 'failed') return;
    entry.journal = this.#journal.write({ t: 'retry', id: entry.journal.id, fresh: entry.journal.retryFresh }) ?? entry.journal;
    if (entry.journal.upload === null) entry.bytes = 0;
    this.#entries.joinBatch(entry);
    if (entry.journal.readySent) {
      this.#setState(entry, 'processing');
      this.#follow(entry);
    } else this.#setState(entry, 'waiting');
  }

  #write(step: JournalRecord, entry: Entry): void {
    entry.journal = this.#journal.write(step) ?? entry.journal;
    this.#changed(entry.journal.id);
  }

  /** Journals that the file stops; a running step is ended and sets the state as it winds down. */
  #halt(entry: Entry, next: 'paused' | 'cancelled'): void {
    entry.journal = this.#journal.write({ t: next, id: entry.journal.id }) ?? entry.journal;
    // The transport drops what it keeps of a cancelled upload (FTP: its password), only once the journal
    // says so, on disk: a crash before that must still find the password to resume with.
    this.#journal.commit();
    const upload = entry.journal.upload;
    if (next === 'cancelled' && upload !== null && upload.transport === this.#options.transport.name) this.#options.transport.release(upload.ticket);
    if (entry.abort) entry.abort.abort(new Stopped(next));
    else this.#setState(entry, next);
    this.#checkDone();
  }

  #setState(entry: Entry, state: UploadState): void {
    entry.state = state;
    this.#entries.stateChanged(entry);
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

  #emit(event: UploadEvent): void {
    try {
      this.#options.onEvent(event);
    } catch (error) {
      this.#options.logger.warn('an upload event listener failed', { error: String(error) });
    }
  }
}
