// The copies of parts of videos that the app follows until the platform has made them. The platform makes
// a copy asynchronously (spec part B: a request id, then a status asked until finished), so the following
// lives here in the core rather than in a window: a reload or a restart neither loses the list nor stops
// the asking. The rows are kept per profile in `video-copies.json` in the data folder.
import { CompanionError, VideoCopy, type Contract, type CopyOrder, type CopyProgress, type copiesNamespace, type NamespaceImplementation } from '../../../preload/contract.js';
import { toCompanionError } from '../../companion-errors.js';
import { ContractEvents } from '../../typed-emitter.js';
import { AccountRowTracker, type TrackedFile, type TrackerOptions } from '../tracked-rows.js';
import type { TrimCopyService } from './trim-copy-service.js';

/** How often an unfinished copy is asked about. */
export const COPY_POLL_MS = 1000;
/** A run of this many failed asks in a row ends the following (the platform forgot it, or is gone). */
export const COPY_POLL_FAILURES = 5;
/** Each profile keeps its newest copies only, so the file stays small over years of shows. */
export const KEPT_COPIES = 50;

export interface CopyTrackerOptions extends TrackerOptions {
  /** Starts copies and asks about them. */
  readonly trimCopy: Pick<TrimCopyService, 'copy' | 'copyStatus'>;
  readonly pollMs?: number;
}

export class CopyTracker extends AccountRowTracker<typeof VideoCopy> implements NamespaceImplementation<typeof copiesNamespace> {
  readonly #options: CopyTrackerOptions;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** Moves on when the profile changes or the tracker closes, so an answer to an older ask is dropped. */
  #generation = 0;

  /** Emits `videoCopy` for each change of a row. */
  readonly events = new ContractEvents<Contract, 'videoCopy'>();

  constructor(options: CopyTrackerOptions) {
    super(options, COPIES_FILE);
    this.#options = options;
  }

  protected announce(row: VideoCopy): void {
    this.events.emit('videoCopy', row);
  }

  /** Newest first. */
  list(): VideoCopy[] {
    return [...this.tracked.rows];
  }

  /** Starts the copy on the platform and follows it; its row is announced before this answers. */
  async copy(sourceVideoId: string, order: CopyOrder): Promise<CopyProgress> {
    const account = this.tracked.account;
    if (account === null) throw new CompanionError('sign_in_needed', 'Sign in before copying a part of a video.');
    const progress = await this.#options.trimCopy.copy(sourceVideoId, order);
    const row: VideoCopy = {
      requestId: progress.requestId,
      sourceVideoId,
      title: order.title,
      start: order.start,
      end: order.end,
      startedAt: this.now(),
      finishedAt: null,
      progress,
      failure: null,
    };
    // A copy whose account was signed out or switched while the platform answered is followed when it is back.
    if (this.tracked.add(account, row, (dropped) => this.#unfollow(dropped.requestId))) this.#follow(row.requestId);
    return progress;
  }

  /** Stops asking; resolves when the last change is saved. */
  async close(): Promise<void> {
    const closing = this.tracked.close();
    this.stopWork();
    await closing;
  }

  /** The account's copies the platform had not finished when it left (or the app closed) are followed again. */
  protected loaded(rows: readonly VideoCopy[]): void {
    for (const row of rows) if (row.finishedAt === null && row.failure === null) this.#follow(row.requestId);
  }

  #follow(requestId: string, failures = 0): void {
    if (this.tracked.closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(requestId);
      void this.#ask(requestId, failures);
    }, this.#options.pollMs ?? COPY_POLL_MS);
    // Following copies must never keep a closing process alive.
    timer.unref();
    this.#timers.set(requestId, timer);
  }

  async #ask(requestId: string, failures: number): Promise<void> {
    const generation = this.#generation;
    let progress: CopyProgress;
    try {
      progress = await this.#options.trimCopy.copyStatus(requestId);
    } catch (error) {
      if (!this.#stillFollowed(requestId, generation)) return;
      if (failures + 1 < COPY_POLL_FAILURES) return this.#follow(requestId, failures + 1);
      const reason = toCompanionError(error)?.message ?? (error instanceof Error ? error.message : String(error));
      this.tracked.update(requestId, { failure: `The app stopped following this copy after ${COPY_POLL_FAILURES} failed asks in a row: ${reason}` });
      return;
    }
    if (!this.#stillFollowed(requestId, generation)) return;
    if (progress.finished) this.tracked.update(requestId, { progress, finishedAt: this.now() });
    else this.#follow(requestId);
  }

  /** Not when the profile changed or the tracker closed since the ask, nor when the row left the kept copies. */
  #stillFollowed(requestId: string, generation: number): boolean {
    return generation === this.#generation && this.tracked.rows.some((row) => row.requestId === requestId);
  }

  #unfollow(requestId: string): void {
    clearTimeout(this.#timers.get(requestId));
    this.#timers.delete(requestId);
  }

  protected stopWork(): void {
    this.#generation++;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}

/** The account's followed video copies, in the data folder. */
const COPIES_FILE = {
  fileName: 'video-copies.json', row: VideoCopy, keep: KEPT_COPIES, idOf: (row: VideoCopy) => row.requestId,
  label: 'The followed video copies', whenUnreadable: 'copies started now are still followed.', whenUnsaved: 'the copies are still followed while the app runs.',
} satisfies TrackedFile<typeof VideoCopy>;
