// Uploads in 1 MiB parts over HTTP (today's platform): creation reserves a video id; each part is written
// at index × 1 MiB into one file per upload, straight from the request to disk (the file is never held in
// memory); `completed` checks that every part is in, then processing moves the status through transferred,
// queued, pending and transcoding (with a rising `progress`) to complete, as the FTP flow does, and the file
// becomes the video. A repeated part replaces the bytes at its offset and is accepted again (idempotent), and
// parts may come in any order: a client resending after a crash cannot break the file.
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createReadStream } from 'node:fs';
import { constants, mkdir, open, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probeMedia } from '../media/probe-media.js';
import type { Channel, UploadStatus, VideoProtection } from '../state/model.js';
import { partUploadsOf, type PartUpload } from '../state/part-uploads.js';
import { nowSeconds, randomToken } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { addUploadedVideo } from '../state/uploaded-video.js';
import { badRequest, checkPart, firstMissing, PART_SIZE, type PartFields } from './part-rules.js';

export interface PartUploadServiceOptions {
  readonly store: SandboxStore;
  readonly dataDir: string;
  /** Milliseconds per processing step after `completed` (the sandbox's uploadStepMs). */
  readonly stepMs?: number;
  readonly onInternalError?: (error: unknown) => void;
}

export interface CreateRequest {
  readonly title: string | null;
  readonly description: string | null;
  readonly protect: VideoProtection;
}

/** What the operator sees of an upload: enough to prove the bytes at the sandbox equal the source. */
export interface UploadInspection {
  readonly videoId: string;
  readonly uploadId: string;
  readonly channelId: string;
  readonly title: string;
  readonly status: UploadStatus;
  readonly progress: number;
  readonly totalPartCount: number | null;
  readonly totalFileSize: number | null;
  readonly partsHeld: number;
  readonly firstMissingPart: number | null;
  /** The assembled file, and its size and SHA-256 now (null while no part is in). */
  readonly file: string;
  readonly fileSize: number | null;
  readonly sha256: string | null;
}

export interface PartUploadService {
  create(channel: Channel, request: CreateRequest): PartUpload;
  /** Writes a validated part at its offset; resolves once it is on disk and recorded. */
  putPart(upload: PartUpload, part: PartFields): Promise<{ readonly replaced: boolean }>;
  /** Starts processing once every part is in; a repeat after that changes nothing. */
  complete(upload: PartUpload): void;
  /** Operator switch: the /v2 upload calls answer 503 while it is on, as an overloaded platform would. */
  serverError: boolean;
  inspect(videoId: string): Promise<UploadInspection | null>;
  close(): Promise<void>;
}

const DEFAULT_STEP_MS = 300;
/** Progress steps of transcoding: 0, 25, 50, 75, then 100 with `complete`. */
const PROGRESS_STEP = 25;
const NEXT_STATUS: Partial<Record<UploadStatus, UploadStatus>> = { transferred: 'queued', queued: 'pending' };

