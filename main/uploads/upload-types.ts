// The upload queue as its users see it: rows, totals and events (the CLI prints the events, the Uploads
// panel shows the rows).
import type { UploadRow, UploadTotals } from '../../preload/contract.js';

// A row and the totals are what the Uploads panel shows: the contract defines them, the queue fills them.
export type { UploadRow, UploadTotals };

export const PROTECTIONS = ['public', 'private'] as const;
export type Protection = UploadRow['protect'];

/** The platform's status once it has the upload. */
export type UploadStatus = NonNullable<UploadRow['platformStatus']>;

/**
 * waiting: in line for a transfer slot; initialising, transferring: in a slot; sending-ready: the bytes
 * are sent, `ready` goes (outside the slots);
 * processing: handed to the platform, its status followed; then complete, failed or cancelled.
 */
export type UploadState = UploadRow['state'];

export type QueuePause = NonNullable<UploadTotals['paused']>;

/** The queue's own totals: the timetable and what holds the speed are the service's to add (upload-service.ts). */
export type QueueTotals = Omit<UploadTotals, 'timetable' | 'limitedBy'>;

export type UploadEvent =
  | { readonly event: 'queued'; readonly id: string; readonly file: string; readonly size: number; readonly title: string }
  | { readonly event: 'rejected'; readonly file: string; readonly reason: string }
  | { readonly event: 'progress'; readonly id: string; readonly bytes: number; readonly size: number; readonly speed: number; readonly etaSeconds: number | null }
  | { readonly event: 'transferred'; readonly id: string; readonly videoId: string; readonly bytes: number; readonly resumedFrom: number }
  | { readonly event: 'status'; readonly id: string; readonly videoId: string; readonly status: UploadStatus }
  | { readonly event: 'complete'; readonly id: string; readonly videoId: string; readonly title: string }
  | { readonly event: 'failed'; readonly id: string; readonly reason: string }
  /** A step failed for a reason that may pass: `attempt` comes in `inMs`. */
  | { readonly event: 'retrying'; readonly id: string; readonly attempt: number; readonly inMs: number; readonly reason: string }
  | { readonly event: 'paused'; readonly reason: QueuePause; readonly message: string }
  | { readonly event: 'resumed' }
  | { readonly event: 'done'; readonly complete: number; readonly failed: number; readonly cancelled: number; readonly rejected: number };

export interface AddOptions {
  readonly channelId: string;
  /** For every file of the batch; the title defaults to the file name. */
  readonly description?: string;
  readonly protect?: Protection;
  /** Titles by file path, where not the file name. */
  readonly titles?: Readonly<Record<string, string>>;
}

export interface AddResult {
  readonly queued: UploadRow[];
  readonly rejected: { readonly file: string; readonly reason: string }[];
}

export const CONCURRENCY_RANGE = { min: 1, max: 8, default: 2 } as const;

/** The queue refuses what cannot be done now (cancel a file the platform processes, edit one it already has...); the message is a sentence for the streamer. */
export class UploadRefusedError extends Error {
  override readonly name = 'UploadRefusedError';
}

/** The queue's log: a transport registers its secrets there, so no line ever shows them. */
export interface QueueLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  registerSecret(value: string): void;
}

export function checkedConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < CONCURRENCY_RANGE.min || value > CONCURRENCY_RANGE.max) {
    throw new UploadRefusedError(`Concurrency is ${CONCURRENCY_RANGE.min} to ${CONCURRENCY_RANGE.max} files at once (got ${value}).`);
  }
  return value;
}
