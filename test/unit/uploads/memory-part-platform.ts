// Today's platform's part upload endpoints in memory, for the HTTP part transport's unit tests (the
// integration tests use the sandbox over HTTP): it keeps each upload's parts (a repeated part replaces
// the earlier one), counts the parts in flight, can hold a part (a slow network right there) and throws
// the failures queued up for the next parts, as the platform caller would (PlatformError, SignInNeededError).
import { PlatformError, SignInNeededError } from '../../../main/platform/platform-error.js';
import type { CreatedPartUpload, PartUploadCreate, PartUploadStatus, UploadPart } from '../../../main/platform/endpoints/part-uploads.js';
import type { HttpPartPlatform } from '../../../main/uploads/http-part-upload-transport.js';

export interface MemoryUpload {
  readonly channelId: string;
  readonly create: PartUploadCreate;
  readonly uploadId: string;
  readonly parts: Map<number, Buffer>;
  completed: boolean;
}

/** A platform answer of the given HTTP status, as the caller throws it. */
export function answer(status: number, error = 'error'): PlatformError {
  const endpoint = 'POST /v2/channels/{channel_id}/uploads/{video_id}/part.json';
  if (status === 401) return new SignInNeededError(401, 'invalid_token', endpoint, 'The platform refused the sign-in.');
  return new PlatformError(status, error, endpoint, `The platform answered ${status} ${error}.`);
}

export class MemoryPartPlatform implements HttpPartPlatform {
  readonly uploads = new Map<string, MemoryUpload>();
  /** Every part posted, in order: `<video id>:<index>`. */
  readonly partCalls: string[] = [];
  /** Errors the next part posts throw, in order, before they store anything. */
  readonly partFailures: Error[] = [];
  /** Statuses (and transcoding percentages) the polls see, in turn; the last one stays. */
  statuses: PartUploadStatus[] = [{ status: 'transcoding', progress: 40 }, { status: 'complete', progress: 100 }];
  creates = 0;
  active = 0;
  maxActive = 0;
  /** Milliseconds each part takes. */
  partDelayMs = 2;
  #nextVideo = 100;
  #holds = new Map<number, { reached: () => void; released: Promise<void> }>();
  #completedHold: { reached: () => void; released: Promise<void> } | null = null;

  async create(channelId: string, create: PartUploadCreate): Promise<CreatedPartUpload> {
    this.creates += 1;
    const videoId = String(this.#nextVideo++);
    this.uploads.set(videoId, { channelId, create, uploadId: `u-${videoId}`, parts: new Map(), completed: false });
    return { videoId, uploadId: `u-${videoId}` };
  }

  async part(channelId: string, videoId: string, part: UploadPart): Promise<void> {
    this.partCalls.push(`${videoId}:${part.partIndex}`);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      const hold = this.#holds.get(part.partIndex);
      if (hold) {
        this.#holds.delete(part.partIndex);
        hold.reached();
        await hold.released;
      }
      await new Promise((resolve) => setTimeout(resolve, this.partDelayMs));
      const failure = this.partFailures.shift();
      if (failure) throw failure;
      const upload = this.uploads.get(videoId);
      if (!upload || upload.channelId !== channelId || upload.uploadId !== part.uploadId) throw answer(404, 'not_found');
      upload.parts.set(part.partIndex, Buffer.from(part.data));
    } finally {
      this.active -= 1;
    }
  }

  async completed(channelId: string, videoId: string, uploadId: string): Promise<void> {
    const upload = this.uploads.get(videoId);
    if (!upload || upload.uploadId !== uploadId) throw answer(404, 'not_found');
    const hold = this.#completedHold;
    this.#completedHold = null;
    if (hold) {
      hold.reached();
      await hold.released;
    }
    upload.completed = true;
  }

  async status(): Promise<PartUploadStatus> {
    return this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0]!;
  }

  /** Holds part `index` when it is posted: `reached` once it is, the part goes on at `release`. */
  hold(index: number): { reached: Promise<void>; release: () => void } {
    const { held, hold } = newHold();
    this.#holds.set(index, held);
    return hold;
  }

  /** Holds the next `completed` (the transport's `ready`): `reached` once it is called, it answers at `release`. */
  holdCompleted(): { reached: Promise<void>; release: () => void } {
    const { held, hold } = newHold();
    this.#completedHold = held;
    return hold;
  }

  /** The bytes the platform has of an upload, its parts in order. */
  bytes(videoId: string): Buffer {
    const parts = this.uploads.get(videoId)!.parts;
    return Buffer.concat([...parts.keys()].sort((a, b) => a - b).map((index) => parts.get(index)!));
  }
}

function newHold(): { held: { reached: () => void; released: Promise<void> }; hold: { reached: Promise<void>; release: () => void } } {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  return { held: { reached, released }, hold: { reached: reachedPromise, release } };
}
