// Bulk upload in the app: the signed-in profile's upload queue (main/uploads/) opened while there is a
// sign-in, closed on sign-out and swapped on a profile switch; its rows and totals told to the windows as
// batched `uploads` events; a sign-in pause and the end of a batch told as notices.
import { homedir } from 'node:os';
import {
  CompanionError, UPLOAD_CONCURRENCY, type Contract, type NamespaceImplementation, type Notice, type uploadsNamespace,
  type AddUploads, type AddUploadsResult, type FolderListing, type UploadEdit, type UploadLimit, type UploadRow,
  type UploadSettings as UploadSettingsChange, type UploadTimetable, type UploadsState, type UploadTotals, type UploadsUnavailable,
} from '../../preload/contract.js';
import type { Logger } from '../log/redacting-logger.js';
import type { PlatformCaller } from '../platform/platform-request.js';
import type { SessionService } from '../session/session-service.js';
import type { UploadSettings, UploadSettingsStore } from '../settings/upload-settings.js';
import { DEFAULT_PARTS_IN_FLIGHT } from '../uploads/http-part-upload-transport.js';
import { openProfileUploadQueue, profileUserQueueFolder, type ProfileUploadQueueOptions } from '../uploads/profile-upload-queue.js';
import { QueueBusyError } from '../uploads/queue-lock.js';
import type { UploadQueue } from '../uploads/upload-queue.js';
import { CONCURRENCY_RANGE, UploadRefusedError, type UploadEvent } from '../uploads/upload-types.js';
import type { Vault } from '../vault/vault.js';
import { ChangeBatcher } from './change-batcher.js';
import { listFolder } from './folder-listing.js';
import { UploadSpeedPlan } from './upload-speed-plan.js';
import { absoluteUploadPath } from './upload-paths.js';
import { ContractEvents } from '../typed-emitter.js';

// The contract's limits are the engine's (a type error here when they drift apart).
UPLOAD_CONCURRENCY satisfies { readonly min: typeof CONCURRENCY_RANGE.min; readonly max: typeof CONCURRENCY_RANGE.max };

/** What the service uses of the engine's queue; tests give a fake. */
export type UploadQueueControls = Pick<
  UploadQueue,
  'rows' | 'row' | 'totals' | 'speed' | 'add' | 'edit' | 'pause' | 'resume' | 'signedIn' | 'pauseFile' | 'resumeFile' | 'cancel' | 'retry' | 'retryFailed' | 'clearFinished' | 'setConcurrency' | 'setSpeedLimit' | 'start'
>;

export interface OpenedUploadQueue {
  readonly queue: UploadQueueControls;
  close(): Promise<void>;
}

export type UploadQueueOpener = (options: ProfileUploadQueueOptions) => OpenedUploadQueue;

export interface UploadServiceOptions {
  readonly session: Pick<SessionService, 'profileName' | 'userName' | 'dialect' | 'currentStatus' | 'tokenRefused' | 'events'>;
  readonly dataDir: string;
  readonly platformCaller: () => Promise<PlatformCaller>;
  readonly vaultFor: (profile: string) => Vault;
  readonly settings: UploadSettingsStore;
  readonly logger: Logger;
  readonly notify: (notice: Notice) => void;
  /** Retry and poll timing of the queue (tests shorten them); concurrency and speed limit come from the settings. */
  readonly tuning?: Omit<NonNullable<ProfileUploadQueueOptions['tuning']>, 'concurrency' | 'speedLimit'>;
  readonly openQueue?: UploadQueueOpener;
  /** The streamer's limit for this run instead of the saved one (`companion upload --limit-rate`). */
  readonly speedLimitForThisRun?: number | null;
  /** Told of what holds the speed whenever that may have changed (`companion upload` says why it is slow). */
  readonly limitChanged?: (limit: UploadLimit | null, timetable: UploadTimetable | null) => void;
  /** The shortest time between two `uploads` events. */
  readonly batchMs?: number;
  /** How often to try again while another process holds the queue. */
  readonly busyRetryMs?: number;
}

