// Downloads for the Videos panel: the platform's downloadable version of a video (ask for it, read its
// state while it is made), and saving its link to a folder on this computer with progress events. A cut
// transfer resumes with a Range request; saving the same video again picks up its `.part` file.
import { randomUUID } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  CompanionError,
  type SaveVideoDownload,
  type VideoDownloadable,
  type VideoDownloadsState,
  type VideoDownloadTransfer,
  type VideoFileFormat,
} from '../../preload/contract.js';
import type { PlatformApi } from '../platform/endpoints/index.js';
import type { Downloadable } from '../platform/endpoints/schemas.js';
import { downloadFile, FileDownloadError, partialFile } from './file-download.js';
import { explained } from './video-library-errors.js';

/** Progress events at most this often per transfer; the last one always goes out. */
const PROGRESS_EVERY_MS = 250;

export interface VideoDownloadServiceOptions {
  readonly platformApi: () => Promise<PlatformApi>;
  /** Where files go when the streamer names no folder; the shell knows the OS Downloads folder best. */
  readonly defaultFolder?: string;
  /** Shows a saved file in its folder (Electron's shell); absent in browser mode and commands. */
  readonly reveal?: (file: string) => void;
  readonly onChange: (transfer: VideoDownloadTransfer) => void;
  readonly download?: { readonly fetch?: typeof fetch; readonly retryDelayMs?: number };
}

export class VideoDownloadService {
  readonly #options: VideoDownloadServiceOptions;
  readonly #transfers = new Map<string, VideoDownloadTransfer>();

  constructor(options: VideoDownloadServiceOptions) {
    this.#options = options;
  }

  get defaultFolder(): string {
    return this.#options.defaultFolder ?? join(homedir(), 'Downloads');
  }

  async downloadable(videoId: string, format: VideoFileFormat): Promise<VideoDownloadable> {
    const api = await this.#options.platformApi();
    return view(videoId, format, await explained(() => api.downloads.get(videoId, format)));
  }

  async request(videoId: string, format: VideoFileFormat): Promise<VideoDownloadable> {
    const api = await this.#options.platformApi();
    return view(videoId, format, await explained(() => api.downloads.request(videoId, format)));
  }

  state(): VideoDownloadsState {
    return { defaultFolder: this.defaultFolder, canReveal: this.#options.reveal !== undefined, transfers: [...this.#transfers.values()] };
  }

  /** Starts saving the video's available file; answers at once, progress follows as events. */
  async save(videoId: string, format: VideoFileFormat, request: SaveVideoDownload): Promise<VideoDownloadTransfer> {
    const api = await this.#options.platformApi();
    const downloadable = await explained(() => api.downloads.get(videoId, format));
    if (downloadable.status !== 'available' || downloadable.download_url === null) {
      throw new CompanionError('download_not_ready', `The ${format.toUpperCase()} file is not ready. Request it, wait until it is available, then save it.`);
    }
    const url = downloadable.download_url;
    if (!/^https?:\/\//i.test(url)) throw new CompanionError('download_refused', 'The platform gave a download link that is not an http(s) address, so the app does not follow it.');
    const video = await explained(() => api.videos.get(videoId));
    const folder = request.folder ?? this.defaultFolder;
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw new CompanionError('folder_unwritable', `The app cannot create or use the folder ${folder} (${(error as Error).message}). Choose another folder.`);
    }
    const file = await this.#freeName(folder, `${safeName(video.title ?? '') || 'video'}-${videoId}.${format}`);
    const running = [...this.#transfers.values()].find((transfer) => transfer.file === file && transfer.state === 'running');
    if (running) return running;
    const transfer: VideoDownloadTransfer = { id: randomUUID(), videoId, format, file, state: 'running', bytes: 0, total: null, resumes: 0, failure: null };
    this.#update(transfer);
    void this.#run(transfer, url);
    return transfer;
  }

  reveal(transferId: string): null {
    const transfer = this.#transfers.get(transferId);
    if (!transfer) throw new CompanionError('not_found', 'The app no longer knows this download (it was saved before the app restarted). Look in your downloads folder.');
    if (transfer.state !== 'complete') throw new CompanionError('download_not_ready', 'This file is not saved yet. Wait until the download is complete.');
    if (!this.#options.reveal) throw new CompanionError('unavailable', `This shell cannot open folders. The file is at ${transfer.file}.`);
    this.#options.reveal(transfer.file);
    return null;
  }

  async #run(start: VideoDownloadTransfer, url: string): Promise<void> {
    let last = 0;
    try {
      const done = await downloadFile(url, start.file, {
        fetch: this.#options.download?.fetch,
        retryDelayMs: this.#options.download?.retryDelayMs,
        onProgress: (progress) => {
          const now = Date.now();
          if (now - last < PROGRESS_EVERY_MS) return;
          last = now;
          this.#update({ ...start, ...progress });
        },
      });
      this.#update({ ...start, ...done, state: 'complete' });
    } catch (error) {
      const current = this.#transfers.get(start.id) ?? start;
      this.#update({ ...current, state: 'failed', failure: failureSentence(error, start.file) });
    }
  }

  #update(transfer: VideoDownloadTransfer): void {
    this.#transfers.set(transfer.id, transfer);
    this.#options.onChange(transfer);
  }

  /**
   * The name itself unless a finished file has it; then `name (2)`, `name (3)`... A `.part` of the name is
   * no obstacle: it is this video's earlier, cut transfer, which the new one resumes.
   */
  async #freeName(folder: string, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    for (let copy = 1; ; copy++) {
      const candidate = join(folder, copy === 1 ? name : `${name.slice(0, dot)} (${copy})${name.slice(dot)}`);
      if (!(await exists(candidate))) return candidate;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** A title as a file name on any of the three systems: no separators, reserved characters or trailing dots. */
export function safeName(title: string): string {
  return title
    .replace(/[<>:"/\\|?*]/g, ' ')
    .split('')
    .filter((character) => character.charCodeAt(0) >= 0x20)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '')
    .slice(0, 100);
}

function failureSentence(error: unknown, file: string): string {
  if (error instanceof FileDownloadError) {
    if (error.status === 410) return 'The download link expired (links last 24 hours). Request the file again, then save it.';
    if (error.status === 404) return 'The download link is no longer valid. Request the file again, then save it.';
    if (error.status !== 0) return `The download server refused the file (${error.message}). Request the file again, then save it.`;
    return `The transfer kept being cut (${error.message}). What arrived is kept in ${partialFile(file)}; save again to pick up where it stopped.`;
  }
  return `The app could not write ${partialFile(file)} (${(error as Error).message}). Check the folder has room and you may write to it, then save again.`;
}

function view(videoId: string, format: VideoFileFormat, downloadable: Downloadable): VideoDownloadable {
  return { videoId, format, status: downloadable.status, downloadUrl: downloadable.download_url, expiresAt: downloadable.expires_at };
}
