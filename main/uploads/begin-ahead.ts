// The next files' uploads are begun (spec part B: POST init, which creates the video and answers with its
// FTP details) while the slots transfer, so that a slot that frees up sends at once rather than wait for
// the platform: 8-10 ms a file on loopback, a round trip and the platform's work on a real link, and with
// the FTP transport the begin also starts the file's login (ftp-sessions.ts). At most one file per slot
// waits begun, so a pause or a cancel leaves few videos created for nothing. Each begin is journaled as
// in a slot (file-upload.ts): `init-started` before, `initialised` after, so a file with a video id is
// never begun again, and one whose answer was lost is begun again by its slot. A slot that takes a file
// being begun waits for that begin. Nothing is begun while the queue is paused or closed (the queue
// calls `fill` from its pump, which does not run then); a begin under way when the queue closes is not
// journaled as done (the journal is closed): the file is begun again next time, as after a crash.
import { beginUpload } from './file-upload.js';
import type { Entry, EntryWork } from './queue-entry.js';
import { failureText } from './step-retries.js';

export class BeginAhead {
  readonly #closing: AbortSignal;

  constructor(closing: AbortSignal) {
    this.#closing = closing;
  }

  /** Begins the uploads of the first waiting files until `limit` of them wait with an upload begun or being begun. */
  fill(entries: Iterable<Entry>, limit: number, work: EntryWork): void {
    if (this.#closing.aborted) return;
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
