// When the queue's files run: the transfer slots, the `begin` of the next files ahead of them, the `ready`
// gate, the following of the platform's status, the queue's pause, and the end of a batch.
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
import type { QueueBook } from './queue-book.js';
import { Stopped, UploadRejectedError, type Entry, type EntryWork } from './queue-entry.js';
import type { SpeedLimit } from './speed-limit.js';
import { followStatus, PollGate, queueClosing } from './status-follower.js';
import { channelRefusedText, failureMeaning, failureText } from './step-retries.js';
import type { UploadJournal } from './upload-journal.js';
import { checkedConcurrency, type QueuePause } from './upload-types.js';

/** `ready` calls under way at once, outside the slots: a burst of small files does not burst the platform. */
const READIES_AT_ONCE = 4;

const SIGN_IN_REFUSED = 'The platform refused the sign-in (expired or revoked). Sign in again; the uploads then go on.';

/** What the scheduler runs the files of: the queue's book and journal, and the work on an entry. */
export interface SchedulerParts {
  readonly entries: QueueBook;
  readonly journal: UploadJournal;
  readonly work: EntryWork;
  readonly speedLimit: SpeedLimit;
  readonly concurrency: number;
  /** Waits between status polls after `ready`, in ms; the last repeats. */
  readonly pollDelaysMs: readonly number[];
}

export class UploadScheduler {
  readonly #entries: QueueBook;
  readonly #journal: UploadJournal;
  readonly #work: EntryWork;
  readonly #speedLimit: SpeedLimit;
  readonly #pollDelaysMs: readonly number[];
  #concurrency: number;
  #paused: QueuePause | null = null;
  #started = false;
  /** Resolved when a sign-in pause ends. */
  #signedIn: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #closing = queueClosing();
  readonly #ahead = new BeginAhead(this.#closing.signal);
  readonly #polls = new PollGate();
  readonly #readies = new PollGate({ atOnce: READIES_AT_ONCE, spacingMs: 0 });

  constructor(parts: SchedulerParts) {
    this.#entries = parts.entries;
    this.#journal = parts.journal;
    this.#work = parts.work;
    this.#speedLimit = parts.speedLimit;
    this.#pollDelaysMs = parts.pollDelaysMs;
    this.#concurrency = checkedConcurrency(parts.concurrency);
  }

  get concurrency(): number {
    return this.#concurrency;
  }

  get paused(): QueuePause | null {
    return this.#paused;
  }

  /** Starts transfers and status polls (files restored from the journal first). */
  start(): void {
    if (this.#started || this.#closing.signal.aborted) return;
    this.#started = true;
    for (const entry of this.#entries.values()) if (entry.state === 'processing') this.follow(entry);
    this.pump();
    this.checkDone();
  }

  setConcurrency(concurrency: number): void {
    this.#concurrency = checkedConcurrency(concurrency);
    this.pump();
  }

  pause(reason: QueuePause, message: string): void {
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
    this.#work.logger.info('the upload queue paused', { reason });
    this.#work.emit({ event: 'paused', reason, message });
  }

  resume(): void {
    if (this.#paused === null) return;
    this.#paused = null;
    this.#signedIn?.resolve();
    this.#signedIn = null;
    this.#work.emit({ event: 'resumed' });
    this.pump();
  }

  /** Starts a slot for each file next in line that a free slot can take, and begins the files after them ahead. */
  pump(): void {
    if (!this.#started || this.#closing.signal.aborted || this.#paused !== null) return;
    for (const entry of this.#entries.toStart(this.#concurrency)) void this.#runSlot(entry);
    this.#beginAhead();
  }

  /** A transfer made progress: once it is near its end, the next file is begun (begin-ahead.ts). */
  progressed(entry: Entry): void {
    if (this.#ahead.progressed(entry)) this.#beginAhead();
  }

  /** Follows the platform's status after `ready` until complete or error; takes no slot. */
  follow(entry: Entry): void {
    if (entry.polling || entry.journal.upload === null) return;
    entry.polling = true;
    followStatus(entry, this.#work, {
      delays: this.#pollDelaysMs,
      gate: this.#polls,
      closing: this.#closing.signal,
      signInNeeded: async () => {
        this.pause('sign-in', SIGN_IN_REFUSED);
        await this.#signedIn?.promise;
      },
    })
      .catch((error: unknown) => {
        if (this.#closing.signal.aborted) return;
        this.#fail(entry, error);
      })
      .finally(() => {
        entry.polling = false;
        this.checkDone();
      });
  }

  /** Tells the end of the batch once every file in it has settled. */
  checkDone(): void {
    if (!this.#started) return;
    const end = this.#entries.batchEnd();
    if (end !== null) this.#work.emit({ event: 'done', ...end });
  }

  /** Stops every transfer where it is (the journal and the server keep what was done), within 5 s. */
  async close(): Promise<void> {
    this.#closing.abort();
    for (const entry of this.#entries.values()) entry.abort?.abort(new Stopped('waiting'));
    this.#work.transport.close?.();
    const deadline = this.#work.now() + 5000;
    while ([...this.#entries.values()].some((entry) => entry.abort !== null) && this.#work.now() < deadline) await sleep(20);
  }

  #beginAhead(): void {
    if (!this.#started || this.#closing.signal.aborted || this.#paused !== null) return;
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
      this.#work.setState(entry, 'sending-ready');
      this.#entries.leaveSlot(entry);
      entry.meter.reset();
      this.pump();
      await this.#readies.run(() => markReady(entry, abort.signal, this.#work), abort.signal);
      entry.abort = null;
      this.#work.setState(entry, 'processing');
      this.follow(entry);
    } catch (error) {
      entry.abort = null;
      const stop = abort.signal.aborted ? abort.signal.reason : error;
      if (stop instanceof Stopped) this.#work.setState(entry, stop.next);
      else if (error instanceof SignInNeededError) {
        this.#work.setState(entry, 'waiting');
        this.pause('sign-in', SIGN_IN_REFUSED);
      } else this.#fail(entry, error);
    } finally {
      entry.meter.reset();
      this.#ahead.slotEnded(entry);
      this.pump();
      this.checkDone();
    }
  }

  #fail(entry: Entry, error: unknown): void {
    let reason = error instanceof PlatformError && error.status === 403 ? channelRefusedText(entry.journal.channelId) : failureText(error);
    // A Retry after these asks the platform for a new upload: the old one's details would fail the same way.
    const fresh = error instanceof UploadRejectedError || failureMeaning(error, this.#work.transport).staleTicket;
    try {
      this.#work.write({ t: 'failed', id: entry.journal.id, reason, fresh }, entry);
    } catch (journalError) {
      // The disk refuses the journal too (full, removed): the failure is shown, and the file is tried again after a restart.
      reason = `${reason} (The upload journal could not be written either: ${failureText(journalError)}.)`;
      entry.journal = { ...entry.journal, outcome: 'failed', failure: reason, retryFresh: fresh };
    }
    this.#work.setState(entry, 'failed');
    this.#work.logger.warn('an upload failed', { file: basename(entry.journal.file), reason });
    this.#work.emit({ event: 'failed', id: entry.journal.id, reason });
  }
}
