// The local safety copy: what the encoder sends, remuxed into FLV files in a chosen folder while live,
// beside the relay (both subscribe to the local ingest; nothing here can slow or stop the broadcast).
// A file starts at the stream's start (metadata, sequence headers, a keyframe); an encoder that comes back
// with the same parameters goes on in the same file, its timestamps moved on so they never go backwards;
// new parameters (a sequence header unlike the file's) start a new file. The free space is checked before
// and every few seconds: under the threshold, or when the disk fails or cannot keep up, the copy stops
// with a warning and the broadcast goes on.
import { existsSync } from 'node:fs';
import { access, constants, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { FlvWriter, type FlvWriteFailure } from './flv-writer.js';
import type { IngestSink, LocalIngest } from './local-ingest.js';
import type { MediaPacket } from './media-packet.js';
import { decodeMetadata } from './nms-binding.js';
import type { RelayLogger } from './relay-types.js';

export const DEFAULT_MIN_FREE_BYTES = 1024 ** 3;
const DEFAULT_DISK_CHECK_MS = 5000;
const DEFAULT_CLOSE_WAIT_MS = 10_000;
/** Between the last tag before an encoder left and the first after it came back, in the same file. */
const RESUME_GAP_MS = 40;

/** Why the copy stopped: `ended` is the broadcast's end; the others come with a warning. */
export type CopyStopReason = 'ended' | 'low-disk' | 'disk-too-slow' | 'write-failed' | 'folder-unusable';

export type SafetyCopyEvent =
  | { readonly event: 'copy-started'; readonly at: number; readonly path: string }
  | { readonly event: 'copy-file-closed'; readonly at: number; readonly path: string; readonly bytes: number; readonly durationSeconds: number }
  | { readonly event: 'copy-stopped'; readonly at: number; readonly reason: CopyStopReason; readonly warning?: string };

export interface SafetyCopyOptions {
  /** An existing folder the copy may write to. */
  readonly folder: string;
  /** Under this many free bytes on the folder's disk the copy stops (default 1 GiB). */
  readonly minFreeBytes?: number;
  readonly diskCheckMs?: number;
  /** Bytes waiting for the disk past which the copy gives up (flv-writer.ts). */
  readonly maxQueuedBytes?: number;
  /** How long stop() waits for the last file to reach the disk. */
  readonly closeWaitMs?: number;
  readonly onEvent?: (event: SafetyCopyEvent) => void;
  readonly logger?: RelayLogger;
  readonly now?: () => number;
}

export interface ClosedCopyFile {
  readonly path: string;
  readonly bytes: number;
  readonly durationSeconds: number;
}

export interface SafetyCopyStatus {
  readonly state: 'writing' | 'stopped';
  readonly currentFile: string | null;
  /** Of the current file. */
  readonly bytes: number;
  /** On the folder's disk at the last check. */
  readonly freeBytes: number | null;
  readonly warning: string | null;
  /** Finished files, oldest first. */
  readonly files: readonly ClosedCopyFile[];
}

export interface SafetyCopy {
  status(): SafetyCopyStatus;
  /** Closes the current file (written to its end) and stops; resolves once every file is closed. */
  stop(): Promise<void>;
}

interface CopyFile {
  readonly writer: FlvWriter;
  readonly videoConfig: Buffer | null;
  readonly audioConfig: Buffer | null;
  lastTimestamp: number;
  /** No frame written yet: the first one is at time 0. */
  fresh: boolean;
}

/** What the current publish has said so far. */
interface Publish {
  metadata: MediaPacket | null;
  videoConfig: MediaPacket | null;
  audioConfig: MediaPacket | null;
  hasVideo: boolean;
  /** Added to the encoder's timestamps once its frames go into a file; null until then. */
  offset: number | null;
}

const newPublish = (): Publish => ({ metadata: null, videoConfig: null, audioConfig: null, hasVideo: false, offset: null });

/** Starts the copy on `ingest`; when the folder cannot be used or its disk is nearly full it is stopped at once, with the warning. */
export async function startSafetyCopy(ingest: Pick<LocalIngest, 'subscribe'>, options: SafetyCopyOptions): Promise<SafetyCopy> {
  const copy = new RunningCopy(options);
  const problem = await folderProblem(options.folder);
  if (problem !== null) {
    copy.fail('folder-unusable', problem);
    return copy;
  }
  if (!(await copy.checkDisk())) return copy;
  copy.attach(ingest);
  return copy;
}

class RunningCopy implements SafetyCopy, IngestSink {
  readonly #options: SafetyCopyOptions;
  readonly #now: () => number;
  readonly #minFree: number;
  #stopped = false;
  #warning: string | null = null;
  #freeBytes: number | null = null;
  #file: CopyFile | null = null;
  #publish = newPublish();
  readonly #closing = new Set<Promise<void>>();
  readonly #files: ClosedCopyFile[] = [];
  /** Every name this copy gave a file: the file itself appears on disk only once its (asynchronous) open is done. */
  readonly #named = new Set<string>();
  /** The last file's close, told once the file closed before it was. */
  #lastClose: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: SafetyCopyOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#minFree = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  }

  attach(ingest: Pick<LocalIngest, 'subscribe'>): void {
    this.#unsubscribe = ingest.subscribe(this);
    this.#timer = setInterval(() => void this.checkDisk(), this.#options.diskCheckMs ?? DEFAULT_DISK_CHECK_MS);
    this.#timer.unref();
  }

  status(): SafetyCopyStatus {
    return {
      state: this.#stopped ? 'stopped' : 'writing',
      currentFile: this.#file?.writer.path ?? null,
      bytes: this.#file?.writer.bytes ?? 0,
      freeBytes: this.#freeBytes,
      warning: this.#warning,
      files: [...this.#files],
    };
  }

  async stop(): Promise<void> {
    if (!this.#stopped) this.#end('ended', null);
    // A disk that hangs (a network share gone) must not hold up the end of the broadcast: wait a while, then go.
    const deadline = Date.now() + (this.#options.closeWaitMs ?? DEFAULT_CLOSE_WAIT_MS);
    while (this.#closing.size > 0 && Date.now() < deadline) {
      const done = await Promise.race([Promise.all([...this.#closing]).then(() => true), delay(deadline - Date.now(), false, { ref: false })]);
      if (!done) this.#options.logger?.warn('the safety copy file is still being written: the broadcast ends without waiting for it', { folder: this.#options.folder });
    }
  }

  /** Reads the free space; false (and the copy stopped) when it is under the threshold. */
  async checkDisk(): Promise<boolean> {
    if (this.#stopped) return false;
    let free: number;
    try {
      const info = await statfs(this.#options.folder);
      free = info.bavail * info.bsize;
    } catch (error) {
      this.fail('folder-unusable', `The safety copy stopped: the folder ${this.#options.folder} cannot be read any more (${messageOf(error)}). The broadcast goes on.`);
      return false;
    }
    this.#freeBytes = free;
    if (free >= this.#minFree) return true;
    this.fail('low-disk', `The safety copy stopped: only ${gigabytes(free)} is free on the disk of ${this.#options.folder} (it needs ${gigabytes(this.#minFree)}). The broadcast goes on; free some space before the next one.`);
    return false;
  }

  fail(reason: Exclude<CopyStopReason, 'ended'>, warning: string): void {
    if (this.#stopped) return;
    this.#options.logger?.warn(warning);
    this.#end(reason, warning);
  }

  started(): void {
    this.#publish = newPublish();
  }

  ended(): void {
    // The file stays open: an encoder that comes back with the same parameters goes on in it.
    this.#publish = newPublish();
  }

  described(): void {}

  packet(packet: MediaPacket): void {
    if (this.#stopped) return;
    const publish = this.#publish;
    if (packet.metadata) {
      publish.metadata = packet;
      publish.hasVideo ||= metadataHasVideo(packet.payload);
      return;
    }
    if (packet.config && packet.kind !== 'data') {
      publish[packet.kind === 'video' ? 'videoConfig' : 'audioConfig'] = packet;
      if (packet.kind === 'video') publish.hasVideo = true;
      const file = this.#file;
      const current = packet.kind === 'video' ? file?.videoConfig : file?.audioConfig;
      // New parameters: the next keyframe starts a new file.
      if (file && !(current && current.equals(packet.payload))) {
        void this.#closeFile();
        publish.offset = null;
      }
      return;
    }
    if (packet.kind === 'video') publish.hasVideo = true;
    if (publish.offset === null && !this.#begin(packet)) return;
    this.#write(packet);
  }

  /** The publish's first frame for the copy: into the current file when its parameters match, else a new file. */
  #begin(packet: MediaPacket): boolean {
    const publish = this.#publish;
    if (packet.kind === 'data') return false;
    if (publish.hasVideo && !(packet.kind === 'video' && packet.keyframe)) return false;
    const file = this.#file;
    if (file && !(sameConfig(file.videoConfig, publish.videoConfig) && sameConfig(file.audioConfig, publish.audioConfig))) void this.#closeFile();
    const target = this.#file ?? this.#openFile();
    publish.offset = target.fresh ? -packet.timestamp : target.lastTimestamp + RESUME_GAP_MS - packet.timestamp;
    target.fresh = false;
    return true;
  }

  #write(packet: MediaPacket): void {
    const file = this.#file;
    if (file === null) return;
    const timestamp = Math.max(file.lastTimestamp, packet.timestamp + this.#publish.offset!);
    file.lastTimestamp = timestamp;
    file.writer.writeTag(packet.kind, timestamp, packet.payload);
  }

  #openFile(): CopyFile {
    const publish = this.#publish;
    const path = this.#freshName();
    const writer = new FlvWriter(path, {
      hasVideo: publish.hasVideo,
      hasAudio: publish.audioConfig !== null,
      maxQueuedBytes: this.#options.maxQueuedBytes,
      // Told from inside a write: stop once the packet being handled is done with.
      onFailure: (failure) => queueMicrotask(() => this.fail(failure.kind === 'too-slow' ? 'disk-too-slow' : 'write-failed', writeWarning(failure, path))),
    });
    writer.writeMetadata(publish.metadata?.payload ?? null);
    for (const config of [publish.videoConfig, publish.audioConfig]) if (config !== null) writer.writeTag(config.kind, 0, config.payload);
    const file: CopyFile = { writer, videoConfig: publish.videoConfig?.payload ?? null, audioConfig: publish.audioConfig?.payload ?? null, lastTimestamp: 0, fresh: true };
    this.#file = file;
    this.#options.logger?.info('the safety copy writes a new file', { path });
    this.#emit({ event: 'copy-started', at: this.#now(), path });
    return file;
  }

  /**
   * companion-2026-11-26_22-10-05.flv in local time; -2, -3... when that name is taken, on disk or by a file of
   * this copy still being opened (a reconnect with new parameters in the same second).
   */
  #freshName(): string {
    const at = new Date(this.#now());
    const two = (value: number): string => String(value).padStart(2, '0');
    const stamp = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}_${two(at.getHours())}-${two(at.getMinutes())}-${two(at.getSeconds())}`;
    for (let suffix = 1; ; suffix += 1) {
      const path = join(this.#options.folder, `companion-${stamp}${suffix > 1 ? `-${suffix}` : ''}.flv`);
      if (this.#named.has(path) || existsSync(path)) continue;
      this.#named.add(path);
      return path;
    }
  }

  #closeFile(): Promise<void> {
    const file = this.#file;
    if (file === null) return Promise.resolve();
    this.#file = null;
    // Files close side by side, and are told in the order they were closed.
    const written = file.writer.close();
    const closing = this.#lastClose.then(() => written).then(
      (closed) => {
        // A file that never got a frame is no copy of anything.
        if (file.fresh) return;
        this.#files.push({ path: file.writer.path, ...closed });
        this.#emit({ event: 'copy-file-closed', at: this.#now(), path: file.writer.path, ...closed });
      },
      (error: unknown) => this.#options.logger?.error('a safety copy file could not be closed', { error, path: file.writer.path }),
    );
    this.#lastClose = closing;
    this.#track(closing);
    return closing;
  }

  /** Work that stop() waits for. */
  #track(work: Promise<void>): void {
    this.#closing.add(work);
    void work.finally(() => this.#closing.delete(work));
  }

  #end(reason: CopyStopReason, warning: string | null): void {
    this.#stopped = true;
    this.#warning = warning;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer !== null) clearInterval(this.#timer);
    // Told once the last file is closed, so `copy-stopped` is the copy's last word.
    this.#track(this.#closeFile().then(() => this.#emit({ event: 'copy-stopped', at: this.#now(), reason, ...(warning !== null ? { warning } : {}) })));
  }

  #emit(event: SafetyCopyEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch (error) {
      this.#options.logger?.error('a safety copy event listener failed', { error });
    }
  }
}

/** Why the folder cannot take the copy, in a sentence; null when it can. */
export async function folderProblem(folder: string): Promise<string | null> {
  try {
    await access(folder, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `The safety copy folder ${folder} does not exist: create it or choose another one.`;
    return `The safety copy cannot write to ${folder} (${code ?? messageOf(error)}): choose a folder you may write to.`;
  }
}

function writeWarning(failure: FlvWriteFailure, path: string): string {
  if (failure.kind === 'too-slow') return `The safety copy stopped: the disk could not keep up with the stream while writing ${path}. The broadcast goes on; the file holds what was written.`;
  if (failure.code === 'ENOSPC') return `The safety copy stopped: the disk is full (${path}). The broadcast goes on; free some space before the next one.`;
  return `The safety copy stopped: ${path} could not be written (${failure.message}). The broadcast goes on.`;
}

function sameConfig(fileConfig: Buffer | null, publishConfig: MediaPacket | null): boolean {
  return fileConfig === null ? publishConfig === null : publishConfig !== null && fileConfig.equals(publishConfig.payload);
}

function metadataHasVideo(payload: Buffer): boolean {
  const metadata = decodeMetadata(payload);
  return metadata !== null && (metadata.videocodecid !== undefined || metadata.width !== undefined);
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 2 : 1)} GB`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
