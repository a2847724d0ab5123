// The next files' uploads are begun (spec part B: POST init, which creates the video and answers with its
// FTP details) while the slots transfer, so that a slot that frees up sends at once rather than wait for
// the platform: 8-10 ms a file on loopback, a round trip and the platform's work on a real link, and with
// the FTP transport the begin also starts the file's login (ftp-sessions.ts).
//
// When: a file begun is handed to the platform, and from then on its title, description and protection
// can no longer be edited in the queue. So a file is begun ahead only when a slot is about to free up for
// it: one file per slot whose transfer is near its end, that is with at most BEGIN_AHEAD_WITHIN_BYTES
// left to send (always so for small files), or with at most BEGIN_AHEAD_WITHIN_MS left at the speed it
// is measured at now (a transfer whose speed is not known yet is not near its end). The queue looks again
// as each transfer crosses that line (`progressed`), so the files further back in line stay editable.
//
// At most one file per slot waits begun, so a pause or a cancel leaves few videos created for nothing.
// Each begin is journaled as in a slot (file-upload.ts): `init-started` before, `initialised` after, so
// a file with a video id is never begun again, and one whose answer was lost is begun again by its slot.
// A slot that takes a file being begun waits for that begin. Nothing is begun while the queue is paused
// or closed (the scheduler, upload-scheduler.ts, calls `fill` from its pump, which does not run then); a
// begin under way when the queue closes is not journaled as done (the journal is closed): the file is
// begun again next time, as after a crash.
import { beginUpload } from './file-upload.js';
import type { Entry, EntryWork } from './queue-entry.js';
import { failureText } from './step-retries.js';

/** A transfer with this much left to send is near its end (a round trip or two on most links). */
export const BEGIN_AHEAD_WITHIN_BYTES = 256 * 1024;
/** A transfer this close to its end at its current speed is near its end: its begin is done by then. */
export const BEGIN_AHEAD_WITHIN_MS = 2000;

/** Whether the file in a slot is near the end of its transfer (see the file's header). */
export function nearItsEnd(entry: Entry): boolean {
  const remaining = entry.journal.size - entry.bytes;
  if (remaining <= BEGIN_AHEAD_WITHIN_BYTES) return true;
  const speed = entry.meter.speed();
  return speed > 0 && (remaining * 1000) / speed <= BEGIN_AHEAD_WITHIN_MS;
}

export class BeginAhead {
  readonly #closing: AbortSignal;
  /** Files in a slot seen near their end in this slot: the queue looks for a file to begin once per slot. */
  readonly #near = new WeakSet<Entry>();

  constructor(closing: AbortSignal) {
    this.#closing = closing;
  }

  /** How many files may wait begun: one per slot whose transfer is near its end. */
  room(inSlots: Iterable<Entry>): number {
    let room = 0;
    for (const entry of inSlots) if (nearItsEnd(entry)) room += 1;
    return room;
  }

  /** A transfer made progress: true when it just came near its end (the queue then fills again). */
  progressed(entry: Entry): boolean {
    if (this.#near.has(entry) || !nearItsEnd(entry)) return false;
    this.#near.add(entry);
    return true;
  }

  /** The file's slot ended: its next slot (a resume) is looked at afresh. */
  slotEnded(entry: Entry): void {
    this.#near.delete(entry);
  }

  /** Begins the uploads of the first waiting files until `limit` of them wait with an upload begun or being begun. */
  fill(entries: Iterable<Entry>, limit: number, work: EntryWork): void {
    if (this.#closing.aborted || limit === 0) return;
    let begun = 0;
    for (const entry of entries) {
      if (begun >= limit) return;
      if (entry.state !== 'waiting' || entry.abort !== null) continue;
      begun += 1;
      if (entry.beginning === null && entry.journal.upload === null) this.#begin(entry, work);
    }
  }

  #begin(entry: Entry, work: EntryWork): void {
    const beginning = beginUpload(entry, this.#closing, work, false).then(
      () => {
        // Cancelled while its video was being created: nothing will send it, so its secrets go now.
        const upload = entry.journal.upload;
        if (entry.state === 'cancelled' && upload !== null) work.transport.release(upload.ticket);
      },
      (error: unknown) => {
        if (this.#closing.aborted) return;
        // Its slot begins it again and shows what goes wrong then.
        work.logger.info('an upload could not be begun ahead of its slot', { error: failureText(error) });
      },
    );
    entry.beginning = beginning.finally(() => {
      entry.beginning = null;
    });
  }
}
