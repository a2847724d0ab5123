// The safety copy in the app: the saved choice (on/off, folder, upload when done; live-settings.ts), the
// copy engine (relay/safety-copy.ts) run for each broadcast on the local ingest, its part of LiveState,
// and the finished files of the last broadcast handed to the upload queue as videos of its channel: on
// request, or by itself when the broadcast ends with "upload when done" on.
import { isAbsolute, resolve } from 'node:path';
import { CompanionError, type AddUploads, type AddUploadsResult, type SafetyCopyChoice, type SafetyCopyState } from '../../preload/contract.js';
import type { Logger } from '../log/redacting-logger.js';
import type { LocalIngest } from '../relay/local-ingest.js';
import { folderProblem, startSafetyCopy, type SafetyCopy, type SafetyCopyEvent, type SafetyCopyOptions } from '../relay/safety-copy.js';
import type { LiveSettings, LiveSettingsStore } from '../settings/live-settings.js';

/** What a shell adds to the saved choice. */
export interface SafetyCopyHooks {
  /** Copies into this folder for this run whatever the saved choice (`companion live --copy`); not saved. */
  readonly folder?: string;
  readonly onEvent?: (event: SafetyCopyEvent) => void;
  /** The upload queue's `add` (the app's upload service); without it the files stay on disk. */
  readonly queueUploads?: (request: AddUploads) => Promise<AddUploadsResult>;
  /** The engine's thresholds (tests lower or raise them). */
  readonly engine?: Pick<SafetyCopyOptions, 'minFreeBytes' | 'diskCheckMs' | 'maxQueuedBytes'>;
}

export interface SafetyCopyServiceOptions {
  readonly settings: LiveSettingsStore;
  readonly logger: Logger;
  /** Told whenever the copy's part of the state changes. */
  readonly onChange: () => void;
  readonly hooks?: SafetyCopyHooks;
}

interface CopyFileRow {
  readonly path: string;
  readonly bytes: number;
  queued: boolean;
}

/** The longest going live or ending waits for the copy's disk. */
const WAIT_MS = 5000;

const NO_QUEUE = 'Uploading the safety copies needs the app, which keeps the upload queue; the files are in the safety copy folder.';

export class SafetyCopyService {
  readonly #options: SafetyCopyServiceOptions;
  #choice: SafetyCopyChoice = { enabled: false, folder: null, uploadWhenDone: false };
  /** The running broadcast's ingest and channel; null between broadcasts. */
  #live: { readonly ingest: Pick<LocalIngest, 'subscribe'>; readonly channelId: string } | null = null;
  #copy: SafetyCopy | null = null;
  #starting: Promise<void> | null = null;
  /** The channel of the last broadcast: its files upload there. */
  #channelId: string | null = null;
  #files: CopyFileRow[] = [];
  /** Why the last upload of the files (or the copy's start) went wrong, when it did. */
  #problem: string | null = null;

  constructor(options: SafetyCopyServiceOptions) {
    this.#options = options;
  }

  /** The saved choice, read by the live service with the other live settings. */
  load(settings: LiveSettings): void {
    this.#choice = { ...settings.safetyCopy };
  }

  state(): SafetyCopyState {
    const status = this.#copy?.status() ?? null;
    return {
      ...this.#choice,
      state: status === null ? 'off' : status.state,
      currentFile: status?.currentFile ?? null,
      bytes: status?.bytes ?? 0,
      freeBytes: status?.freeBytes ?? null,
      warning: status?.warning ?? this.#problem,
      files: this.#files.map((file) => ({ ...file })),
    };
  }

