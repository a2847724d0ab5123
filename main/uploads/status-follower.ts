// After `ready`: the platform's status of the upload (and how far its transcoding is, where the platform
// tells), polled until `complete` or `error`. Following takes no transfer slot. A refused sign-in waits
// for the next one; a platform that forgot the upload, or ended it in `error`, fails the file (a retry
// then sends it as a new upload); other failed polls go on polling.
//
// The spec has no call that tells the upload status of several videos (part B: one GET per upload, and
// the current platform's is the same), so each video is asked on its own, with its own backoff (the
// delays grow to 30 s), and the polls of all the videos of a queue pass one gate: a few at once, spaced
// out, so that hundreds of files handed over in a burst do not burst the platform's rate limit. A poll
// the rate limit holds back (the platform client waits out X-RateLimit-Reset and 429s: retrying-fetch.ts,
// rate-limit-gate.ts; test/integration/uploads/status-rate-limit.test.ts) holds its place in
// the gate, so the others wait behind it rather than pile up.
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';
import { UploadRejectedError, type Entry, type EntryWork } from './queue-entry.js';
import { statusReport, type StatusReport } from './upload-transport.js';

export const DEFAULT_POLL_DELAYS_MS = [1000, 1000, 2000, 2000, 3000, 5000, 5000, 10_000, 15_000, 30_000];

export interface StatusFollowing {
  /** Waits between polls, in ms; the last repeats. */
  readonly delays: readonly number[];
  /** Ends the following (the queue closes). */
  readonly closing: AbortSignal;
  /** Pauses the queue for a sign-in; resolves once signed in again. */
  signInNeeded(): Promise<void>;
  /** Shared by the following of every video of the queue. */
  readonly gate: PollGate;
}

export const POLLS_AT_ONCE = 2;
/** Between the starts of two polls: at most 20 a second. */
export const POLL_SPACING_MS = 50;

/**
 * The queue's closing signal. Every file whose processing is followed waits on it (its sleep between polls,
 * its turn at the gate): thousands of listeners are the normal case, not a leak to warn about.
 */
export function queueClosing(): AbortController {
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);
  return closing;
}

/** Lets status polls through a few at a time, their starts spaced out. */
export class PollGate {
  readonly #atOnce: number;
  readonly #spacingMs: number;
  readonly #now: () => number;
  #running = 0;
  #lastStart = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  readonly #waiting: (() => void)[] = [];

  constructor(options: { atOnce?: number; spacingMs?: number; now?: () => number } = {}) {
    this.#atOnce = options.atOnce ?? POLLS_AT_ONCE;
    this.#spacingMs = options.spacingMs ?? POLL_SPACING_MS;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Runs `poll` once its turn comes; an abort while it waits for its turn rejects with the signal's reason. */
  async run<T>(poll: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.#turn(signal);
    try {
      return await poll();
    } finally {
      this.#running -= 1;
      this.#next();
    }
  }

  #turn(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const abort = (): void => {
        const index = this.#waiting.indexOf(go);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal.reason as Error);
      };
      const go = (): void => {
        signal.removeEventListener('abort', abort);
        resolve();
      };
      signal.addEventListener('abort', abort, { once: true });
      this.#waiting.push(go);
      this.#next();
    });
  }

  #next(): void {
    if (this.#timer !== null) return;
    while (this.#running < this.#atOnce && this.#waiting.length > 0) {
      const wait = this.#lastStart + this.#spacingMs - this.#now();
      if (wait > 0) {
        this.#timer = setTimeout(() => {
          this.#timer = null;
          this.#next();
        }, wait);
        return;
      }
      this.#lastStart = this.#now();
      this.#running += 1;
      this.#waiting.shift()!();
    }
  }
}

/** Polls until the platform says complete (resolves) or error (rejects with UploadRejectedError). */
export async function followStatus(entry: Entry, work: EntryWork, following: StatusFollowing): Promise<void> {
  const ticket = entry.journal.upload!.ticket;
  const { videoId } = ticket;
  for (let round = 0; ; round += 1) {
    await sleep(following.delays[Math.min(round, following.delays.length - 1)]!, undefined, { signal: following.closing });
    let report: StatusReport;
    try {
      report = statusReport(await following.gate.run(() => work.transport.status(ticket), following.closing));
    } catch (error) {
      if (following.closing.aborted) throw error;
      if (error instanceof SignInNeededError) {
        await following.signInNeeded();
        continue;
      }
      if (error instanceof PlatformError && error.status === 404) {
        // Polling it again cannot help: a retry sends the file as a new upload.
        throw new UploadRejectedError(`The platform no longer knows this upload (video ${videoId}); it may have been deleted. A retry sends the file again as a new upload.`, { cause: error });
      }
      work.logger.warn('an upload status poll failed; polling goes on', { videoId, error: String(error) });
      continue;
    }
    const { status } = report;
    // The transcoding's percentage is the row's own phase; it is not journaled (the next poll tells it again).
    const progress = status === 'complete' || status === 'error' ? null : report.progress;
    if (progress !== entry.processingProgress) {
      entry.processingProgress = progress;
      work.changed(entry.journal.id);
    }
    if (status !== entry.journal.status) {
      work.write({ t: 'status', id: entry.journal.id, status }, entry);
      work.emit({ event: 'status', id: entry.journal.id, videoId, status });
    }
    if (status === 'complete') {
      work.write({ t: 'complete', id: entry.journal.id }, entry);
      work.setState(entry, 'complete');
      work.emit({ event: 'complete', id: entry.journal.id, videoId, title: entry.journal.title });
      return;
    }
    if (status === 'error') {
      throw new UploadRejectedError(`The platform could not process the file (upload status "error"). Check that it plays, then retry: it is sent again as a new upload.`);
    }
  }
}
