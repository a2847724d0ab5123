// Writes an FLV file from a stream's tags without holding up the caller: each tag is framed at once
// (11-byte header, the body untouched, its previous-tag-size) and queued; one write at a time drains the
// queue to disk. The queue is bounded: when the disk cannot keep up the writer fails, and its owner drops
// the file, rather than hold the stream in memory or slow whoever feeds it. FLV is append-only, so a file
// cut short by a crash reads up to its last complete tag. On close, the duration and size go into the
// numbers the onMetaData tag holds for them (flv-metadata.ts).
import { open, stat, type FileHandle } from 'node:fs/promises';
import { fileMetadata } from './flv-metadata.js';
import { MESSAGE_TYPE, type MediaKind } from './media-packet.js';

export interface FlvWriterOptions {
  readonly hasVideo: boolean;
  readonly hasAudio: boolean;
  /** Bytes queued and not yet written past which the writer gives up (the disk cannot keep up). */
  readonly maxQueuedBytes?: number;
  /** The writer failed and writes nothing more; told once. */
  readonly onFailure?: (failure: FlvWriteFailure) => void;
}

export interface FlvWriteFailure {
  /** `too-slow`: the queue outgrew its bound; `write-failed`: the file could not be made or written. */
  readonly kind: 'too-slow' | 'write-failed';
  /** The system's error code, when there is one (ENOSPC, EACCES...). */
  readonly code: string | null;
  readonly message: string;
}

export interface ClosedFlv {
  readonly bytes: number;
  /** From the first tag's timestamp to the last's. */
  readonly durationSeconds: number;
}

/** About 40 s of a 6 Mbit/s stream. */
export const DEFAULT_MAX_QUEUED_BYTES = 32 * 1024 * 1024;
/** Buffers per write call (the system's limit on one writev is 1024). */
const BUFFERS_PER_WRITE = 768;
const TAG_HEADER_BYTES = 11;

export class FlvWriter {
  readonly path: string;
  readonly #maxQueuedBytes: number;
  readonly #onFailure: ((failure: FlvWriteFailure) => void) | undefined;
  readonly #opened: Promise<FileHandle | null>;
  #handle: FileHandle | null = null;
  #queue: Buffer[] = [];
  #queuedBytes = 0;
  /** Bytes framed so far: the file's size once everything is written. */
  #position = 0;
  #draining: Promise<void> | null = null;
  #failure: FlvWriteFailure | null = null;
  #closing = false;
  #firstTimestamp: number | null = null;
  #lastTimestamp = 0;
  /** File offsets of the onMetaData numbers to fill in on close. */
  #durationAt: number | null = null;
  #filesizeAt: number | null = null;

