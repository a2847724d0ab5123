// Adding files and folders to the queue: the supported files found are queued (one that is already queued
// or uploaded for the channel is not), the rest listed with the reason. An add of a folder of 10,000 files
// is journaled ADD_CHUNK files at a time with a turn of the event loop between, so the app answers all
// along, and is on disk (one flush for all) before the add resolves.
import type { QueueBook } from './queue-book.js';
import { newEntry, newItem, rowOf, type EntryWork } from './queue-entry.js';
import { findUploadFiles } from './upload-files.js';
import type { UploadJournal } from './upload-journal.js';
import { UploadRefusedError, type AddOptions, type AddResult, type UploadRow } from './upload-types.js';

/** Files of an add taken at a time before the event loop gets a turn (10,000 files stay a few short stops). */
const ADD_CHUNK = 500;

/** What an add writes to: the queue's book and journal, its events; `closed` tells when the queue closed meanwhile. */
export interface AddingParts {
  readonly entries: QueueBook;
  readonly journal: UploadJournal;
  readonly work: Pick<EntryWork, 'now' | 'changed' | 'emit'>;
  readonly closed: () => boolean;
}

/** Queues the files found under `paths` in the batch, journaled and on disk; the caller starts their slots. */
export async function addFiles(paths: readonly string[], options: AddOptions, parts: AddingParts): Promise<AddResult> {
  const { entries, journal, work } = parts;
  const found = await findUploadFiles(paths);
  const rejected = [...found.rejected];
  const queued: UploadRow[] = [];
  for (let from = 0; from < found.files.length; from += ADD_CHUNK) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    if (parts.closed()) throw new UploadRefusedError('The upload queue is closed.');
    const items = [];
    for (const file of found.files.slice(from, from + ADD_CHUNK)) {
      const duplicate = entries.sameFile(file, options.channelId);
      if (duplicate !== null) rejected.push({ path: file.path, reason: duplicate });
      else items.push(newItem(file, options, work.now()));
    }
    journal.addAll(items);
    for (const item of items) {
      const entry = newEntry(item, 'waiting', work.now);
      entries.add(entry);
      entries.joinBatch(entry);
      work.changed(item.id);
      queued.push(rowOf(entry));
      work.emit({ event: 'queued', id: item.id, file: item.file, size: item.size, title: item.title });
    }
  }
  await journal.durable();
  for (const rejection of rejected) work.emit({ event: 'rejected', file: rejection.path, reason: rejection.reason });
  entries.rejected(rejected.length);
  return { queued, rejected: rejected.map((rejection) => ({ file: rejection.path, reason: rejection.reason })) };
}
