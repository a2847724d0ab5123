// The upload queue and the folder browser that feeds it.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { Protection } from './common.js';

export const UploadRow = z.object({
  id: z.string(),
  /** Absolute path on the computer running the app. */
  file: z.string(),
  size: z.number(),
  channelId: z.string(),
  title: z.string(),
  description: z.string(),
  protect: Protection,
  /**
   * waiting: in line for a transfer slot; initialising, transferring, sending-ready: in a slot;
   * processing: the platform has it (platformStatus says how far); then complete, failed or cancelled.
   */
  state: z.enum(['waiting', 'paused', 'initialising', 'transferring', 'sending-ready', 'processing', 'complete', 'failed', 'cancelled']),
  platformStatus: z.enum(['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error']).nullable(),
  videoId: z.string().nullable(),
  /** Bytes the platform has (FTP: its server's size; parts: the acknowledged parts). */
  bytes: z.number(),
  /** Bytes per second while transferring. */
  speed: z.number(),
  etaSeconds: z.number().nullable(),
  /** Why it failed, in words. */
  failure: z.string().nullable(),
  /** While processing: the platform's transcoding percentage (0-100), where the platform tells it; else null. */
  processingProgress: z.number().min(0).max(100).nullable(),
  /**
   * While a step that failed for a reason that may pass (the server away, the network down) waits to be
   * tried again: when (ms since the epoch), which attempt comes next, and why the last one failed, in words.
   */
  retry: z.object({ at: z.number(), attempt: z.number().int().min(2), reason: z.string() }).nullable(),
});
export type UploadRow = z.output<typeof UploadRow>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM, like 01:00');

/**
 * "Full speed 01:00–07:00, otherwise 5 Mbit/s": local times of this computer; `until` before `from` runs across
 * midnight; `from` equal to `until` is full speed all day.
 */
export const UploadTimetable = z.object({
  fullSpeedFrom: clockTime,
  fullSpeedUntil: clockTime,
  /** Bytes per second outside those hours. */
  otherwise: z.number().int().min(1024).max(10 * 1024 ** 3),
});
export type UploadTimetable = z.output<typeof UploadTimetable>;

/** What holds all uploads to their speed now: the streamer's limit, the timetable, or a broadcast on the same link. */
export const UploadLimit = z.object({ reason: z.enum(['user', 'timetable', 'live']), bytesPerSecond: z.number() });
export type UploadLimit = z.output<typeof UploadLimit>;

export const UploadTotals = z.object({
  files: z.number(),
  complete: z.number(),
  failed: z.number(),
  /** Waiting, paused, in a slot or processing. */
  unfinished: z.number(),
  /** Of the current batch: bytes on the server, and of how many. */
  bytes: z.number(),
  size: z.number(),
  speed: z.number(),
  etaSeconds: z.number().nullable(),
  /** Why the whole queue is paused: by the streamer, or until the next sign-in. */
  paused: z.enum(['user', 'sign-in']).nullable(),
  concurrency: z.number(),
  /** The streamer's own limit in bytes per second for all transfers together; null: none. */
  speedLimit: z.number().nullable(),
  /** The saved timetable; null: none. */
  timetable: UploadTimetable.nullable(),
  /** The lowest of what applies now (limit, timetable, a broadcast), and why; null: full speed. */
  limitedBy: UploadLimit.nullable(),
});
export type UploadTotals = z.output<typeof UploadTotals>;

/** Why the upload queue cannot be used now; the message says what to do. */
export const UploadsUnavailable = z.object({
  code: z.enum(['signed-out', 'queue-busy', 'failed']),
  message: z.string(),
});
export type UploadsUnavailable = z.output<typeof UploadsUnavailable>;

export const UploadsState = z.object({
  available: z.boolean(),
  reason: UploadsUnavailable.nullable(),
  rows: z.array(UploadRow),
  totals: UploadTotals,
});
export type UploadsState = z.output<typeof UploadsState>;

