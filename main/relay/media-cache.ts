// What a new outbound publish must be sent first so that a player can start at once: the stream's
// metadata, its codec configurations (sequence headers), then the latest keyframe and everything since.
// Fed with every packet of the running publish; cleared when the publish ends, since the next one
// brings its own configuration and keyframes.
import type { MediaPacket } from './media-packet.js';

/** Past this, a keyframe is overdue: the cache drops its group and waits for the next keyframe. */
const DEFAULT_MAX_GROUP_PACKETS = 4096;

export class MediaCache {
  #metadata: MediaPacket | null = null;
  #videoConfig: MediaPacket | null = null;
  #audioConfig: MediaPacket | null = null;
  /** The latest keyframe and the packets after it, or empty. */
  #group: MediaPacket[] = [];
  #sawVideo = false;
  #sawAudioFrame = false;
  readonly #maxGroupPackets: number;

  constructor(maxGroupPackets = DEFAULT_MAX_GROUP_PACKETS) {
    this.#maxGroupPackets = maxGroupPackets;
  }

  add(packet: MediaPacket): void {
    if (packet.kind === 'data') {
      if (packet.metadata) this.#metadata = packet;
      else this.#append(packet);
      return;
    }
    if (packet.kind === 'audio') {
      if (packet.config) this.#audioConfig = packet;
      else {
        this.#sawAudioFrame = true;
        this.#append(packet);
      }
      return;
    }
    this.#sawVideo = true;
    if (packet.config) {
      // Frames after the old configuration do not decode with the new one: wait for a keyframe.
      this.#videoConfig = packet;
      this.#group = [];
    } else if (packet.keyframe) {
      this.#group = [packet];
    } else {
      this.#append(packet);
    }
  }

  clear(): void {
    this.#metadata = this.#videoConfig = this.#audioConfig = null;
    this.#group = [];
    this.#sawVideo = this.#sawAudioFrame = false;
  }

  /**
   * Metadata and configurations, then the latest keyframe and what followed it; for a stream without
   * video, metadata and the audio configuration once audio flows. Null while there is no such start.
   */
  startSequence(): MediaPacket[] | null {
    const head = [this.#metadata, this.#videoConfig, this.#audioConfig].filter((packet): packet is MediaPacket => packet !== null);
    if (this.#sawVideo) return this.#group.length > 0 ? [...head, ...this.#group] : null;
    return this.#sawAudioFrame ? head : null;
  }

  /** Everything held, start or not: for a subscriber that joins mid-stream and must not miss the configurations. */
  snapshot(): MediaPacket[] {
    return [this.#metadata, this.#videoConfig, this.#audioConfig, ...this.#group].filter((packet): packet is MediaPacket => packet !== null);
  }

  #append(packet: MediaPacket): void {
    if (this.#group.length === 0) return;
    this.#group.push(packet);
    if (this.#group.length > this.#maxGroupPackets) this.#group = [];
  }
}
