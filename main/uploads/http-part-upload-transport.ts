// Today's platform's upload over HTTP in 1 MB parts (docs/platform-api/current.md) as an upload transport:
// `begin` creates the video (a file over the platform's 10 GB is refused before anything is sent),
// `send` posts the parts not acknowledged yet with a few of them in flight, `finish` says the upload is
// completed, `status` reads the platform's status and its transcoding progress.
//
// Each part is read from the file as its own slice when its turn comes (never the whole file in memory),
// passes the queue's speed limit, and counts as acknowledged only once the platform answered 200: the
// queue journals it then (and flushes the journal) before the next part's answer is taken in, so after
// a crash the only parts sent again are those that were in flight. A part that fails for a reason that
// may pass (the network, a 5xx, a 429) is sent again after a wait while the other parts go on; any other
// failure stops the send once the parts in flight have answered. The ticket (channel, video, upload id,
// file size, part size) holds no secret: the upload id is only good with the user's token.
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { CreatedPartUpload, PartUploadCreate, PartUploadStatus, UploadPart } from '../platform/endpoints/part-uploads.js';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';
import { bytesOfParts, partSlice, partsToSend, planParts } from './part-plan.js';
import type { SpeedLimit } from './speed-limit.js';
import { LocalFileError, StaleTicketError, type FailureMeaning, type PartPlan, type SendOptions, type SendResult, type StatusReport, type UploadSource, type UploadTicket, type UploadTransport, type VideoFields } from './upload-transport.js';
import type { QueueLogger } from './upload-types.js';
import { fileProblemWords } from '../system-error-words.js';

/** "parts are 1 MB": the sandbox takes exactly 1 MiB a part, the last part the rest. */
export const PART_SIZE = 1024 * 1024;
/** "413 file_too_large (over 10 GB)". */
export const MAX_FILE_BYTES = 10 * 1024 ** 3;
export const DEFAULT_PARTS_IN_FLIGHT = 3;
export const PARTS_IN_FLIGHT_RANGE = { min: 1, max: 16 } as const;
/** Waits before a failed part is sent again; one try more than waits, then the send fails (and the queue may try it again). */
export const DEFAULT_PART_RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

/** Chunks of the speed limit's bucket a part is paced in. */
const PACE_BYTES = 64 * 1024;

/** What the transport needs of the platform client (endpoints/part-uploads.ts). */
export interface HttpPartPlatform {
  create(channelId: string, create: PartUploadCreate): Promise<CreatedPartUpload>;
  part(channelId: string, videoId: string, part: UploadPart): Promise<void>;
  completed(channelId: string, videoId: string, uploadId: string): Promise<void>;
  status(channelId: string, videoId: string): Promise<PartUploadStatus>;
}

export interface HttpPartUploadTransportOptions {
  readonly platform: () => Promise<HttpPartPlatform>;
  readonly logger: QueueLogger;
  /** Parts of one file on their way at once. */
  readonly partsInFlight?: number;
  readonly partRetryDelaysMs?: readonly number[];
}

const partTicket = z.object({
  channelId: z.string().min(1),
  videoId: z.string().min(1),
  uploadId: z.string().min(1),
  totalFileSize: z.number().int().nonnegative(),
  partSize: z.number().int().positive(),
});
type PartTicket = z.output<typeof partTicket>;

