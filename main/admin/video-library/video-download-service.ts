// Downloads for the Videos panel: the platform's downloadable version of a video (ask for it, read its
// state while it is made) and where on this computer a saved file of it goes. Saving itself, the list of
// transfers and resuming them after a restart are main/admin/video-library/download-tracker.ts.
import { access, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CompanionError, type VideoDownloadable, type VideoFileFormat, type NamespaceImplementation, type videoFilesNamespace } from '../../../preload/contract.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import type { Downloadable } from '../../platform/endpoints/schemas.js';
import { explained } from './video-library-errors.js';

export interface VideoDownloadServiceOptions {
  readonly platformApi: () => Promise<PlatformApi>;
  /** Where files go when the streamer names no folder; the shell knows the OS Downloads folder best. */
  readonly defaultFolder?: string;
}

export class VideoDownloadService implements NamespaceImplementation<typeof videoFilesNamespace> {
  readonly #options: VideoDownloadServiceOptions;

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

  /**
   * The path a new saved file of the video gets in `folder` (default: the Downloads folder), which is made
   * if missing: `<title>-<id>.<format>`, or `… (2)` and on when a finished file already has the name.
   */
  async target(videoId: string, format: VideoFileFormat, folder = this.defaultFolder): Promise<string> {
    const api = await this.#options.platformApi();
    const video = await explained(() => api.videos.get(videoId));
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw new CompanionError('folder_unwritable', `The app cannot create or use the folder ${folder} (${(error as Error).message}). Choose another folder.`);
    }
    return freeName(folder, `${safeName(video.title ?? '') || 'video'}-${videoId}.${format}`);
  }
}

/**
 * The name itself unless a finished file has it; then `name (2)`, `name (3)`... A `.part` of the name is
 * no obstacle: it is this video's earlier, cut transfer, which the new one resumes.
 */
async function freeName(folder: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  for (let copy = 1; ; copy++) {
    const candidate = join(folder, copy === 1 ? name : `${name.slice(0, dot)} (${copy})${name.slice(dot)}`);
    if (!(await exists(candidate))) return candidate;
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

function view(videoId: string, format: VideoFileFormat, downloadable: Downloadable): VideoDownloadable {
  return { videoId, format, status: downloadable.status, downloadUrl: downloadable.download_url, expiresAt: downloadable.expires_at };
}
