// The video files being saved to this computer, and those saved before. A transfer lives here in the core
// rather than in a window, and its row is kept per profile in `video-downloads.json` in the data folder, so
// a reload or a restart neither loses the list nor the transfer: an unfinished one asks the platform for a
// fresh link (the link itself is a secret and is never written down) and continues its `.part` file.
import { randomUUID } from 'node:crypto';
import { CompanionError, VideoDownloadTransfer, type Contract, type downloadsNamespace, type NamespaceImplementation, type SaveVideoDownload, type VideoDownloadable, type VideoDownloadsState, type VideoFileFormat } from '../../../preload/contract.js';
import { toCompanionError } from '../../companion-errors.js';
import { ContractEvents } from '../../typed-emitter.js';
import { AccountRowTracker, type TrackedFile, type TrackerOptions } from '../tracked-rows.js';
import { downloadFile, FileDownloadError, partialFile, type DownloadProgress } from './file-download.js';
import type { VideoDownloadService } from './video-download-service.js';

/** Each profile keeps its newest transfers only, so the file stays small over years of shows. */
export const KEPT_DOWNLOADS = 50;
/** Progress events at most this often per transfer; the last one always goes out. */
const PROGRESS_EVERY_MS = 250;
/** The bytes so far are written down at most this often (the `.part` file is the truth; the row is for the list). */
const PROGRESS_SAVE_EVERY_MS = 5000;
/** Asks for a fresh link when resuming, the first included, before the transfer is given up as unreachable. */
export const LINK_ASKS = 5;

export interface DownloadTrackerOptions extends TrackerOptions {
  /** Reads the platform's downloadable version (for a fresh link) and names the file on this computer. */
  readonly downloads: Pick<VideoDownloadService, 'downloadable' | 'target' | 'defaultFolder'>;
  /** Shows a saved file in its folder (Electron's shell); absent in browser mode. */
  readonly reveal?: (file: string) => void;
  readonly download?: { readonly fetch?: typeof fetch; readonly retryDelayMs?: number };
  /** Pause between asks for a fresh link that the platform did not answer (default 2 s). */
  readonly linkRetryMs?: number;
}

export class DownloadTracker extends AccountRowTracker<typeof VideoDownloadTransfer> implements NamespaceImplementation<typeof downloadsNamespace> {
  readonly #options: DownloadTrackerOptions;
  /** The running transfers' stops, by transfer id. */
  readonly #stops = new Map<string, AbortController>();
  /** The last run writing each `.part` file, by file: a new run of the file waits until the stopped one let go of it. */
  readonly #writers = new Map<string, Promise<void>>();

  /** Emits `videoDownload` for each change of a row and `videoDownloadRemoved` when one leaves the list. */
  readonly events = new ContractEvents<Contract, 'videoDownload' | 'videoDownloadRemoved'>();

  constructor(options: DownloadTrackerOptions) {
    super(options, DOWNLOADS_FILE);
    this.#options = options;
  }

  protected announce(row: VideoDownloadTransfer): void {
    this.events.emit('videoDownload', row);
  }

