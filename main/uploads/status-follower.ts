// After `ready`: the platform's status of the upload (and how far its transcoding is, where the platform
// tells), polled until `complete` or `error`. Following takes no transfer slot. A refused sign-in waits
// for the next one; a platform that forgot the upload, or ended it in `error`, fails the file (a retry
// then sends it as a new upload); other failed polls go on polling.
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
}

/** Polls until the platform says complete (resolves) or error (rejects with UploadRejectedError). */
export async function followStatus(entry: Entry, work: EntryWork, following: StatusFollowing): Promise<void> {
  const ticket = entry.journal.upload!.ticket;
  const { videoId } = ticket;
  for (let round = 0; ; round += 1) {
    await sleep(following.delays[Math.min(round, following.delays.length - 1)]!, undefined, { signal: following.closing });
    let report: StatusReport;
    try {
      report = statusReport(await work.transport.status(ticket));
    } catch (error) {
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
