// The video an upload becomes once its file is processed, by FTP (part B) or in parts (today's platform): added
// before the upload's status says `complete`, so a client that sees `complete` can read it.
import type { Video, VideoProtection } from './model.js';
import { nowSeconds } from './random.js';
import type { SandboxStore } from './sandbox-store.js';

export interface ProcessedUpload {
  readonly videoId: string;
  readonly channelId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly description: string;
  readonly protect: VideoProtection;
}

export interface ProcessedFile {
  readonly path: string;
  readonly size: number;
  /** Its length, as the media probe read it (the platform's string of seconds). */
  readonly seconds: Video['length'];
}

export function addUploadedVideo(store: SandboxStore, upload: ProcessedUpload, file: ProcessedFile): void {
  const now = nowSeconds();
  store.addVideo({
    id: upload.videoId,
    channelId: upload.channelId,
    ownerId: upload.ownerId,
    title: upload.title,
    description: upload.description,
    protect: upload.protect,
    createdAt: now,
    addedAt: now,
    length: file.seconds,
    fileSize: file.size,
    views: 0,
    source: 'upload',
    filePath: file.path,
  });
}
