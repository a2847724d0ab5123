// An upload transport in memory that sends a file in parts, for the queue's tests at the seam: the
// "platform" keeps each upload's parts and its status, every call is recorded, a part can be held (a
// crash or a slow network right there) and failures of each kind can be queued up. Its tickets carry a
// field of their own besides the video id, as a real transport's do.
import { open } from 'node:fs/promises';
import { LocalFileError, StaleTicketError, type FailureMeaning, type PartPlan, type SendOptions, type SendResult, type UploadSource, type UploadTicket, type UploadTransport, type VideoFields } from '../../../main/uploads/upload-transport.js';
import type { UploadStatus } from '../../../main/uploads/upload-types.js';

/** A refusal trying again will not change (a 4xx of a part). */
export class PartRefusedError extends Error {
  override readonly name = 'PartRefusedError';
}

/** The platform no longer knows the upload: only a new one goes on. */
export class UploadGoneError extends Error {
  override readonly name = 'UploadGoneError';
}

export type FakeCall = 'begin' | 'part' | 'finish' | 'status';

interface FakeUpload {
  readonly title: string;
  readonly parts: Map<number, Buffer>;
  finished: boolean;
  status: UploadStatus;
}

export interface PartHold {
  readonly reached: Promise<void>;
  release(): void;
}

export class FakePartTransport implements UploadTransport {
  readonly name = 'fake-parts';
  partSize = 1000;
  /** In order: `begin <title>`, `part <video id> <index>`, `finish <video id>`, `status <video id>`. */
  readonly calls: string[] = [];
  readonly uploads = new Map<string, FakeUpload>();
  /** Errors the next calls of a kind throw, in order, before doing anything. */
  readonly failures: Record<FakeCall, Error[]> = { begin: [], part: [], finish: [], status: [] };
  /** Statuses the polls after `finish` see, in turn; the last one stays. */
  afterFinish: UploadStatus[] = ['transcoding', 'complete'];
  /** Tickets given back to the transport by a queue, for what they hold. */
  readonly ticketsSeen: UploadTicket[] = [];
  released: string[] = [];
  active = 0;
  maxActive = 0;
  readonly #holds: { videoId: string | null; part: number; reached: () => void; released: Promise<void>; release: () => void }[] = [];
  #nextVideo = 1;
  #script = new Map<string, UploadStatus[]>();

  partsOf(size: number): PartPlan {
    return { count: Math.max(1, Math.ceil(size / this.partSize)), size: this.partSize };
  }

  async begin(source: UploadSource, video: VideoFields): Promise<UploadTicket> {
    this.calls.push(`begin ${video.title}`);
    this.#failure('begin');
    const videoId = `v${this.#nextVideo++}`;
    this.uploads.set(videoId, { title: video.title, parts: new Map(), finished: false, status: 'initiated' });
    return { channelId: '5001', videoId, uploadId: `upload-of-${videoId}`, fileSize: source.size };
  }

  async send(ticket: UploadTicket, source: UploadSource, options: SendOptions): Promise<SendResult> {
    this.ticketsSeen.push(ticket);
    const upload = this.uploads.get(ticket.videoId);
    if (!upload || ticket.uploadId !== `upload-of-${ticket.videoId}`) throw new StaleTicketError(`No upload ${ticket.videoId} here.`);
    const plan = this.partsOf(source.size);
    const acknowledged = new Set<number>();
    for (const [from, to] of options.resumeFrom) for (let part = from; part <= to; part += 1) acknowledged.add(part);
    const bytesOf = (parts: Set<number>): number => [...parts].reduce((sum, part) => sum + Math.min(plan.size, source.size - part * plan.size), 0);
    const resumedFrom = bytesOf(acknowledged);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    let handle;
    try {
      handle = await open(source.path, 'r').catch((error: unknown) => {
        throw new LocalFileError(`The file could not be read: ${(error as Error).message}`);
      });
      options.onProgress(resumedFrom);
      for (let part = 0; part < plan.count; part += 1) {
        if (acknowledged.has(part)) continue;
        await this.#held(ticket.videoId, part, options.signal);
        options.signal.throwIfAborted();
        this.calls.push(`part ${ticket.videoId} ${part}`);
        this.#failure('part');
        if (!this.uploads.has(ticket.videoId)) throw new UploadGoneError(`The platform no longer knows upload ${ticket.videoId}.`);
        const bytes = Buffer.alloc(Math.min(plan.size, source.size - part * plan.size));
        await handle.read(bytes, 0, bytes.length, part * plan.size);
        await options.speedLimit.take(bytes.length, options.signal);
        upload.parts.set(part, bytes);
        acknowledged.add(part);
        options.onPartAcknowledged(part);
        options.onProgress(bytesOf(acknowledged));
        await new Promise((next) => setImmediate(next));
      }
      return { resumedFrom };
    } finally {
      this.active -= 1;
      await handle?.close();
    }
  }