export function startPartUploadService(options: PartUploadServiceOptions): PartUploadService {
  const { store } = options;
  const stepMs = options.stepMs ?? DEFAULT_STEP_MS;
  const reportError = options.onInternalError ?? (() => undefined);
  const folder = join(options.dataDir, 'part-uploads');
  const stopping = new AbortController();
  // Every upload being processed waits on it (one listener each while it sleeps): 500 at once is normal.
  setMaxListeners(0, stopping.signal);
  const running = new Map<string, Promise<void>>();
  /** Parts being written per upload: `completed` waits for none to be in flight. */
  const writing = new Map<string, number>();

  const set = (upload: PartUpload, status: UploadStatus, progress = upload.progress, errorReason: string | null = null): void => {
    upload.status = status;
    upload.progress = progress;
    upload.errorReason = errorReason;
    store.changed();
  };

  const finish = async (upload: PartUpload): Promise<void> => {
    if (!store.channel(upload.channelId)) return set(upload, 'error', upload.progress, `The channel ${upload.channelId} was deleted during processing.`);
    // The container's extension lets the sandbox's media tools (downloads, copies) read the file as a video.
    const probed = await probeMedia(upload.file, stopping.signal);
    if (probed.problem !== null) return set(upload, 'error', upload.progress, probed.problem);
    if (probed.extension !== null && !upload.file.endsWith(`.${probed.extension}`)) {
      const renamed = join(folder, `${upload.videoId}.${probed.extension}`);
      await rename(upload.file, renamed);
      upload.file = renamed;
    }
    addUploadedVideo(store, upload, { path: upload.file, size: (await stat(upload.file)).size, seconds: probed.seconds });
    set(upload, 'complete', 100);
  };

  const advance = async (upload: PartUpload): Promise<void> => {
    // Bounded: each step moves the status on or the progress up, and `finish` ends the loop.
    for (;;) {
      await sleep(stepMs, undefined, { signal: stopping.signal });
      const next = NEXT_STATUS[upload.status];
      if (next) set(upload, next);
      else if (upload.status === 'pending') set(upload, 'transcoding', 0);
      else if (upload.status === 'transcoding' && upload.progress + PROGRESS_STEP < 100) set(upload, 'transcoding', upload.progress + PROGRESS_STEP);
      else return finish(upload);
    }
  };

  const start = (upload: PartUpload): void => {
    const run = advance(upload)
      .catch((error: unknown) => {
        if (stopping.signal.aborted) return;
        reportError(error);
        set(upload, 'error', upload.progress, 'The sandbox failed while processing this upload (a sandbox bug).');
      })
      .finally(() => running.delete(upload.videoId));
    running.set(upload.videoId, run);
  };

  // With a state file, uploads that were being processed when the sandbox stopped carry on.
  for (const upload of partUploadsOf(store.data).uploads) {
    if (upload.status !== 'initiated' && upload.status !== 'complete' && upload.status !== 'error') start(upload);
  }

  const service: PartUploadService = {
    serverError: false,
    create(channel, request) {
      const videoId = store.nextId('video');
      const upload: PartUpload = {
        videoId,
        uploadId: randomToken(18),
        channelId: channel.id,
        ownerId: channel.ownerId,
        title: request.title ?? 'Untitled upload',
        description: request.description ?? '',
        protect: request.protect,
        createdAt: nowSeconds(),
        totalPartCount: null,
        totalFileSize: null,
        received: [],
        file: join(folder, `${videoId}.upload`),
        status: 'initiated',
        progress: 0,
        errorReason: null,
      };
      partUploadsOf(store.data).uploads.push(upload);
      store.changed();
      return upload;
    },

    async putPart(upload, part) {
      if (upload.status !== 'initiated') throw badRequest(`The upload ${upload.videoId} is completed (status ${upload.status}); it takes no more parts.`);
      checkPart(upload, part);
      // The first accepted part fixes the totals, before any await, so parts arriving together agree on them.
      upload.totalPartCount = part.totalPartCount;
      upload.totalFileSize = part.totalFileSize;
      writing.set(upload.videoId, (writing.get(upload.videoId) ?? 0) + 1);
      try {
        await writeAt(folder, upload.file, part.bytes, part.partIndex * PART_SIZE);
      } finally {
        const left = (writing.get(upload.videoId) ?? 1) - 1;
        if (left === 0) writing.delete(upload.videoId);
        else writing.set(upload.videoId, left);
      }
      const replaced = !insertSorted(upload.received, part.partIndex);
      store.changed();
      return { replaced };
    },

    complete(upload) {
      if (upload.status !== 'initiated' || running.has(upload.videoId)) return;
      if (upload.totalPartCount === null) throw badRequest(`The upload ${upload.videoId} has no part yet; send its parts, then completed.`);
      const missing = firstMissing(upload.received, upload.totalPartCount);
      if (missing !== null) {
        const count = upload.totalPartCount - upload.received.length;
        throw badRequest(`${count} of ${upload.totalPartCount} parts are missing, the first is partIndex ${missing}; send them, then completed again.`);
      }
      if (writing.has(upload.videoId)) throw badRequest('A part of this upload is still being written; send completed once every part has been answered.');
      set(upload, 'transferred');
      start(upload);
    },

    async inspect(videoId) {
      const upload = partUploadsOf(store.data).uploads.find((candidate) => candidate.videoId === videoId);
      if (!upload) return null;
      const size = await stat(upload.file).then(
        (stats) => stats.size,
        () => null,
      );
      return {
        videoId: upload.videoId,
        uploadId: upload.uploadId,
        channelId: upload.channelId,
        title: upload.title,
        status: upload.status,
        progress: upload.progress,
        totalPartCount: upload.totalPartCount,
        totalFileSize: upload.totalFileSize,
        partsHeld: upload.received.length,
        firstMissingPart: upload.totalPartCount === null ? null : firstMissing(upload.received, upload.totalPartCount),
        file: upload.file,
        fileSize: size,
        sha256: size === null ? null : await sha256Of(upload.file),
      };
    },

    async close() {
      stopping.abort();
      await Promise.allSettled(running.values());
    },
  };
  return service;
}

/** Adds `value` to the ascending `list` unless it is there (false then); binary search, as a 10 GiB file has 10,240 parts. */
function insertSorted(list: number[], value: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  if (list[low] === value) return false;
  list.splice(low, 0, value);
  return true;
}

/** Writes `bytes` at `offset` of `file` (made when missing), without reading or holding the rest of it. */
async function writeAt(folder: string, file: string, bytes: Buffer, offset: number): Promise<void> {
  await mkdir(folder, { recursive: true });
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    // Bounded: each pass writes at least one byte or throws.
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, offset + written);
      if (bytesWritten === 0) throw new Error(`Writing ${file} made no progress at byte ${offset + written}.`);
      written += bytesWritten;
    }
  } finally {
    await handle.close();
  }
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .once('error', reject)
      .once('end', () => resolve(hash.digest('hex')));
  });
}