interface Opened {
  readonly profile: string;
  /** The user's queue folder of the profile: another user of the same profile has another one. */
  readonly folder: string;
  readonly handle: OpenedUploadQueue;
}

const DEFAULT_BATCH_MS = 250;
const DEFAULT_BUSY_RETRY_MS = 5000;

const SIGNED_OUT: UploadsUnavailable = { code: 'signed-out', message: 'Sign in to upload: the queue belongs to the signed-in profile.' };

export class UploadService implements NamespaceImplementation<typeof uploadsNamespace> {
  readonly #options: UploadServiceOptions;
  readonly #batcher: ChangeBatcher;
  #opened: Opened | null = null;
  #reason: UploadsUnavailable = SIGNED_OUT;
  #settings: UploadSettings = { concurrency: CONCURRENCY_RANGE.default, speedLimit: null, timetable: null, partsInFlight: DEFAULT_PARTS_IN_FLIGHT };
  /** The limit that applies (the streamer's, the timetable's, a broadcast's): the lowest goes to the queue. */
  readonly #speed: UploadSpeedPlan;
  /** What the open queue was last set to (setting the same again would empty its bucket). */
  #appliedLimit: number | null = null;
  /** Opening and closing queues, one at a time, in order. */
  #work: Promise<void> = Promise.resolve();
  /** Settings writes, one at a time, so one change never undoes another. */
  #settingsWork: Promise<unknown> = Promise.resolve();
  /** Bumped whenever the queue is closed: callbacks of a closed queue are ignored. */
  #generation = 0;
  #busyRetry: NodeJS.Timeout | null = null;
  /** The windows were last told of an open queue (so a reason, even the same as before, is news). */
  #announcedQueue = false;
  #closed = false;

  /** Emits `uploads`: the changed rows and totals, batched. */
  readonly events = new ContractEvents<Contract, 'uploads'>();

  constructor(options: UploadServiceOptions) {
    this.#options = options;
    this.#speed = new UploadSpeedPlan({ changed: () => this.#applySpeed(), userLimitForThisRun: options.speedLimitForThisRun });
    this.#batcher = new ChangeBatcher({ intervalMs: options.batchMs ?? DEFAULT_BATCH_MS, flush: (ids) => this.#flush(ids) });
    options.session.events.on('session', () => void this.sessionChanged());
  }

  /** Loads the settings and opens the profile's queue when there is a sign-in. */
  async open(): Promise<void> {
    this.#settings = await this.#options.settings.load();
    this.#speed.setSaved(this.#settings.speedLimit, this.#settings.timetable);
    await this.#enqueue(() => this.#follow());
  }

  /** The sign-in or the profile changed: open, close or swap the queue, or let a sign-in pause go on. */
  sessionChanged(): Promise<void> {
    return this.#enqueue(() => this.#follow());
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#speed.close();
    this.#stopBusyRetry();
    await this.#enqueue(() => this.#closeQueue());
    this.#batcher.close();
  }

