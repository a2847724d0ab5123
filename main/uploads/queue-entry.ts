// One file of the upload queue as the queue holds it while it runs: its journal item, its state and live
// progress, and what the queue's parts (slots, status following) share to work on it.
import { randomUUID } from 'node:crypto';
import { acknowledgedBytes, allPartsAcknowledged, type JournalItem, type JournalRecord } from './journal-records.js';
import { TransferMeter } from './transfer-meter.js';
import type { FoundFile } from './upload-files.js';
import type { UploadTransport } from './upload-transport.js';
import type { AddOptions, QueueLogger, UploadEvent, UploadRow, UploadState } from './upload-types.js';

export interface Entry {
  journal: JournalItem;
  state: UploadState;
  /** Bytes the platform has. */
  bytes: number;
  readonly meter: TransferMeter;
  lastProgressAt: number;
  lastProgressBytes: number;
  /** Ends the work of its slot (pause, cancel, queue pause or close). */
  abort: AbortController | null;
  polling: boolean;
  /** Its upload is being begun ahead of its slot (begin-ahead.ts): a slot that takes it waits for that. */
  beginning: Promise<void> | null;
  /** The platform's transcoding percentage while it processes the file (null: not told). */
  processingProgress: number | null;
  /** A new platform upload was begun in this run because the ticket had gone stale: once only. */
  renewedTicket: boolean;
  /** While a failed step waits to be tried again (UploadRow.retry). */
  retry: UploadRow['retry'];
}

/** What the queue lends the work on one entry: the transport, the journal, the events. */
export interface EntryWork {
  readonly transport: UploadTransport;
  readonly logger: QueueLogger;
  readonly now: () => number;
  /** Journals a step of the entry (flushed before it returns) and shows its row changed. */
  write(step: JournalRecord, entry: Entry): void;
  setState(entry: Entry, state: UploadState): void;
  changed(id: string): void;
  /** A transfer of the entry made progress (the queue may begin the next file: begin-ahead.ts). */
  progressed(entry: Entry): void;
  emit(event: UploadEvent): void;
  /** Runs a step of the entry, trying again after what may pass (see step-retries.ts); the row shows each wait. */
  withRetries<T>(entry: Entry, signal: AbortSignal, attempt: () => Promise<T>): Promise<T>;
}

/** Why a slot's work was stopped, so its end can be told apart from a failure. */
export class Stopped extends Error {
  constructor(readonly next: 'waiting' | 'paused' | 'cancelled') {
    super(`stopped (${next})`);
  }
}

/** The platform ended the upload in `error`, or forgot it. */
export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
}

/** The journal item of a file just added: nothing done yet. */
export function newItem(file: FoundFile, options: AddOptions, addedAt: number): JournalItem {
  return {
    id: randomUUID(),
    addedAt,
    file: file.path,
    size: file.size,
    modifiedMs: file.modifiedMs,
    extension: file.extension,
    channelId: options.channelId,
    title: options.titles?.[file.path] ?? file.title,
    description: options.description ?? '',
    protect: options.protect ?? 'public',
    initStarted: false,
    upload: null,
    inits: 0,
    readyStarted: false,
    readySent: false,
    status: null,
    outcome: null,
    failure: null,
    retryFresh: false,
    paused: false,
  };
}

export function newEntry(item: JournalItem, state: UploadState, now: () => number): Entry {
  return { journal: item, state, bytes: 0, meter: new TransferMeter(now), lastProgressAt: 0, lastProgressBytes: -1, abort: null, polling: false, beginning: null, processingProgress: null, renewedTicket: false, retry: null };
}

/** An entry as the journal left it (a crash, a restart). */
export function restoredEntry(item: JournalItem, now: () => number): Entry {
  const entry = newEntry(item, restoredState(item), now);
  entry.bytes = item.readySent ? item.size : item.upload ? acknowledgedBytes(item.upload.parts, item.size) : 0;
  return entry;
}

function restoredState(item: JournalItem): UploadState {
  if (item.outcome !== null) return item.outcome;
  if (item.readySent) return 'processing';
  return item.paused ? 'paused' : 'waiting';
}

export function isTransferred(item: JournalItem): boolean {
  return item.upload !== null && allPartsAcknowledged(item.upload.parts);
}

export function isUnfinished(state: UploadState): boolean {
  return state === 'waiting' || state === 'processing' || isInSlot(state);
}

function isInSlot(state: UploadState): boolean {
  return state === 'initialising' || state === 'transferring' || state === 'sending-ready';
}

export function rowOf(entry: Entry): UploadRow {
  const item = entry.journal;
  // Waiting to try again, nothing moves: no speed or time left from before the failure.
  const transferring = entry.state === 'transferring' && entry.retry === null;
  return {
    id: item.id,
    file: item.file,
    size: item.size,
    channelId: item.channelId,
    title: item.title,
    description: item.description,
    protect: item.protect,
    state: entry.state,
    platformStatus: item.status ?? (item.upload ? 'initiated' : null),
    videoId: item.upload?.ticket.videoId ?? null,
    bytes: entry.bytes,
    speed: transferring ? Math.round(entry.meter.speed()) : 0,
    etaSeconds: transferring ? entry.meter.etaSeconds(item.size - entry.bytes) : null,
    failure: item.failure,
    processingProgress: entry.state === 'processing' ? entry.processingProgress : null,
    retry: entry.retry,
  };
}
