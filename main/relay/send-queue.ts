// The messages of one outbound publish that wait for its connection, and what to drop when the link is slower
// than the stream, so the wait stays bounded in media time and in bytes whatever the backlog. In order:
// while more than `disposableAfterMs` of media waits, arriving frames no other frame refers to (H.264 NAL
// units whose nal_ref_idc is 0; FLV frame type 3) are dropped; past `maxMs` or `maxBytes`, the oldest waiting
// GOP goes: everything up to the next waiting keyframe, audio with video, so the target resumes at a keyframe
// in step; when no keyframe waits, everything waiting goes and arrivals are dropped until the next keyframe.
// Sequence headers, metadata and other data messages are never dropped. Nothing is reordered, so timestamps
// stay monotonic; only gaps appear.
import type { MediaKind } from './media-packet.js';

export interface QueueLimits {
  /** Queued media time past which disposable video frames are dropped as they arrive. */
  readonly disposableAfterMs: number;
  /** Queued media time past which whole GOPs are dropped. */
  readonly maxMs: number;
  /** Queued bytes past which whole GOPs are dropped. */
  readonly maxBytes: number;
}

/** About 3 s of a 6 Mbps stream; a 2 Mbps link drains it in 10 s. */
export const DEFAULT_QUEUE_LIMITS: QueueLimits = { disposableAfterMs: 1000, maxMs: 3000, maxBytes: 2.5 * 1024 * 1024 };

export interface QueuedMessage {
  readonly kind: MediaKind;
  readonly timestamp: number;
  readonly payload: Buffer;
}

/** What the dropping needs to know of a message, read once as it is queued. */
interface Entry extends QueuedMessage {
  /** Audio or video that is not a sequence header: the only messages ever dropped. */
  readonly media: boolean;
  readonly keyframe: boolean;
}

/** Chunk headers and the like, on top of the payload; a rough figure is enough for a bound. */
const MESSAGE_OVERHEAD = 16;
/** Compaction of the consumed front of the array, at most once per this many messages. */
const COMPACT_AFTER = 1024;

export class SendQueue {
  readonly #limits: QueueLimits;
  #items: Entry[] = [];
  #head = 0;
  #bytes = 0;
  /** Arriving audio and video are dropped until the next keyframe. */
  #skipping = false;
  #sawVideo = false;
  /** NAL unit length size, from the AVC sequence header (4 unless it says otherwise). */
  #nalLengthSize = 4;
  /** Video frames dropped so far: disposable ones and those of dropped GOPs. */
  droppedFrames = 0;
  droppedGops = 0;

  constructor(limits: QueueLimits = DEFAULT_QUEUE_LIMITS) {
    this.#limits = limits;
  }

  /** Arrivals are being dropped until the next keyframe: the link is still behind, even with nothing queued. */
  get skipping(): boolean {
    return this.#skipping;
  }

  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Queued bytes (payloads and a rough overhead). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Media time between the oldest and the newest queued audio or video message, in ms. */
  get durationMs(): number {
    const first = this.#firstMedia(this.#head);
    if (first < 0) return 0;
    return Math.max(0, this.#lastMediaTimestamp() - this.#items[first]!.timestamp);
  }

  /** Queues `message`, or drops it (or older ones) as the policy says. */
  push(message: QueuedMessage): void {
    const { kind, payload } = message;
    const header = kind === 'data' || payload.length === 0 || isSequenceHeader(kind, payload);
    if (header) {
      if (kind === 'video' && isAvcHeader(payload) && payload.length > 9) this.#nalLengthSize = (payload[9]! & 0x03) + 1;
      this.#append({ ...message, media: false, keyframe: false });
      return;
    }
    const video = kind === 'video';
    const keyframe = video && ((payload[0]! >> 4) & 0x07) === 1;
    if (video) this.#sawVideo = true;
    if (this.#skipping) {
      if (!keyframe) {
        if (video) this.droppedFrames += 1;
        return;
      }
      this.#skipping = false;
    }
    if (video && !keyframe && this.length > 0 && message.timestamp - this.#oldestMediaTimestamp(message.timestamp) > this.#limits.disposableAfterMs && isDisposableFrame(payload, this.#nalLengthSize)) {
      this.droppedFrames += 1;
      return;
    }
    this.#append({ ...message, media: true, keyframe });
    this.#enforceLimits();
  }

  shift(): QueuedMessage | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const entry = this.#items[this.#head]!;
    this.#items[this.#head] = undefined as unknown as Entry;
    this.#head += 1;
    this.#bytes -= entry.payload.length + MESSAGE_OVERHEAD;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head >= COMPACT_AFTER && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return entry;
  }