  /** Saves the choice; switched on or off mid-broadcast, the copy starts or stops at once. */
  async set(choice: SafetyCopyChoice): Promise<void> {
    const folder = choice.folder === null ? null : resolve(choice.folder);
    if (choice.folder !== null && !isAbsolute(choice.folder)) throw new CompanionError('bad_request', 'Give the safety copy folder as a full path, starting at the top of the disk.');
    if (choice.enabled && folder === null) throw new CompanionError('bad_request', 'Choose the folder the safety copy goes to.');
    const problem = folder === null ? null : await folderProblem(folder);
    if (problem !== null) throw new CompanionError('folder_unusable', problem);
    this.#choice = { enabled: choice.enabled, folder, uploadWhenDone: choice.uploadWhenDone };
    await this.#options.settings.update((settings) => {
      settings.safetyCopy = { ...this.#choice };
    });
    if (this.#live !== null && this.#folder() === null) await this.#stopCopy();
    else if (this.#live !== null && this.#copy === null) await this.#startCopy();
    this.#options.onChange();
  }

  /** A broadcast starts: a copy when one is asked for; the last broadcast's files are forgotten. */
  async start(ingest: Pick<LocalIngest, 'subscribe'>, channelId: string): Promise<void> {
    this.#live = { ingest, channelId };
    this.#channelId = channelId;
    this.#files = [];
    this.#problem = null;
    await this.#startCopy();
  }

  /** The broadcast ended: the copy's files are closed, and queued when "upload when done" is on. */
  async stop(): Promise<void> {
    if (this.#live === null) return;
    this.#live = null;
    await this.#stopCopy();
    if (this.#choice.uploadWhenDone && this.#files.length > 0) {
      await this.upload().catch((error: unknown) => {
        this.#problem = `The safety copies were not queued for upload: ${error instanceof Error ? error.message : String(error)}`;
        this.#options.logger.warn(this.#problem);
      });
    }
    this.#options.onChange();
  }

  /** Queues the finished files not queued yet, as videos of the last broadcast's channel. */
  async upload(): Promise<void> {
    const waiting = this.#files.filter((file) => !file.queued);
    if (waiting.length === 0) throw new CompanionError('nothing_to_upload', 'There is no safety copy to upload: the last broadcast left none, or they are queued already.');
    const queueUploads = this.#options.hooks?.queueUploads;
    if (queueUploads === undefined || this.#channelId === null) throw new CompanionError('unavailable', NO_QUEUE);
    const result = await queueUploads({ paths: waiting.map((file) => file.path), channelId: this.#channelId });
    const refused = new Map(result.rejected.map((rejection) => [rejection.file, rejection.reason]));
    for (const file of waiting) file.queued = !refused.has(file.path);
    this.#problem = refused.size === 0 ? null : `Some safety copies were not queued: ${[...refused].map(([file, reason]) => `${file}: ${reason}`).join('; ')}`;
    this.#options.onChange();
  }

  #folder(): string | null {
    return this.#options.hooks?.folder ?? (this.#choice.enabled ? this.#choice.folder : null);
  }

  /** Going live waits for the folder's checks a few seconds at most (a network share may hang). */
  async #startCopy(): Promise<void> {
    const folder = this.#folder();
    const live = this.#live;
    if (folder === null || live === null) return;
    const starting = startSafetyCopy(live.ingest, {
      ...this.#options.hooks?.engine,
      folder,
      logger: this.#options.logger,
      onEvent: (event) => this.#onEvent(event),
    }).then((copy) => {
      // Ended or switched off while its checks took their time.
      if (this.#live !== live || this.#folder() === null) void copy.stop();
      else this.#copy = copy;
    });
    this.#starting = starting.finally(() => {
      if (this.#starting === tracked) this.#starting = null;
    });
    const tracked = this.#starting;
    await within(tracked, WAIT_MS);
  }

  async #stopCopy(): Promise<void> {
    await within(this.#starting, WAIT_MS);
    const copy = this.#copy;
    await copy?.stop();
    // The stopped copy's warning stays in the state until the next broadcast.
    if (copy) this.#problem ??= copy.status().warning;
    this.#copy = null;
  }

  #onEvent(event: SafetyCopyEvent): void {
    if (event.event === 'copy-file-closed') this.#files.push({ path: event.path, bytes: event.bytes, queued: false });
    this.#options.hooks?.onEvent?.(event);
    this.#options.onChange();
  }
}

/** `work` done, or `ms` gone by, whichever comes first. */
async function within(work: Promise<unknown> | null, ms: number): Promise<void> {
  if (work === null) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