/** The file is larger than the platform takes: refused before anything is sent. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

export class HttpPartUploadTransport implements UploadTransport {
  readonly name = 'http-parts';
  readonly #options: HttpPartUploadTransportOptions;
  readonly #partsInFlight: number;

  constructor(options: HttpPartUploadTransportOptions) {
    this.#options = options;
    this.#partsInFlight = checkedPartsInFlight(options.partsInFlight ?? DEFAULT_PARTS_IN_FLIGHT);
  }

  partsOf(size: number): PartPlan {
    return planParts(size, PART_SIZE);
  }

  async begin(source: UploadSource, video: VideoFields, channelId: string): Promise<UploadTicket> {
    if (source.size > MAX_FILE_BYTES) throw tooLarge(source);
    const platform = await this.#options.platform();
    const created = await platform.create(channelId, { title: video.title, description: video.description, protect: video.protect });
    return { channelId, videoId: created.videoId, uploadId: created.uploadId, totalFileSize: source.size, partSize: PART_SIZE } satisfies PartTicket;
  }

  async send(ticket: UploadTicket, source: UploadSource, options: SendOptions): Promise<SendResult> {
    const parts = partTicketOf(ticket);
    if (parts.totalFileSize !== source.size) throw new StaleTicketError(`The file's size changed since its upload began (${parts.totalFileSize} bytes then, ${source.size} now).`);
    const plan = planParts(source.size, parts.partSize);
    const todo = partsToSend(plan, options.resumeFrom);
    const resumedFrom = source.size - bytesOfParts(plan, source.size, todo);
    let onServer = resumedFrom;
    options.onProgress(onServer);
    if (todo.length === 0) return { resumedFrom };
    const platform = await this.#options.platform();
    const handle = await open(source.path, 'r').catch((error: unknown) => {
      throw new LocalFileError(`The file ${basename(source.path)} could not be read: ${fileProblemWords(error)}. Check that it is still there, then retry.`, { cause: error });
    });
    let next = 0;
    let failure: { error: unknown } | null = null;
    const worker = async (): Promise<void> => {
      while (failure === null && !options.signal.aborted) {
        const index = todo[next];
        if (index === undefined) return;
        next += 1;
        await this.#sendPart(platform, parts, handle, { plan, index, source, speedLimit: options.speedLimit, signal: options.signal });
        // An answer that arrives after a pause or cancel is not taken in: that part is sent again on resume.
        if (options.signal.aborted) return;
        options.onPartAcknowledged(index);
        onServer += partSlice(plan, source.size, index).length;
        options.onProgress(onServer);
      }
    };
    const workers = Array.from({ length: Math.min(this.#partsInFlight, todo.length) }, () =>
      worker().catch((error: unknown) => {
        failure ??= { error };
      }),
    );
    const settled = Promise.all(workers).finally(() => handle.close().catch(() => undefined));
    // A pause or cancel ends the send at once; the parts in flight finish in the background, unjournaled.
    await Promise.race([settled, aborted(options.signal)]);
    options.signal.throwIfAborted();
    if (failure !== null) throw (failure as { error: unknown }).error;
    return { resumedFrom };
  }

  async finish(ticket: UploadTicket): Promise<void> {
    const parts = partTicketOf(ticket);
    const platform = await this.#options.platform();
    await platform.completed(parts.channelId, parts.videoId, parts.uploadId).catch((error: unknown) => {
      throw goneAsStale(error, parts);
    });
  }

  async status(ticket: UploadTicket): Promise<StatusReport> {
    const platform = await this.#options.platform();
    return platform.status(ticket.channelId, ticket.videoId);
  }

  /** Nothing is kept besides the ticket. */
  release(): void {}

  failureMeaning(error: unknown): FailureMeaning | null {
    if (error instanceof FileTooLargeError) return { transient: false, staleTicket: false };
    return null;
  }

  /** One part: read, paced, posted, and posted again after a wait while its failure may pass. */
  async #sendPart(platform: HttpPartPlatform, ticket: PartTicket, handle: FileHandle, part: { plan: PartPlan; index: number; source: UploadSource; speedLimit: SpeedLimit; signal: AbortSignal }): Promise<void> {
    const { plan, index, source, signal } = part;
    const data = await readSlice(handle, source, partSlice(plan, source.size, index));
    const delays = this.#options.partRetryDelaysMs ?? DEFAULT_PART_RETRY_DELAYS_MS;
    for (let round = 0; ; round += 1) {
      await pace(part.speedLimit, data.length, signal);
      try {
        await platform.part(ticket.channelId, ticket.videoId, { uploadId: ticket.uploadId, partIndex: index, totalPartCount: plan.count, totalFileSize: source.size, data, fileName: `${basename(source.path)}.part${index}` });
        return;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!mayPass(error) || round >= delays.length) throw partFailure(error, ticket, source, index);
        this.#options.logger.warn('a part of an upload failed; sending it again', { file: basename(source.path), part: index, error: String(error), inMs: delays[round] });
        await sleep(delays[round]!, undefined, { signal });
      }
    }
  }
}