  #append(entry: Entry): void {
    this.#items.push(entry);
    this.#bytes += entry.payload.length + MESSAGE_OVERHEAD;
  }

  #enforceLimits(): void {
    while (this.#over()) {
      const first = this.#firstMedia(this.#head);
      if (first < 0) return;
      this.droppedGops += 1;
      // The oldest GOP: from the front to the keyframe after the first waiting video frame.
      const next = this.#sawVideo ? this.#nextKeyframe(this.#firstVideo() + 1) : -1;
      if (next >= 0) {
        this.#dropMedia(this.#head, next);
      } else if (this.#sawVideo) {
        // No keyframe waits: all media goes, and arrivals until the next keyframe.
        this.#dropMedia(this.#head, this.#items.length);
        this.#skipping = true;
        return;
      } else {
        // Audio only: every frame stands alone; the oldest goes.
        this.#dropMedia(first, first + 1);
      }
    }
  }

  #over(): boolean {
    return this.length > 1 && (this.#bytes > this.#limits.maxBytes || this.durationMs > this.#limits.maxMs);
  }

  /** Removes the audio and video in [from, to), keeping headers and data in their places. */
  #dropMedia(from: number, to: number): void {
    const kept: Entry[] = [];
    for (let index = from; index < to; index += 1) {
      const entry = this.#items[index]!;
      if (!entry.media) {
        kept.push(entry);
        continue;
      }
      this.#bytes -= entry.payload.length + MESSAGE_OVERHEAD;
      if (entry.kind === 'video') this.droppedFrames += 1;
    }
    this.#items = [...this.#items.slice(this.#head, from), ...kept, ...this.#items.slice(to)];
    this.#head = 0;
  }

  #firstMedia(from: number): number {
    for (let index = from; index < this.#items.length; index += 1) if (this.#items[index]!.media) return index;
    return -1;
  }

  #firstVideo(): number {
    for (let index = this.#head; index < this.#items.length; index += 1) if (this.#items[index]!.media && this.#items[index]!.kind === 'video') return index;
    return this.#items.length;
  }

  #nextKeyframe(from: number): number {
    for (let index = Math.max(from, this.#head); index < this.#items.length; index += 1) if (this.#items[index]!.keyframe) return index;
    return -1;
  }

  #oldestMediaTimestamp(fallback: number): number {
    const first = this.#firstMedia(this.#head);
    return first < 0 ? fallback : this.#items[first]!.timestamp;
  }

  #lastMediaTimestamp(): number {
    for (let index = this.#items.length - 1; index >= this.#head; index -= 1) if (this.#items[index]!.media) return this.#items[index]!.timestamp;
    return 0;
  }
}

function isAvcHeader(payload: Buffer): boolean {
  return (payload[0]! & 0x8f) === 0x07 && payload[1] === 0;
}

function isSequenceHeader(kind: MediaKind, payload: Buffer): boolean {
  const first = payload[0]!;
  if (kind === 'video') {
    // Enhanced RTMP: packet types 0 (sequence start), 2 (sequence end), 4 (metadata), 5 (MPEG-2 TS sequence start).
    if (first & 0x80) return (first & 0x0f) !== 1 && (first & 0x0f) !== 3;
    const codec = first & 0x0f;
    // AVC/HEVC packet type 0 is the sequence header, 2 the end of sequence; frame type 5 is a command frame.
    return ((codec === 7 || codec === 12) && payload[1] !== 1) || ((first >> 4) & 0x07) === 5;
  }
  const format = first >> 4;
  if (format === 9) return (first & 0x0f) !== 1;
  return format === 10 && payload[1] === 0;
}

/**
 * Whether no other frame refers to this video frame, so dropping it harms only itself: FLV frame type 3
 * (disposable inter frame), or an AVC frame whose slices all have nal_ref_idc 0. Other codecs (Enhanced
 * RTMP's HEVC, AV1...) without frame type 3 are never called disposable: their references cannot be told
 * from the tag alone.
 */
export function isDisposableFrame(payload: Buffer, nalLengthSize = 4): boolean {
  if (payload.length < 2) return false;
  const first = payload[0]!;
  if (((first >> 4) & 0x07) === 3) return true;
  if (first & 0x80 || (first & 0x0f) !== 7 || payload[1] !== 1) return false;
  let slices = 0;
  let at = 5;
  while (at + nalLengthSize < payload.length) {
    let size = 0;
    for (let byte = 0; byte < nalLengthSize; byte += 1) size = size * 256 + payload[at + byte]!;
    const header = payload[at + nalLengthSize]!;
    const type = header & 0x1f;
    if (type >= 1 && type <= 5) {
      if ((header & 0x60) !== 0) return false;
      slices += 1;
    }
    if (size === 0) break;
    at += nalLengthSize + size;
  }
  return slices > 0;
}
