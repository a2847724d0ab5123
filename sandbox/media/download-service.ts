// Temporary download files (spec part B, "Download"): a request starts generation in the background;
// the file is `pending` until it is made and the generation delay has passed, then `available` for 24
// hours under an unguessable link that needs no token. Generation that a restart cut short starts again
// when the file is next asked about.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Video } from '../state/model.js';
import { randomToken } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { downloadState, videoExtraIfAny, videoExtraOf, videoExtrasData, type DownloadFile, type DownloadFormat } from '../state/video-extras.js';
import { DOWNLOAD_CONTENT_TYPES, prepareDownloadFile } from './media-files.js';

/** "short by default": long enough for a client to see `pending`, short enough not to wait on. */
export const DEFAULT_DOWNLOAD_GENERATION_MS = 1500;

export interface DownloadServiceOptions {
  readonly store: SandboxStore;
  readonly dataDir: string;
  /** The least time from request to available. */
  readonly generationMs?: number;
  readonly onInternalError?: (error: unknown) => void;
}

/** What the link of an available file serves. */
export interface ServedDownload {
  readonly path: string;
  readonly contentType: string;
  readonly fileName: string;
}

export type LinkLookup = { readonly kind: 'available'; readonly file: ServedDownload } | { readonly kind: 'expired' } | { readonly kind: 'unknown' };

export interface DownloadService {
  /** The video's file in this format as it stands (undefined: never requested, or forgotten after its window). */
  current(video: Video, format: DownloadFormat): DownloadFile | undefined;
  /** Asks for the file: a new one unless one is pending or available. */
  request(video: Video, format: DownloadFormat): DownloadFile;
  /** The file behind a link's token. */
  lookup(token: string): LinkLookup;
  /** Removes the files made for a video's downloads (the video was deleted). */
  discard(files: readonly DownloadFile[]): void;
  close(): Promise<void>;
}

export function startDownloadService(options: DownloadServiceOptions): DownloadService {
  const { store } = options;
  const generationMs = options.generationMs ?? DEFAULT_DOWNLOAD_GENERATION_MS;
  const reportError = options.onInternalError ?? (() => undefined);
  const stopping = new AbortController();
  const jobs = new Map<DownloadFile, Promise<void>>();
  const folder = join(options.dataDir, 'downloads');

  /** A file the sandbox made (not the video's own media file), so it may be removed. */
  const isMade = (file: DownloadFile): boolean => file.path !== null && file.path.startsWith(folder);

  const generate = (video: Video, file: DownloadFile): void => {
    if (file.path !== null || jobs.has(file) || stopping.signal.aborted) return;
    const target = join(folder, `${video.id}-${file.token.slice(0, 8)}.${file.format}`);
    const job = prepareDownloadFile(video, file.format, target, stopping.signal)
      .then((path) => {
        file.path = path;
        file.generatedAtMs = Date.now();
        store.changed();
      })
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) reportError(error);
      })
      .finally(() => jobs.delete(file));
    jobs.set(file, job);
  };

  const discard = (files: readonly DownloadFile[]): void => {
    for (const file of files) if (isMade(file)) void rm(file.path!, { force: true }).catch(reportError);
  };

  const current = (video: Video, format: DownloadFormat): DownloadFile | undefined => {
    const downloads = videoExtraIfAny(store.data, video.id).downloads;
    const file = downloads?.[format];
    if (!downloads || !file) return undefined;
    if (downloadState(file, Date.now()).status === 'unavailable') {
      // Past its 24 hours: forgotten, so the state reads `unavailable` and a new request starts afresh.
      delete downloads[format];
      store.changed();
      discard([file]);
      return undefined;
    }
    generate(video, file);
    return file;
  };

  return {
    current,
    request(video, format) {
      const existing = current(video, format);
      if (existing) return existing;
      const file: DownloadFile = { format, readyAtMs: Date.now() + generationMs, token: randomToken(24), path: null, generatedAtMs: null };
      (videoExtraOf(store.data, video.id).downloads ??= {})[format] = file;
      store.changed();
      generate(video, file);
      return file;
    },
    lookup(token) {
      for (const [videoId, extra] of Object.entries(videoExtrasData(store.data).videos)) {
        const file = Object.values(extra.downloads ?? {}).find((candidate) => candidate.token === token);
        if (!file) continue;
        const state = downloadState(file, Date.now());
        if (state.status === 'unavailable') return { kind: 'expired' };
        if (state.status !== 'available' || file.path === null) return { kind: 'unknown' };
        return { kind: 'available', file: { path: file.path, contentType: DOWNLOAD_CONTENT_TYPES[file.format], fileName: `video-${videoId}.${file.format}` } };
      }
      return { kind: 'unknown' };
    },
    discard,
    async close() {
      stopping.abort();
      await Promise.allSettled(jobs.values());
    },
  };
}