  state(): VideoDownloadsState {
    return { defaultFolder: this.#options.downloads.defaultFolder, canReveal: this.#options.reveal !== undefined, transfers: [...this.tracked.rows] };
  }

  /** Starts saving the video's available file; answers at once with the row, progress follows as events. */
  async save(videoId: string, format: VideoFileFormat, request: SaveVideoDownload): Promise<VideoDownloadTransfer> {
    const account = this.tracked.account;
    if (account === null) throw new CompanionError('sign_in_needed', 'Sign in before saving a video file.');
    const url = linkOf(await this.#options.downloads.downloadable(videoId, format));
    if (url === null) throw new CompanionError('download_not_ready', `The ${format.toUpperCase()} file is not ready. Request it, wait until it is available, then save it.`);
    const file = await this.#options.downloads.target(videoId, format, request.folder);
    const running = this.tracked.rows.find((row) => row.file === file && row.state === 'running');
    if (running) return running;
    const row: VideoDownloadTransfer = { id: randomUUID(), videoId, format, file, state: 'running', bytes: 0, total: null, resumes: 0, failure: null, startedAt: this.now(), endedAt: null };
    // A transfer whose account was signed out or switched while the platform answered runs when it is back.
    if (this.tracked.add(account, row, (dropped) => this.#stops.get(dropped.id)?.abort())) this.#start(row, url);
    return row;
  }

  /** Stops a running transfer; its `.part` stays, so saving the video again picks up where it stopped. */
  cancel(id: string): VideoDownloadTransfer {
    const row = this.#known(id);
    if (row.state !== 'running') throw new CompanionError('download_ended', 'This transfer has already ended, so there is nothing to cancel.');
    this.#stops.get(id)?.abort();
    return this.tracked.update(id, { state: 'cancelled', endedAt: this.now() })!;
  }

  /** Takes an ended row off the list; the file (or `.part`) on disk stays. */
  remove(id: string): null {
    const row = this.#known(id);
    if (row.state === 'running') throw new CompanionError('download_running', 'This file is still being saved. Cancel it first, then remove it from the list.');
    this.tracked.replace(this.tracked.rows.filter((candidate) => candidate.id !== id));
    this.events.emit('videoDownloadRemoved', { id });
    return null;
  }

  reveal(id: string): null {
    const row = this.#known(id);
    if (row.state !== 'complete') throw new CompanionError('download_not_ready', 'This file is not saved yet. Wait until the download is complete.');
    if (!this.#options.reveal) throw new CompanionError('unavailable', `This shell cannot open folders. The file is at ${row.file}.`);
    this.#options.reveal(row.file);
    return null;
  }

  /** Stops the transfers where they are (they resume at the next start); resolves when the list is saved. */
  async close(): Promise<void> {
    const closing = this.tracked.close();
    this.stopWork();
    await Promise.allSettled([...this.#writers.values()]);
    await closing;
  }

  #known(id: string): VideoDownloadTransfer {
    const row = this.tracked.rows.find((candidate) => candidate.id === id);
    if (!row) throw new CompanionError('not_found', 'The app no longer lists this file (it was removed from the list, or saved while another profile was signed in). Look in your downloads folder.');
    return row;
  }

  /** The account's transfers that were running when it left (or the app closed) go on. */
  protected loaded(rows: readonly VideoDownloadTransfer[]): void {
    for (const row of rows) if (row.state === 'running') this.#start(row, null);
  }
  /** Runs the transfer with `url`, or with a fresh link asked for first (a resume after a restart or sign-in). */
  #start(row: VideoDownloadTransfer, url: string | null): void {
    const stop = new AbortController();
    this.#stops.set(row.id, stop);
    const previous = this.#writers.get(row.file) ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.#run(row, url, stop.signal))
      .finally(() => {
        if (this.#writers.get(row.file) === run) this.#writers.delete(row.file);
        if (this.#stops.get(row.id) === stop) this.#stops.delete(row.id);
      });
    this.#writers.set(row.file, run);
  }

  async #run(row: VideoDownloadTransfer, url: string | null, signal: AbortSignal): Promise<void> {
    // A resume counts as one more pick-up, added to the pick-ups of the run it continues.
    const resumesBefore = url === null ? row.resumes + 1 : 0;
    let lastEvent = 0;
    let lastSave = this.now();
    try {
      const link = url ?? (await this.#freshLink(row, signal));
      if (link === null || signal.aborted) return;
      const done = await downloadFile(link, row.file, {
        fetch: this.#options.download?.fetch,
        retryDelayMs: this.#options.download?.retryDelayMs,
        signal,
        onProgress: (progress) => {
          const now = this.now();
          if (now - lastEvent < PROGRESS_EVERY_MS || signal.aborted) return;
          lastEvent = now;
          const save = now - lastSave >= PROGRESS_SAVE_EVERY_MS;
          if (save) lastSave = now;
          this.tracked.update(row.id, counted(progress, resumesBefore), save);
        },
      });
      if (signal.aborted) return;
      this.tracked.update(row.id, { ...counted(done, resumesBefore), state: 'complete', endedAt: this.now() });
    } catch (error) {
      // Whoever stopped it (cancel, sign-out, closing) said what the row is now.
      if (signal.aborted) return;
      this.tracked.update(row.id, { state: 'failed', failure: failureSentence(error, row.file), endedAt: this.now() });
    }
  }

  /**
   * Asks the platform for the file's link again. Null when the transfer cannot go on: the row then says why.
   * A platform that does not answer (not started yet, the network down) is asked a few times first.
   */
  async #freshLink(row: VideoDownloadTransfer, signal: AbortSignal): Promise<string | null> {
    let problem = 'no answer';
    for (let ask = 1; ask <= LINK_ASKS; ask++) {
      if (ask > 1) await new Promise((resolve) => setTimeout(resolve, this.#options.linkRetryMs ?? 2000));
      if (signal.aborted) return null;
      try {
        const downloadable = await this.#options.downloads.downloadable(row.videoId, row.format);
        const link = linkOf(downloadable);
        if (signal.aborted) return null;
        if (link !== null) return link;
        const kept = `what arrived is kept in ${partialFile(row.file)}`;
        this.#failed(
          row.id,
          downloadable.status === 'pending'
            ? `The platform is making the ${row.format.toUpperCase()} file of this video again, so the transfer cannot go on yet. Save it from the video's Download tab once it is available; ${kept}.`
            : `The platform no longer offers the ${row.format.toUpperCase()} file of this video (its 24-hour window ended), so the transfer cannot go on. Make the file again from the video's Download tab, then save it; ${kept}.`,
        );
        return null;
      } catch (error) {
        if (signal.aborted) return null;
        // The platform's own refusal (the video is gone, or not this account's) is final; anything else may pass.
        if (error instanceof CompanionError) {
          this.#failed(row.id, `The transfer cannot go on: ${error.message}`);
          return null;
        }
        problem = toCompanionError(error)?.message ?? (error instanceof Error ? error.message : String(error));
      }
    }
    this.#failed(row.id, `The app could not ask the platform for a fresh link after ${LINK_ASKS} tries (${problem}). Save the file again from the video's Download tab; what arrived is kept in ${partialFile(row.file)}.`);
    return null;
  }

  #failed(id: string, failure: string): void {
    this.tracked.update(id, { state: 'failed', failure, endedAt: this.now() });
  }

  protected stopWork(): void {
    for (const stop of this.#stops.values()) stop.abort();
    this.#stops.clear();
  }
}

/** The link of an available file, or null; a link that is not http(s) is refused rather than followed. */
function linkOf(downloadable: VideoDownloadable): string | null {
  if (downloadable.status !== 'available' || downloadable.downloadUrl === null) return null;
  if (!/^https?:\/\//i.test(downloadable.downloadUrl)) throw new CompanionError('download_refused', 'The platform gave a download link that is not an http(s) address, so the app does not follow it.');
  return downloadable.downloadUrl;
}

function counted(progress: DownloadProgress, resumesBefore: number): DownloadProgress {
  return { ...progress, resumes: resumesBefore + progress.resumes };
}

function failureSentence(error: unknown, file: string): string {
  if (error instanceof FileDownloadError) {
    if (error.status === 410) return `The download link expired (links last 24 hours). Make the file again from the video's Download tab, then save it; what arrived is kept in ${partialFile(file)}.`;
    if (error.status === 404) return `The download link is no longer valid. Make the file again from the video's Download tab, then save it; what arrived is kept in ${partialFile(file)}.`;
    if (error.status !== 0) return `The download server refused the file (${error.message}). Make the file again from the video's Download tab, then save it.`;
    return `The transfer kept being cut (${error.message}). What arrived is kept in ${partialFile(file)}; save again to pick up where it stopped.`;
  }
  return `The app could not write ${partialFile(file)} (${(error as Error).message}). Check the folder has room and you may write to it, then save again.`;
}

/** The account's saved video files, in the data folder. */
const DOWNLOADS_FILE = {
  fileName: 'video-downloads.json', row: VideoDownloadTransfer, keep: KEPT_DOWNLOADS, idOf: (row: VideoDownloadTransfer) => row.id,
  label: 'The list of saved video files', whenUnreadable: 'files saved now are still listed.', whenUnsaved: 'the transfers go on while the app runs.',
} satisfies TrackedFile<typeof VideoDownloadTransfer>;