  /** The whole state; while another process holds the queue, asking is also the moment to try again. */
  async state(): Promise<UploadsState> {
    if (this.#opened === null && this.#reason.code !== 'signed-out') await this.#enqueue(() => this.#follow());
    return this.#snapshot();
  }

  async add(request: AddUploads): Promise<AddUploadsResult> {
    const queue = this.#queue();
    const paths: string[] = [];
    const rejected: AddUploadsResult['rejected'] = [];
    for (const typed of request.paths) {
      const path = absoluteUploadPath(typed, homedir());
      if (path === null) rejected.push({ file: typed, reason: 'Not a full path: give one that starts at the top of the disk, or use Browse.' });
      else paths.push(path);
    }
    if (paths.length === 0) return { queued: 0, rejected };
    const added = await refusalsAsSentences(() => queue.add(paths, { channelId: request.channelId, description: request.description, protect: request.protect }));
    return { queued: added.queued.length, rejected: [...rejected, ...added.rejected] };
  }

  pauseAll(): UploadTotals {
    return this.#act((queue) => {
      queue.pause();
      return this.#totals();
    });
  }

  resumeAll(): UploadTotals {
    return this.#act((queue) => {
      queue.resume();
      return this.#totals();
    });
  }

  pause(id: string): UploadRow {
    return this.#actOnRow(id, (queue) => queue.pauseFile(id));
  }

  resume(id: string): UploadRow {
    return this.#actOnRow(id, (queue) => queue.resumeFile(id));
  }

  cancel(id: string): UploadRow {
    return this.#actOnRow(id, (queue) => queue.cancel(id));
  }

  retry(id: string): UploadRow {
    return this.#actOnRow(id, (queue) => queue.retry(id));
  }

  edit(id: string, change: UploadEdit): UploadRow {
    return this.#act((queue) => queue.edit(id, change));
  }

  retryFailed(): UploadTotals {
    return this.#act((queue) => {
      queue.retryFailed();
      return this.#totals();
    });
  }

  clearFinished(options: { failed?: boolean }): UploadTotals {
    return this.#act((queue) => {
      queue.clearFinished(options);
      return this.#totals();
    });
  }

  /** Saves the choice (it applies to every profile and outlives a restart) and applies it to the open queue. */
  async setSettings(change: UploadSettingsChange): Promise<UploadTotals> {
    const saving = this.#settingsWork.then(() =>
      this.#options.settings.update((settings) => {
        if (change.concurrency !== undefined) settings.concurrency = change.concurrency;
        if (change.speedLimit !== undefined) settings.speedLimit = change.speedLimit;
        if (change.timetable !== undefined) settings.timetable = change.timetable;
      }),
    );
    this.#settingsWork = saving.catch(() => undefined);
    this.#settings = await saving;
    const queue = this.#opened?.handle.queue;
    queue?.setConcurrency(this.#settings.concurrency);
    this.#speed.setSaved(this.#settings.speedLimit, this.#settings.timetable);
    return this.#totals();
  }

  /** A broadcast on this link holds the uploads to this (live-yield.ts, not the contract); null gives it back. */
  holdForLive(bytesPerSecond: number | null): void {
    this.#speed.setLive(bytesPerSecond);
  }

  /** Bytes per second the uploads move now (0 without a queue). */
  currentSpeed(): number {
    return this.#opened?.handle.queue.speed() ?? 0;
  }

  /** A folder on this computer, for choosing what to upload; without a path, the home folder. */
  browse(request: { path?: string }): Promise<FolderListing> {
    return listFolder(request.path);
  }

  /* ---------------------------------------------------------------------------------------------- */

  #enqueue(step: () => Promise<void> | void): Promise<void> {
    const next = this.#work.then(step);
    this.#work = next.catch((error: unknown) => this.#options.logger.error('the upload queue could not be opened or closed', { error }));
    return this.#work;
  }

  /** Makes the open queue match the session: the signed-in user's queue of the active profile, none without a sign-in. */
  async #follow(): Promise<void> {
    if (this.#closed) return;
    const status = this.#options.session.currentStatus();
    // An expired sign-in keeps its queue open: the rows stay visible and the queue waits for the sign-in.
    const profile = status === 'signed-out' ? null : this.#options.session.profileName;
    const user = this.#options.session.userName;
    let folder: string | null = null;
    try {
      if (profile !== null) folder = profileUserQueueFolder(this.#options.dataDir, profile, user);
    } catch (error) {
      await this.#closeQueue();
      this.#openFailed(error);
      return;
    }
    if (this.#opened !== null && this.#opened.folder !== folder) await this.#closeQueue();
    if (profile === null || folder === null) {
      this.#stopBusyRetry();
      this.#setUnavailable(SIGNED_OUT);
      return;
    }
    if (this.#opened === null) this.#openQueue(profile, user, folder);
    else if (status === 'signed-in') this.#opened.handle.queue.signedIn();
  }

  #openQueue(profile: string, user: string | null, folder: string): void {
    const generation = this.#generation;
    const current = (): boolean => generation === this.#generation && !this.#closed;
    try {
      const handle = (this.#options.openQueue ?? openProfileUploadQueue)({
        dataDir: this.#options.dataDir,
        profile,
        // The profile's dialect chooses its upload transport (profile-upload-queue.ts).
        dialect: this.#options.session.dialect,
        user,
        platformCaller: this.#options.platformCaller,
        vault: this.#options.vaultFor(profile),
        logger: this.#options.logger,
        onEvent: (event) => {
          if (current()) this.#onEvent(event);
        },
        onRowChange: (id) => {
          if (current()) this.#batcher.rowChanged(id);
        },
        tuning: { partsInFlight: this.#settings.partsInFlight, ...this.#options.tuning, concurrency: this.#settings.concurrency, speedLimit: this.#speed.limitedBy()?.bytesPerSecond ?? null },
      });
      this.#opened = { profile, folder, handle };
      this.#appliedLimit = this.#speed.limitedBy()?.bytesPerSecond ?? null;
      this.#stopBusyRetry();
      this.#announcedQueue = true;
      this.#emitReset();
      handle.queue.start();
    } catch (error) {
      if (error instanceof QueueBusyError) {
        this.#setUnavailable({ code: 'queue-busy', message: `${error.message} The app tries again every few seconds.` });
        this.#startBusyRetry();
      } else {
        this.#openFailed(error);
      }
    }
  }

  #openFailed(error: unknown): void {
    this.#options.logger.error('the upload queue could not be opened', { error });
    const why = error instanceof Error ? error.message : String(error);
    this.#setUnavailable({ code: 'failed', message: `The upload queue could not be opened (${why}). Check that the app's data folder can be written, then try again.` });
  }

  /** Tells the windows why there is no queue, once per reason (the busy retry would repeat it every few seconds). */
  #setUnavailable(reason: UploadsUnavailable): void {
    const same = this.#reason.code === reason.code && this.#reason.message === reason.message;
    this.#reason = reason;
    if (!same || this.#announcedQueue) this.#emitReset();
    this.#announcedQueue = false;
  }

  async #closeQueue(): Promise<void> {
    const opened = this.#opened;
    if (opened === null) return;
    this.#opened = null;
    this.#generation += 1;
    this.#batcher.discard();
    await opened.handle.close();
  }

  #onEvent(event: UploadEvent): void {
    switch (event.event) {
      case 'paused':
        if (event.reason === 'sign-in') {
          // The session then reads "expired" until a new sign-in, which lets the queue go on (#follow).
          this.#options.session.tokenRefused().catch(() => undefined);
          this.#options.notify({ level: 'warning', panel: 'uploads', message: 'Uploads are paused: the platform no longer accepts your sign-in (expired or revoked). Sign in again; the uploads then go on by themselves.' });
        }
        this.#batcher.totalsChanged();
        break;
      case 'resumed':
        this.#batcher.totalsChanged();
        break;
      case 'done':
        this.#options.notify({ level: event.failed > 0 || event.rejected > 0 ? 'warning' : 'info', panel: 'uploads', message: doneMessage(event) });
        break;
      default:
        // Rows report their own changes (onRowChange).
        break;
    }
  }

  #flush(ids: ReadonlySet<string>): void {
    const opened = this.#opened;
    if (opened === null) return;
    const rows: UploadRow[] = [];
    const removed: string[] = [];
    for (const id of ids) {
      const row = opened.handle.queue.row(id);
      if (row) rows.push(row);
      else removed.push(id);
    }
    this.events.emit('uploads', { reset: false, available: true, reason: null, rows, removed, totals: this.#totals() });
  }

  #emitReset(): void {
    this.#batcher.discard();
    const state = this.#snapshot();
    this.events.emit('uploads', { reset: true, ...state, removed: [] });
  }

  #snapshot(): UploadsState {
    const queue = this.#opened?.handle.queue;
    if (!queue) return { available: false, reason: this.#reason, rows: [], totals: this.#totals() };
    return { available: true, reason: null, rows: queue.rows(), totals: this.#totals() };
  }

  /** The queue's totals with the saved choices and what holds the speed now (the queue knows only the lowest limit). */
  #totals(): UploadTotals {
    const queue = this.#opened?.handle.queue;
    const choices = { speedLimit: this.#settings.speedLimit, timetable: this.#settings.timetable, limitedBy: this.#speed.limitedBy() };
    if (queue) return { ...queue.totals(), ...choices };
    return { files: 0, complete: 0, failed: 0, unfinished: 0, bytes: 0, size: 0, speed: 0, etaSeconds: null, paused: null, concurrency: this.#settings.concurrency, ...choices };
  }

  /** Gives the open queue the lowest limit that applies, and tells the windows why. */
  #applySpeed(): void {
    const limitedBy = this.#speed.limitedBy();
    this.#options.limitChanged?.(limitedBy, this.#settings.timetable);
    const limit = limitedBy?.bytesPerSecond ?? null;
    const queue = this.#opened?.handle.queue;
    if (queue && limit !== this.#appliedLimit) queue.setSpeedLimit(limit);
    this.#appliedLimit = limit;
    this.#batcher.totalsChanged();
  }

  #queue(): UploadQueueControls {
    const queue = this.#opened?.handle.queue;
    if (!queue) throw new CompanionError(this.#reason.code === 'signed-out' ? 'sign_in_needed' : 'uploads_unavailable', this.#reason.message);
    return queue;
  }

  #act<T>(action: (queue: UploadQueueControls) => T): T {
    const queue = this.#queue();
    return refusalsAsSentences(() => action(queue));
  }

  #actOnRow(id: string, action: (queue: UploadQueueControls) => void): UploadRow {
    return this.#act((queue) => {
      action(queue);
      const row = queue.row(id);
      if (!row) throw new CompanionError('not_found', 'That upload is no longer in the queue.');
      return row;
    });
  }

  #startBusyRetry(): void {
    if (this.#busyRetry !== null || this.#closed) return;
    this.#busyRetry = setInterval(() => void this.#enqueue(() => this.#follow()), this.#options.busyRetryMs ?? DEFAULT_BUSY_RETRY_MS);
    this.#busyRetry.unref();
  }

  #stopBusyRetry(): void {
    if (this.#busyRetry !== null) clearInterval(this.#busyRetry);
    this.#busyRetry = null;
  }
}

/**
 * The queue refuses what cannot be done (cancel a file the platform processes, edit one it already has)
 * with an UploadRefusedError whose message is a sentence for the streamer: that goes to the window as it
 * is; anything else (a TypeError...) stays an internal failure.
 */
function refusalsAsSentences<T>(action: () => T): T {
  const translate = (error: unknown): never => {
    if (error instanceof UploadRefusedError) throw new CompanionError('upload_refused', error.message);
    throw error;
  };
  try {
    const result = action();
    return (result instanceof Promise ? result.catch(translate) : result) as T;
  } catch (error) {
    return translate(error);
  }
}

/** "Uploads done: 12 uploaded, 1 failed, 2 rejected." */
export function doneMessage(done: { complete: number; failed: number; rejected: number; cancelled: number }): string {
  const parts = [`${done.complete} uploaded`, `${done.failed} failed`, `${done.rejected} rejected`];
  if (done.cancelled > 0) parts.push(`${done.cancelled} cancelled`);
  const next = done.failed > 0 ? ' Retry the failed ones from the Uploads panel.' : '';
  return `Uploads done: ${parts.join(', ')}.${next}`;
}
