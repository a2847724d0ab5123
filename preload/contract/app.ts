// The app itself: what runs, its status, notices, diagnostics, and where secrets are kept.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

export const Shell = z.enum(['electron', 'browser', 'cli']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the core process. */
  shell: Shell,
  /** Why this shell was chosen, when it was not the user's choice (e.g. no Electron binary). */
  shellNote: z.string().nullable(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
});
export type AppInfo = z.output<typeof AppInfo>;

/** Where secrets are kept this run: the OS keychain, or memory when there is none (then a banner says why). */
export const KeychainStatus = z.discriminatedUnion('mode', [
  /** The first check at start-up has not answered yet. */
  z.object({ mode: z.literal('checking') }),
  z.object({ mode: z.literal('keychain'), name: z.string() }),
  /** A keychain call waits for an answer (a prompt, most likely): memory takes over at giveUpAt (epoch ms). */
  z.object({ mode: z.literal('waiting'), name: z.string(), giveUpAt: z.number() }),
  z.object({
    mode: z.literal('memory'),
    problem: z.enum(['module-missing', 'no-session-bus', 'no-secret-service', 'no-keyring', 'locked', 'refused', 'no-answer']),
    /** What went wrong, in one line. */
    reason: z.string(),
    /** What fixes it on this OS. */
    fix: z.string(),
  }),
]);
export type KeychainStatus = z.output<typeof KeychainStatus>;

export const Notice = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  /**
   * The panel the notice belongs to (a renderer panel id: `uploads`, `go-live`), shown only there; without
   * one it belongs to the panel open when it arrives.
   */
  panel: z.string().optional(),
});
export type Notice = z.output<typeof Notice>;

/** What the tray icon and browser mode's header show; derived in main from the live state, the upload totals and the platform's waits. */
export const AppStatus = z.object({
  /** The tray icon: the strongest of what runs (recording, then live, then uploading). */
  indicator: z.enum(['offline', 'live', 'recording', 'uploading']),
  live: z.enum(['offline', 'starting', 'live', 'reconnecting', 'ending', 'failed']),
  recording: z.boolean(),
  /** Null when no upload is unfinished. */
  uploads: z.object({ unfinished: z.number(), percent: z.number(), paused: z.boolean() }).nullable(),
  channel: z.string().nullable(),
  /** One sentence for a tooltip or a header: "Live on Main, recording". */
  summary: z.string(),
  /**
   * A wait of 2 s or more the platform's rate limit asks of a call under way (the one ending last), or null:
   * the status area shows its message ("The platform asks us to wait 23 s (GET /channels/<channel_id>.<format>).").
   */
  waiting: z.object({ seconds: z.number(), endpoint: z.string(), until: z.number(), message: z.string() }).nullable(),
});
export type AppStatus = z.output<typeof AppStatus>;

/** The app itself, served by the app service. */
export const appNamespace = defineNamespace({
  info: { args: z.tuple([]), result: AppInfo },
  /** Versions, OS, profile kinds and the end of the logs, with secrets redacted: for a bug report. */
  diagnostics: { args: z.tuple([]), result: z.string() },
  /** Notices raised while the core started, before any window listened (e.g. a damaged settings file reset). */
  startupNotices: { args: z.tuple([]), result: z.array(Notice) },
  status: { args: z.tuple([]), result: AppStatus },
  /** Where secrets are kept this run (the keychain, or memory without one). */
  keychain: { args: z.tuple([]), result: KeychainStatus },
  /** Asks the keychain again now (after unlocking or installing one); what memory holds moves there. */
  retryKeychain: { args: z.tuple([]), result: KeychainStatus },
});