  /** Starts making the file (it must not exist yet); tags written meanwhile wait in the queue. */
  constructor(path: string, options: FlvWriterOptions) {
    this.path = path;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.#onFailure = options.onFailure;
    const header = Buffer.from([0x46, 0x4c, 0x56, 1, (options.hasAudio ? 4 : 0) | (options.hasVideo ? 1 : 0), 0, 0, 0, 9, 0, 0, 0, 0]);
    this.#enqueue([header]);
    this.#opened = open(path, 'wx').then(
      (handle) => {
        this.#handle = handle;
        this.#drain();
        return handle;
      },
      (error: unknown) => {
        this.#fail('write-failed', error);
        return null;
      },
    );
  }

  /** Bytes of the file once what is queued is written. */
  get bytes(): number {
    return this.#position;
  }

  get failure(): FlvWriteFailure | null {
    return this.#failure;
  }

  /** The file's onMetaData from the encoder's (null: one of its own), at time 0; call it before any other tag. */
  writeMetadata(encoderPayload: Buffer | null): void {
    const metadata = fileMetadata(encoderPayload);
    const bodyAt = this.#position + TAG_HEADER_BYTES;
    this.#durationAt = metadata.durationAt === null ? null : bodyAt + metadata.durationAt;
    this.#filesizeAt = metadata.filesizeAt === null ? null : bodyAt + metadata.filesizeAt;
    this.writeTag('data', 0, metadata.body);
  }

  /** One tag; `timestamp` in ms (the caller keeps them from going backwards). */
  writeTag(kind: MediaKind, timestamp: number, body: Buffer): void {
    if (this.#failure !== null || this.#closing) return;
    const stamp = Math.max(0, Math.round(timestamp));
    const header = Buffer.alloc(TAG_HEADER_BYTES);
    header.writeUInt8(MESSAGE_TYPE[kind], 0);
    header.writeUIntBE(body.length, 1, 3);
    header.writeUIntBE(stamp & 0xffffff, 4, 3);
    header.writeUInt8((stamp >>> 24) & 0xff, 7);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(TAG_HEADER_BYTES + body.length, 0);
    this.#firstTimestamp ??= stamp;
    this.#lastTimestamp = Math.max(this.#lastTimestamp, stamp);
    this.#enqueue([header, body, trailer]);
  }

  /** Writes what is queued, fills in duration and size, and closes the file (also after a failure, as far as it got). */
  async close(): Promise<ClosedFlv> {
    this.#closing = true;
    const handle = await this.#opened;
    while (this.#draining !== null) await this.#draining;
    const durationSeconds = this.#firstTimestamp === null ? 0 : (this.#lastTimestamp - this.#firstTimestamp) / 1000;
    if (handle !== null) {
      if (this.#failure === null) {
        await this.#fillIn(handle, this.#durationAt, durationSeconds);
        await this.#fillIn(handle, this.#filesizeAt, this.#position);
      }
      await handle.close().catch(() => undefined);
    }
    return { bytes: this.#failure === null ? this.#position : await fileSize(handle, this.path), durationSeconds };
  }

  #enqueue(buffers: Buffer[]): void {
    const size = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    if (this.#queuedBytes + size > this.#maxQueuedBytes) {
      this.#fail('too-slow', null);
      return;
    }
    this.#queue.push(...buffers);
    this.#queuedBytes += size;
    this.#position += size;
    this.#drain();
  }

  #drain(): void {
    if (this.#draining !== null || this.#handle === null || this.#failure !== null || this.#queue.length === 0) return;
    this.#draining = this.#writeQueued(this.#handle).finally(() => {
      this.#draining = null;
      this.#drain();
    });
  }

  async #writeQueued(handle: FileHandle): Promise<void> {
    while (this.#queue.length > 0 && this.#failure === null) {
      const batch = this.#queue.splice(0, BUFFERS_PER_WRITE);
      const size = batch.reduce((sum, buffer) => sum + buffer.length, 0);
      try {
        const { bytesWritten } = await handle.writev(batch);
        // A short write on a file: the disk is full (the next write would say ENOSPC).
        if (bytesWritten < size) throw Object.assign(new Error('the disk is full'), { code: 'ENOSPC' });
      } catch (error) {
        this.#fail('write-failed', error);
        return;
      }
      this.#queuedBytes -= size;
    }
  }

  async #fillIn(handle: FileHandle, at: number | null, value: number): Promise<void> {
    if (at === null) return;
    const number = Buffer.alloc(8);
    number.writeDoubleBE(value, 0);
    await handle.write(number, 0, 8, at).catch(() => undefined);
  }

  #fail(kind: FlvWriteFailure['kind'], error: unknown): void {
    if (this.#failure !== null) return;
    const code = (error as NodeJS.ErrnoException | null)?.code ?? null;
    const message = kind === 'too-slow' ? 'the disk could not keep up with the stream' : error instanceof Error ? error.message : String(error);
    this.#failure = { kind, code, message };
    this.#queue = [];
    this.#queuedBytes = 0;
    this.#onFailure?.(this.#failure);
  }
}

/** What reached the disk of a file that failed. */
async function fileSize(handle: FileHandle | null, path: string): Promise<number> {
  if (handle === null) return 0;
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}
