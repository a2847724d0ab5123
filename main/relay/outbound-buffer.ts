// What stands between an outbound publish's stream and its socket: messages go to the socket while it holds
// less than `watermark` bytes (enough to keep a fast link busy) and, when the target acknowledges what it
// receives, while less than `inFlightLimit` bytes are unacknowledged (so the kernel's send buffer, which grows
// to megabytes, does not hide a slow link's backlog); the rest waits in a SendQueue that drops what a slow
// link cannot carry. It tells when the link falls behind (more than `congestedAfterMs` of media waits)
// and when it has caught up again, and measures how fast the socket drains, for the time a backlog needs.
import type { MediaKind } from './media-packet.js';
import { RateWindow } from './rate-window.js';
import { DEFAULT_QUEUE_LIMITS, SendQueue, type QueueLimits, type QueuedMessage } from './send-queue.js';

export interface BufferLimits extends QueueLimits {
  /** Bytes the socket may hold before messages wait in the queue. */
  readonly watermark: number;
  /** Bytes sent and not yet acknowledged by the target (when it acknowledges) before messages wait in the queue. */
  readonly inFlightLimit: number;
  /** Waiting media time from which the target counts as congested. */
  readonly congestedAfterMs: number;
  /** Waiting media time under which a congested target counts as caught up. */
  readonly recoveredUnderMs: number;
}

/**
 * 256 KiB in the socket keeps a 100 Mbps link busy for 20 ms (the kernel's own buffers come on top); 768 KiB
 * unacknowledged covers 60 Mbps at a 100 ms round trip (three of the publisher's 256 KiB acknowledgement
 * windows) and is 3 s of a 2 Mbps link; 2 s of waiting media is the warning, before the queue drops GOPs at 3 s.
 */
export const DEFAULT_BUFFER_LIMITS: BufferLimits = { ...DEFAULT_QUEUE_LIMITS, watermark: 256 * 1024, inFlightLimit: 768 * 1024, congestedAfterMs: 2000, recoveredUnderMs: 500 };

/** The send buffer of one connection, as stats show it. */
export interface SendBufferStats {
  /** Waiting in the queue and in the socket. */
  readonly bytes: number;
  /** Media time waiting in the queue, in seconds. */
  readonly backlogSeconds: number;
  /** How long the waiting bytes take at the measured send rate; null before a rate is known. */
  readonly drainSeconds: number | null;
  readonly droppedFrames: number;
  readonly droppedGops: number;
  readonly congested: boolean;
}

/** Told when the connection becomes congested and when it has caught up. */
export type CongestionListener = (congested: boolean, stats: SendBufferStats) => void;

/** The socket as far as the buffer uses it. */
export interface BufferedSocket {
  readonly writableLength: number;
  readonly bytesWritten: number;
}

/** Bytes sent that the target has not acknowledged yet; null when it does not acknowledge at the asked window. */
export type InFlight = () => number | null;

export class OutboundBuffer {
  readonly #limits: BufferLimits;
  readonly #socket: BufferedSocket;
  readonly #write: (message: QueuedMessage) => void;
  readonly #inFlight: InFlight;
  readonly #queue: SendQueue;
  readonly #rate = new RateWindow();
  #congested = false;
  #listener: CongestionListener | null = null;
  /** Bytes that had left the socket for the kernel at the last sample. */
  #flushed = 0;

  constructor(socket: BufferedSocket, write: (message: QueuedMessage) => void, limits: BufferLimits = DEFAULT_BUFFER_LIMITS, inFlight: InFlight = () => null) {
    this.#socket = socket;
    this.#write = write;
    this.#inFlight = inFlight;
    this.#limits = limits;
    this.#queue = new SendQueue(limits);
    this.#flushed = socket.bytesWritten - socket.writableLength;
  }

  onCongestion(listener: CongestionListener): void {
    this.#listener = listener;
  }

  send(kind: MediaKind, timestamp: number, payload: Buffer): void {
    if (this.#queue.length === 0 && this.#hasRoom()) {
      this.#write({ kind, timestamp, payload });
      return;
    }
    this.#queue.push({ kind, timestamp, payload });
    this.#check();
  }

  /** The socket drained or the target acknowledged: refills the socket from the queue while there is room. */
  flush(): void {
    if (this.#queue.length === 0) return;
    while (this.#hasRoom()) {
      const message = this.#queue.shift();
      if (message === undefined) break;
      this.#write(message);
    }
    this.#check();
  }

  /** Called about once a second: how much left the socket since the last call, for the send rate. */
  sample(now: number): void {
    const flushed = this.#socket.bytesWritten - this.#socket.writableLength;
    this.#rate.add(flushed - this.#flushed, now);
    this.#flushed = flushed;
  }

  stats(now: number): SendBufferStats {
    const bytes = this.#queue.bytes + this.#socket.writableLength;
    const rate = this.#rate.perSecond(now);
    return {
      bytes,
      backlogSeconds: this.#queue.durationMs / 1000,
      drainSeconds: rate === null || rate <= 0 ? (bytes === 0 ? 0 : null) : Math.round((bytes / rate) * 10) / 10,
      droppedFrames: this.#queue.droppedFrames,
      droppedGops: this.#queue.droppedGops,
      congested: this.#congested,
    };
  }

  #hasRoom(): boolean {
    return this.#socket.writableLength < this.#limits.watermark && (this.#inFlight() ?? 0) < this.#limits.inFlightLimit;
  }

  #check(): void {
    const waiting = this.#queue.durationMs;
    const congested = this.#congested ? waiting >= this.#limits.recoveredUnderMs || this.#queue.skipping : waiting >= this.#limits.congestedAfterMs;
    if (congested === this.#congested) return;
    this.#congested = congested;
    this.#listener?.(congested, this.stats(Date.now()));
  }
}
