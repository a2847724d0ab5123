// One file's work: in a transfer slot `begin` (the platform upload and its ticket) and `send` (the parts
// not acknowledged yet); then, outside the slots (a round trip a file that the next file's bytes need not
// wait for), `finish` (`ready`). Each is journaled before and after, and skipped when the journal says it
// is done. A ticket that cannot be used any more (its server gone, its secret lost) is replaced
// by a new `begin`, once per run. The `begin` of the next files may run ahead, outside the slots
// (begin-ahead.ts), so that a slot never waits for the platform to create a video.
import { basename } from 'node:path';
import { abortable } from './abortable.js';
import { isTransferred, type Entry, type EntryWork } from './queue-entry.js';
import { failureMeaning, failureText } from './step-retries.js';
import type { SpeedLimit } from './speed-limit.js';
import { statusReport, type SendResult, type UploadTicket } from './upload-transport.js';

const PROGRESS_EVERY_MS = 250;

/** Begin and send, in the slot: the platform has every byte of the file once this resolves (`ready` is still to go). */
export async function uploadThroughTransfer(entry: Entry, signal: AbortSignal, work: EntryWork, speedLimit: SpeedLimit): Promise<void> {
  const id = entry.journal.id;
  const { transport } = work;
  // Begun ahead of the slot (begin-ahead.ts): that begin is journaled already, or it failed and is done here.
  if (entry.beginning !== null) await abortable(entry.beginning, signal);
  if (entry.journal.upload !== null && entry.journal.upload.transport !== transport.name) {
    // Begun with another transport (the profile's platform changed): its ticket means nothing to this one.
    work.logger.warn('an unfinished upload was begun with another upload transport; asking the platform for a new upload of the file', { file: basename(entry.journal.file), transport: entry.journal.upload.transport });
    work.write({ t: 'retry', id, fresh: true }, entry);
  }
  if (entry.journal.upload === null) await beginUpload(entry, signal, work, true);
  const ticket = entry.journal.upload!.ticket;
  signal.throwIfAborted();
  if (!isTransferred(entry.journal)) {
    work.setState(entry, 'transferring');
    let result: SendResult;
    try {
      result = await work.withRetries(entry, signal, () => send(entry, ticket, signal, work, speedLimit));
    } catch (error) {
      if (signal.aborted || !failureMeaning(error, transport).staleTicket || entry.renewedTicket) throw error;
      // The platform upload cannot be reached any more (its server moved, its login ended or is lost):
      // only a new one brings a ticket that works.
      entry.renewedTicket = true;
      work.logger.warn('an unfinished upload cannot go on with its platform upload; asking the platform for a new upload of the file', { file: basename(entry.journal.file), error: failureText(error) });
      work.write({ t: 'retry', id, fresh: true }, entry);
      return uploadThroughTransfer(entry, signal, work, speedLimit);
    }
    work.write({ t: 'transferred', id }, entry);
    entry.bytes = entry.journal.size;
    work.emit({ event: 'transferred', id, videoId: ticket.videoId, bytes: entry.journal.size, resumedFrom: result.resumedFrom });
  }
  signal.throwIfAborted();
}

/**
 * `ready` after the transfer (outside the slot): the file is with the platform for processing once this
 * resolves. A `ready` journaled as started whose answer never came (a crash) is checked by its status first.
 */
export async function markReady(entry: Entry, signal: AbortSignal, work: EntryWork): Promise<void> {
  const id = entry.journal.id;
  const { transport } = work;
  const ticket = entry.journal.upload!.ticket;
  if (entry.journal.readySent) return;
  if (entry.journal.readyStarted) {
    // `ready` may have reached the platform before the app stopped: its status tells. The spec does not
    // say whether `transferred` comes before `ready` (the file seen) or after it; a repeated `ready` is
    // harmless where one that never arrived would leave the file waiting forever, so both send it again.
    const { status } = statusReport(await work.withRetries(entry, signal, () => transport.status(ticket)));
    if (status !== 'initiated' && status !== 'transferred') {
      work.write({ t: 'ready-sent', id }, entry);
      transport.release(ticket);
      return;
    }
  } else work.write({ t: 'ready-started', id }, entry);
  await work.withRetries(entry, signal, () => transport.finish(ticket));
  work.write({ t: 'ready-sent', id }, entry);
  transport.release(ticket);
}

/** `begin`, journaled before and after: a file whose `init-started` has no `initialised` after it is begun again. */
export async function beginUpload(entry: Entry, signal: AbortSignal, work: EntryWork, inSlot: boolean): Promise<void> {
  const id = entry.journal.id;
  const { transport } = work;
  if (entry.journal.initStarted) {
    work.logger.warn('an initialisation was sent before the app stopped, and its answer never arrived; initialising again (the lost one never becomes a video)', { file: basename(entry.journal.file) });
  }
  // Begun ahead, the row stays waiting: it is not in a slot yet.
  if (inSlot) work.setState(entry, 'initialising');
  work.write({ t: 'init-started', id }, entry);
  const { file, size, extension, title, description, protect, channelId } = entry.journal;
  const ticket = await work.withRetries(entry, signal, () => transport.begin({ path: file, size, extension }, { title, description, protect }, channelId));
  work.write({ t: 'initialised', id, upload: { transport: transport.name, ticket, parts: { ...transport.partsOf(size), acknowledged: [] } } }, entry);
  work.emit({ event: 'status', id, videoId: ticket.videoId, status: 'initiated' });
}

/** One send of the parts not acknowledged yet, journaling each part the transport says is acknowledged. */
function send(entry: Entry, ticket: UploadTicket, signal: AbortSignal, work: EntryWork, speedLimit: SpeedLimit): Promise<SendResult> {
  const { file, size, extension } = entry.journal;
  entry.meter.reset();
  return work.transport.send(ticket, { path: file, size, extension }, {
    signal,
    speedLimit,
    resumeFrom: entry.journal.upload?.parts.acknowledged ?? [],
    onPartAcknowledged: (part) => work.write({ t: 'part', id: entry.journal.id, part }, entry),
    onProgress: (bytes) => progress(entry, bytes, work),
  });
}

function progress(entry: Entry, bytes: number, work: EntryWork): void {
  entry.bytes = bytes;
  entry.meter.record(bytes);
  work.changed(entry.journal.id);
  work.progressed(entry);
  const now = work.now();
  const size = entry.journal.size;
  const last = bytes >= size;
  if (last ? entry.lastProgressBytes === bytes : now - entry.lastProgressAt < PROGRESS_EVERY_MS) return;
  entry.lastProgressAt = now;
  entry.lastProgressBytes = bytes;
  work.emit({ event: 'progress', id: entry.journal.id, bytes, size, speed: Math.round(entry.meter.speed()), etaSeconds: entry.meter.etaSeconds(size - bytes) });
}