export function checkedPartsInFlight(value: number): number {
  if (!Number.isInteger(value) || value < PARTS_IN_FLIGHT_RANGE.min || value > PARTS_IN_FLIGHT_RANGE.max) {
    throw new Error(`Parts in flight are ${PARTS_IN_FLIGHT_RANGE.min} to ${PARTS_IN_FLIGHT_RANGE.max} per file (got ${value}).`);
  }
  return value;
}

function partTicketOf(ticket: UploadTicket): PartTicket {
  const parsed = partTicket.safeParse(ticket);
  if (!parsed.success) throw new StaleTicketError('The upload was begun for another upload transport than HTTP parts.');
  return parsed.data;
}

/** The network, a 5xx or a 429 may pass; a refused sign-in is the sign-in's business (the queue pauses for it). */
function mayPass(error: unknown): boolean {
  if (error instanceof SignInNeededError) return false;
  if (error instanceof PlatformError) return error.status === 0 || error.status >= 500 || error.status === 429;
  return false;
}

/** A part's failure as the queue should see it. */
function partFailure(error: unknown, ticket: PartTicket, source: UploadSource, index: number): unknown {
  if (error instanceof PlatformError && error.status === 413) return tooLarge(source, error);
  if (error instanceof LocalFileError || mayPass(error) || error instanceof SignInNeededError) return error;
  if (error instanceof PlatformError && error.status !== 404) {
    return new PlatformError(error.status, error.error, error.endpoint, `The platform refused part ${index + 1} of ${Math.ceil(ticket.totalFileSize / ticket.partSize)} of ${basename(source.path)}: ${error.message}`, { cause: error, description: error.description });
  }
  return goneAsStale(error, ticket);
}

/** A 404 on the upload: the platform forgot it (or the video was deleted); only a new upload goes on. */
function goneAsStale(error: unknown, ticket: PartTicket): unknown {
  if (error instanceof PlatformError && error.status === 404) return new StaleTicketError(`The platform no longer knows upload ${ticket.uploadId} of video ${ticket.videoId}; the file is sent again as a new upload.`, { cause: error });
  return error;
}

function tooLarge(source: UploadSource, cause?: unknown): FileTooLargeError {
  const bytes = (count: number) => count.toLocaleString('en-US');
  return new FileTooLargeError(
    `${basename(source.path)} is ${(source.size / 1024 ** 3).toFixed(1)} GB (${bytes(source.size)} bytes); the platform takes files of up to 10 GB (${bytes(MAX_FILE_BYTES)} bytes). Cut it into shorter files (or export it at a lower bitrate), then add those.`,
    { cause },
  );
}

/** The part's bytes, read from the file where they lie. */
async function readSlice(handle: FileHandle, source: UploadSource, slice: { offset: number; length: number }): Promise<Buffer> {
  const data = Buffer.allocUnsafe(slice.length);
  let filled = 0;
  try {
    while (filled < slice.length) {
      const { bytesRead } = await handle.read(data, filled, slice.length - filled, slice.offset + filled);
      if (bytesRead === 0) throw new Error(`it ends at ${slice.offset + filled} bytes, not ${source.size}`);
      filled += bytesRead;
    }
  } catch (error) {
    throw new LocalFileError(`The file ${basename(source.path)} could not be read: ${fileProblemWords(error)}. It may have changed since it was added: add it again, or retry.`, { cause: error });
  }
  return data;
}

/** Waits until the speed limit lets `bytes` go, in the bucket's chunks; nothing to wait for without a limit. */
async function pace(speedLimit: SpeedLimit, bytes: number, signal: AbortSignal): Promise<void> {
  for (let at = 0; at < bytes && speedLimit.bytesPerSecond !== null; at += PACE_BYTES) await speedLimit.take(Math.min(PACE_BYTES, bytes - at), signal);
}

/** Rejects with the signal's reason once it is aborted. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
