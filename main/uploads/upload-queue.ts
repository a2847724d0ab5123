// The bulk upload queue: what the streamer sees and does (add, edit, pause, resume, cancel, retry, clear),
// each step journaled. Each file goes through its transport (upload-transport.ts): `begin` and `send` in a
// transfer slot, `finish` after it (file-upload.ts), then the platform's status is followed to `complete`
// or `error` (status-follower.ts); when the files run (slots, the `ready` gate, the queue's pause) is the
// scheduler's (upload-scheduler.ts), and adding files is queue-adding.ts. Every step is written to the
// journal before and after it happens, so that a queue reopened after a crash picks each file up where it
// was: a file with a video id is never begun again, a cut transfer resumes after what the platform
// acknowledged, a file the platform has in full is not sent again, and a `ready` that may have been sent
// is checked before it is sent again.
import type { JournalRecord } from './journal-records.js';
import { addFiles } from './queue-adding.js';
import { QueueBook } from './queue-book.js';
import { isUnfinished, restoredEntry, rowOf, Stopped, type Entry, type EntryWork } from './queue-entry.js';
import { DEFAULT_POLL_DELAYS_MS } from './status-follower.js';
import { DEFAULT_RETRY_DELAYS_MS, withRetries } from './step-retries.js';
import { SpeedLimit } from './speed-limit.js';
import { UploadJournal } from './upload-journal.js';
import { UploadScheduler } from './upload-scheduler.js';
import type { UploadTransport } from './upload-transport.js';
import {
  checkedConcurrency,
  CONCURRENCY_RANGE,
  UploadRefusedError,
  type AddOptions,
  type AddResult,
  type Protection,
  type QueueLogger,
  type QueueTotals,
  type UploadEvent,
  type UploadRow,
  type UploadState,
} from './upload-types.js';

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
  readonly #scheduler: UploadScheduler;
  readonly #speedLimit: SpeedLimit;
  readonly #now: () => number;
  #closed = false;

  constructor(options: UploadQueueOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#speedLimit = new SpeedLimit(options.speedLimit ?? null);
    this.#work = this.#entryWork(options);
    // A wrong concurrency is refused before the journal is opened.
    const concurrency = checkedConcurrency(options.concurrency ?? CONCURRENCY_RANGE.default);
    const { journal, opening } = UploadJournal.open(options.journalFile);
    this.#journal = journal;
    this.#scheduler = new UploadScheduler({
      entries: this.#entries,
      journal,
      work: this.#work,
      speedLimit: this.#speedLimit,
      concurrency,
      pollDelaysMs: options.pollDelaysMs ?? DEFAULT_POLL_DELAYS_MS,
    });
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
    this.#scheduler.start();
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
    return { files, complete, failed, unfinished, bytes, size, speed, etaSeconds: speed > 0 ? Math.ceil((size - bytes) / speed) : null, paused: this.#scheduler.paused, concurrency: this.#scheduler.concurrency, speedLimit: this.#speedLimit.bytesPerSecond };
  }

  /** Bytes per second of all transfers together (from the slots: cheap to ask often). */
  speed(): number {
    return this.#entries.speed();
  }

  /** Adds files and folders (queue-adding.ts): they are on disk in the journal when this resolves, and start as slots free up. */
  async add(paths: readonly string[], options: AddOptions): Promise<AddResult> {
    if (this.#closed) throw new UploadRefusedError('The upload queue is closed.');
    const result = await addFiles(paths, options, { entries: this.#entries, journal: this.#journal, work: this.#work, closed: () => this.#closed });
    this.#scheduler.pump();
    this.#scheduler.checkDone();
    return result;
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
    this.#scheduler.pause('user', 'Uploads are paused.');
  }

  resume(): void {
    this.#scheduler.resume();
  }

  /** A sign-in happened: a queue paused for it goes on. */
  signedIn(): void {
    if (this.#scheduler.paused === 'sign-in') this.#scheduler.resume();
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
    this.#scheduler.pump();
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
    this.#scheduler.pump();
  }

  retryFailed(): void {
    for (const entry of [...this.#entries.values()]) this.#retry(entry);
    this.#journal.commit();
    this.#scheduler.pump();
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
    this.#scheduler.setConcurrency(concurrency);
  }

  setSpeedLimit(bytesPerSecond: number | null): void {
    this.#speedLimit.set(bytesPerSecond);
  }

  /** Stops every transfer where it is (the journal and the server keep what was done) and closes the journal. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#scheduler.close();
    this.#journal.close();
  }

  /* ---------------------------------------------------------------------------------------------- */

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
      progressed: (entry) => this.#scheduler.progressed(entry),
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

  /** A failed file goes back in line (or back to following its status); the caller commits the journal and pumps. */
  #retry(entry: Entry): void {
    if (entry.state !== 'failed') return;
    entry.journal = this.#journal.write({ t: 'retry', id: entry.journal.id, fresh: entry.journal.retryFresh }) ?? entry.journal;
    if (entry.journal.upload === null) entry.bytes = 0;
    this.#entries.joinBatch(entry);
    if (entry.journal.readySent) {
      this.#setState(entry, 'processing');
      this.#scheduler.follow(entry);
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
    this.#scheduler.checkDone();
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