  async finish(ticket: UploadTicket): Promise<void> {
    this.calls.push(`finish ${ticket.videoId}`);
    this.#failure('finish');
    const upload = this.#upload(ticket);
    upload.finished = true;
    this.#script.set(ticket.videoId, [...this.afterFinish]);
  }

  async status(ticket: UploadTicket): Promise<UploadStatus> {
    this.calls.push(`status ${ticket.videoId}`);
    this.#failure('status');
    const upload = this.#upload(ticket);
    const script = this.#script.get(ticket.videoId) ?? [];
    if (upload.finished && script.length > 0) upload.status = script.length > 1 ? script.shift()! : script[0]!;
    return upload.status;
  }

  release(ticket: UploadTicket): void {
    this.released.push(ticket.videoId);
  }

  failureMeaning(error: unknown): FailureMeaning | null {
    if (error instanceof PartRefusedError) return { transient: false, staleTicket: false };
    if (error instanceof UploadGoneError) return { transient: false, staleTicket: true };
    return null;
  }

  /** The file as the platform holds it for a video: its parts in order (null while one is missing). */
  assembled(videoId: string): Buffer | null {
    const upload = this.uploads.get(videoId);
    if (!upload) return null;
    const parts = [...upload.parts.keys()].sort((a, b) => a - b);
    if (parts.some((part, index) => part !== index)) return null;
    return Buffer.concat(parts.map((part) => upload.parts.get(part)!));
  }

  /** Part sends of a video so far, in order. */
  partsSent(videoId: string): number[] {
    return this.calls.filter((call) => call.startsWith(`part ${videoId} `)).map((call) => Number(call.split(' ')[2]));
  }

  /** Holds the next send of `part` (of any video when `videoId` is null) before it goes; an abort ends the hold. */
  holdPart(part: number, videoId: string | null = null): PartHold {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.#holds.push({ videoId, part, reached, released, release });
    return { reached: reachedPromise, release };
  }

  /** Ends every hold (the end of a test). */
  releaseHolds(): void {
    for (const hold of this.#holds.splice(0)) hold.release();
  }

  async #held(videoId: string, part: number, signal: AbortSignal): Promise<void> {
    const index = this.#holds.findIndex((hold) => hold.part === part && (hold.videoId === null || hold.videoId === videoId));
    if (index < 0) return;
    const [hold] = this.#holds.splice(index, 1);
    hold!.reached();
    await new Promise<void>((resolve, reject) => {
      const abort = (): void => reject(signal.reason as Error);
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      void hold!.released.then(() => {
        signal.removeEventListener('abort', abort);
        resolve();
      });
    });
  }

  #upload(ticket: UploadTicket): FakeUpload {
    const upload = this.uploads.get(ticket.videoId);
    if (!upload) throw new UploadGoneError(`The platform no longer knows upload ${ticket.videoId}.`);
    return upload;
  }

  #failure(call: FakeCall): void {
    const failure = this.failures[call].shift();
    if (failure) throw failure;
  }
}
