// The background side of the video rows of part B: download generation and copies, and the cleanup
// when a video is deleted (its extras, its metadata values, the download files made for it, and its
// media when it is a copy the sandbox cut).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Video } from '../state/model.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { forgetVideoMetadata } from '../state/custom-metadata.js';
import { forgetVideoExtras } from '../state/video-extras.js';
import { startCopyService, type CopyService } from './copy-service.js';
import { startDownloadService, type DownloadService } from './download-service.js';

export interface VideoMediaOptions {
  readonly store: SandboxStore;
  readonly dataDir: string;
  readonly downloadGenerationMs?: number;
  readonly copyMs?: number;
  readonly onInternalError?: (error: unknown) => void;
}

export interface VideoMedia {
  readonly downloads: DownloadService;
  readonly copies: CopyService;
  close(): Promise<void>;
}

export function startVideoMedia(options: VideoMediaOptions): VideoMedia {
  const { store } = options;
  const downloads = startDownloadService({ store, dataDir: options.dataDir, generationMs: options.downloadGenerationMs, onInternalError: options.onInternalError });
  const copies = startCopyService({ store, dataDir: options.dataDir, copyMs: options.copyMs, onInternalError: options.onInternalError });
  const copiesFolder = join(options.dataDir, 'copies');
  const onDeleted = (video: Video): void => {
    const extra = forgetVideoExtras(store.data, video.id);
    forgetVideoMetadata(store.data, video.id);
    downloads.discard(Object.values(extra?.downloads ?? {}));
    if (video.source === 'copy' && video.filePath?.startsWith(copiesFolder)) void rm(video.filePath, { force: true }).catch(options.onInternalError ?? (() => undefined));
    store.changed();
  };
  store.on('video-deleted', onDeleted);
  return {
    downloads,
    copies,
    async close() {
      store.off('video-deleted', onDeleted);
      await Promise.all([downloads.close(), copies.close()]);
    },
  };
}
