// Copies of a part of a video (spec part B, "Thumbnail, trim, copy"): asynchronous, so a request waits
// its delay, then the part becomes a new video (unpublished, on the same channel) whose creation fires
// the video.create hook. With a state file, copies still due when the sandbox stopped finish after a start.
import { extname, join } from 'node:path';
import type { Video } from '../state/model.js';
import { nowSeconds, randomToken } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { videoExtrasData, type CopyRequest } from '../state/video-extras.js';
import { cutMedia } from './media-files.js';

/** "short by default", like the download generation. */
export const DEFAULT_COPY_MS = 1500;

export interface CopyServiceOptions {
  readonly store: SandboxStore;
  readonly dataDir: string;
  /** The least time from request to finished. */
  readonly copyMs?: number;
  readonly onInternalError?: (error: unknown) => void;
}

export interface CopyOrder {
  readonly start: number;
  readonly end: number;
  readonly title: string;
  readonly description: string;
}

export interface CopyService {
  start(source: Video, ownerId: string, order: CopyOrder): CopyRequest;
  find(requestId: string): CopyRequest | undefined;
  close(): Promise<void>;
}

export function startCopyService(options: CopyServiceOptions): CopyService {
  const { store } = options;
  const copyMs = options.copyMs ?? DEFAULT_COPY_MS;
  const reportError = options.onInternalError ?? (() => undefined);
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const finish = async (request: CopyRequest): Promise<void> => {
    const channel = store.channel(request.channelId);
    // A channel deleted meanwhile takes the request with it (its status is then 404).
    if (!channel) return forget(request);
    const source = store.video(request.sourceVideoId);
    const id = store.nextId('video');
    const sourceFile = source?.filePath ?? null;
    const cut = sourceFile === null ? null : await cutMedia(sourceFile, request.start, request.end, join(options.dataDir, 'copies', `${id}${extname(sourceFile)}`), stopping.signal);
    if (!store.channel(request.channelId)) return forget(request);
    const length = request.end - request.start;
    const sourceLength = Number(source?.length ?? 0);
    const now = nowSeconds();
    store.addVideo({
      id,
      channelId: request.channelId,
      ownerId: channel.ownerId,
      title: request.title,
      description: request.description,
      // "The copy is unpublished".
      protect: 'private',
      createdAt: now,
      addedAt: now,
      length: length.toFixed(3),
      // Without a file of its own, its share of the original's size.
      fileSize: cut?.size ?? (source && sourceLength > 0 ? Math.round((source.fileSize * length) / sourceLength) : 0),
      views: 0,
      source: 'copy',
      filePath: cut?.path ?? null,
    });
    request.videoId = id;
    store.changed();
  };

  const forget = (request: CopyRequest): void => {
    const data = videoExtrasData(store.data);
    data.copies = data.copies.filter((candidate) => candidate !== request);
    store.changed();
  };

  const schedule = (request: CopyRequest): void => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const run = finish(request)
          .catch((error: unknown) => {
            if (!stopping.signal.aborted) reportError(error);
          })
          .finally(() => running.delete(run));
        running.add(run);
      },
      Math.max(0, request.dueAtMs - Date.now()),
    );
    timers.add(timer);
  };

  for (const request of videoExtrasData(store.data).copies) if (request.videoId === null) schedule(request);

  return {
    start(source, ownerId, order) {
      const request: CopyRequest = {
        id: randomToken(16),
        ownerId,
        sourceVideoId: source.id,
        channelId: source.channelId,
        ...order,
        dueAtMs: Date.now() + copyMs,
        videoId: null,
      };
      videoExtrasData(store.data).copies.push(request);
      store.changed();
      schedule(request);
      return request;
    },
    find(requestId) {
      return videoExtrasData(store.data).copies.find((request) => request.id === requestId);
    },
    async close() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled(running);
    },
  };
}