/**
 * What changed in the queue since the last event (at most about four a second): the rows that changed or
 * were added, the ids that left. With `reset` the list is new (queue opened, closed, profile switched) and
 * `rows` holds all of it.
 */
export const UploadsChange = z.object({
  reset: z.boolean(),
  available: z.boolean(),
  reason: UploadsUnavailable.nullable(),
  rows: z.array(UploadRow),
  removed: z.array(z.string()),
  totals: UploadTotals,
});
export type UploadsChange = z.output<typeof UploadsChange>;

export const AddUploads = z.object({
  /** Files and folders (walked recursively) on the computer running the app. */
  paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
  channelId: z.string().min(1),
  description: z.string().max(5000).optional(),
  protect: Protection.optional(),
});
export type AddUploads = z.output<typeof AddUploads>;

export const AddUploadsResult = z.object({
  queued: z.number(),
  /** Files left out, each with the reason in words. */
  rejected: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type AddUploadsResult = z.output<typeof AddUploadsResult>;

export const UploadEdit = z
  .object({ title: z.string().trim().min(1).max(200).optional(), description: z.string().max(5000).optional(), protect: Protection.optional() })
  .refine((edit) => edit.title !== undefined || edit.description !== undefined || edit.protect !== undefined, 'nothing to change');
export type UploadEdit = z.output<typeof UploadEdit>;

export const UPLOAD_CONCURRENCY = { min: 1, max: 8 } as const;

export const UploadSettings = z.object({
  concurrency: z.number().int().min(UPLOAD_CONCURRENCY.min).max(UPLOAD_CONCURRENCY.max).optional(),
  /** Bytes per second; null removes the limit. */
  speedLimit: z.number().int().min(1024).max(10 * 1024 ** 3).nullable().optional(),
  /** null removes the timetable. */
  timetable: UploadTimetable.nullable().optional(),
});
export type UploadSettings = z.output<typeof UploadSettings>;

export const FolderListing = z.object({
  /** Absolute. */
  path: z.string(),
  parent: z.string().nullable(),
  entries: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      kind: z.enum(['folder', 'file']),
      /** Files only. */
      size: z.number().nullable(),
      /** A file the platform takes (by its extension, and not empty). */
      supported: z.boolean(),
    }),
  ),
  /** The folder holds more entries than were listed. */
  truncated: z.boolean(),
});
export type FolderListing = z.output<typeof FolderListing>;

/**
 * window.companionFiles: the one thing the Electron preload exposes beside the contract, the path of a file
 * dropped on the window (Electron's webUtils.getPathForFile). Absent in browser mode, where a page never
 * learns where a dropped file is.
 */
export interface DroppedFilePaths<F> {
  pathForFile(file: F): string;
}

const uploadId = z.string().min(1).max(100);

/** The upload queue, served by the upload service. */
export const uploadsNamespace = defineNamespace({
  state: { args: z.tuple([]), result: UploadsState },
  add: { args: z.tuple([AddUploads]), result: AddUploadsResult },
  pauseAll: { args: z.tuple([]), result: UploadTotals },
  resumeAll: { args: z.tuple([]), result: UploadTotals },
  pause: { args: z.tuple([uploadId]), result: UploadRow },
  resume: { args: z.tuple([uploadId]), result: UploadRow },
  cancel: { args: z.tuple([uploadId]), result: UploadRow },
  retry: { args: z.tuple([uploadId]), result: UploadRow },
  retryFailed: { args: z.tuple([]), result: UploadTotals },
  clearFinished: { args: z.tuple([z.object({ failed: z.boolean().optional() })]), result: UploadTotals },
  edit: { args: z.tuple([uploadId, UploadEdit]), result: UploadRow },
  setSettings: { args: z.tuple([UploadSettings]), result: UploadTotals },
  browse: { args: z.tuple([z.object({ path: z.string().min(1).max(4096).optional() })]), result: FolderListing },
});
