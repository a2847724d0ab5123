// The local safety copy as the Go live panel shows and sets it: the saved choice (on/off, folder, upload
// when done), what the copy is doing, and the files of the last broadcast.
import { z } from 'zod';

export const SafetyCopyChoice = z.object({
  enabled: z.boolean(),
  /** An existing folder on the computer running the app; null: none chosen yet. */
  folder: z.string().trim().min(1).max(4096).nullable(),
  /** Queue the finished files in the upload queue, as videos of the channel, when the broadcast ends. */
  uploadWhenDone: z.boolean(),
});
export type SafetyCopyChoice = z.output<typeof SafetyCopyChoice>;

export const SafetyCopyState = SafetyCopyChoice.extend({
  /** off: not copying (not live, or switched off); stopped: stopped during this broadcast (`warning` says why). */
  state: z.enum(['off', 'writing', 'stopped']),
  currentFile: z.string().nullable(),
  /** Of the current file. */
  bytes: z.number(),
  /** On the folder's disk, at the last check. */
  freeBytes: z.number().nullable(),
  warning: z.string().nullable(),
  /** The finished files of the last broadcast; `queued`: handed to the upload queue. */
  files: z.array(z.object({ path: z.string(), bytes: z.number(), queued: z.boolean() })),
});
export type SafetyCopyState = z.output<typeof SafetyCopyState>;
