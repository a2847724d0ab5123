// The confidence monitor's source: the encoder's latest H.264 keyframe and the decoder configuration it
// decodes with, taken from the local ingest as it passes, for the renderer to decode with WebCodecs (no
// ffmpeg). Cheap by design: every packet costs a look at its first bytes; a keyframe is kept at most once
// per interval, as a view of the packet's body (bodies are shared and never changed in place, so no copy).
import type { IngestSink, LocalIngest } from './local-ingest.js';
import type { MediaPacket } from './media-packet.js';
import type { StreamInfo } from './relay-types.js';

export interface KeyframeSnapshot {
  /** The WebCodecs codec string, from the configuration's profile and level (e.g. avc1.64001f). */
  readonly codec: string;
  /** As the encoder declares them; null when it does not. */
  readonly width: number | null;
  readonly height: number | null;
  /** The AVCDecoderConfigurationRecord (avcC): VideoDecoder's `description`. */
  readonly description: Buffer;
  /** The keyframe's NAL units, each with its length in front (AVCC), as the configuration says. */
  readonly keyframe: Buffer;
  /** When it was taken (ms since the epoch). */
  readonly at: number;
}

export interface KeyframeTap {
  /** The last keyframe taken from the current publish; null with no encoder, or before its first keyframe. */
  latest(): KeyframeSnapshot | null;
  stop(): void;
}

export interface KeyframeTapOptions {
  /** The time between two keyframes kept (ms), less a little slack for arrival jitter; the monitor refreshes every 2 s. */
  readonly intervalMs?: number;
  readonly now?: () => number;
}

export const SNAPSHOT_INTERVAL_MS = 2000;
/**
 * A keyframe this much early still counts as one interval on: an encoder with a keyframe every 2 s whose
 * frames arrive a few ms early would otherwise have every other one skipped, and the picture renewed every 4 s.
 */
const ARRIVAL_SLACK_MS = 250;

/** An H.264 frame's parts as FLV carries them: legacy (codec id 7) or Enhanced RTMP's `avc1`. */
interface AvcTag {
  readonly type: 'config' | 'frame' | 'other';
  /** Where the configuration record or the NAL units start in the body. */
  readonly dataAt: number;
}

function avcTag(packet: MediaPacket): AvcTag | null {
  const body = packet.payload;
  if (packet.kind !== 'video' || body.length < 5) return null;
  const first = body[0]!;
  if (first & 0x80) {
    if (body.toString('latin1', 1, 5) !== 'avc1') return null;
    // Packet types: 0 sequence start; 1 coded frames with a 3-byte composition time; 3 without it.
    const packetType = first & 0x0f;
    if (packetType === 0) return { type: 'config', dataAt: 5 };
    if (packetType === 1) return { type: 'frame', dataAt: 8 };
    return packetType === 3 ? { type: 'frame', dataAt: 5 } : { type: 'other', dataAt: 5 };
  }
  if ((first & 0x0f) !== 7) return null;
  // Byte 1: 0 sequence header, 1 NAL units (then a 3-byte composition time), 2 end of sequence.
  return { type: body[1] === 0 ? 'config' : body[1] === 1 ? 'frame' : 'other', dataAt: 5 };
}

const hex = (byte: number): string => byte.toString(16).padStart(2, '0');

/** The codec string of an avcC record (version 1, then profile, compatibility, level); null when it is not one. */
export function avcCodecString(description: Buffer): string | null {
  if (description.length < 7 || description[0] !== 1) return null;
  return `avc1.${hex(description[1]!)}${hex(description[2]!)}${hex(description[3]!)}`;
}

/** Taps `ingest` until stopped; a tap that joins mid-publish starts from the ingest's cached keyframe. */
export function tapKeyframes(ingest: Pick<LocalIngest, 'subscribe'>, options: KeyframeTapOptions = {}): KeyframeTap {
  const intervalMs = options.intervalMs ?? SNAPSHOT_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let config: { readonly codec: string; readonly description: Buffer } | null = null;
  let size: Pick<StreamInfo, 'width' | 'height'> = { width: null, height: null };
  let snapshot: KeyframeSnapshot | null = null;

  const forget = (): void => {
    config = null;
    snapshot = null;
    size = { width: null, height: null };
  };
  const sink: IngestSink = {
    started: forget,
    ended: forget,
    described(info) {
      size = { width: info.width, height: info.height };
      if (snapshot !== null) snapshot = { ...snapshot, ...size };
    },
    packet(packet) {
      const tag = avcTag(packet);
      if (tag === null || tag.type === 'other') return;
      if (tag.type === 'config') {
        const description = packet.payload.subarray(tag.dataAt);
        const codec = avcCodecString(description);
        // New parameters: the kept keyframe does not decode with them, so it goes until the next one.
        config = codec === null ? null : { codec, description };
        snapshot = null;
        return;
      }
      const at = now();
      if (!packet.keyframe || config === null || (snapshot !== null && at - snapshot.at < intervalMs - ARRIVAL_SLACK_MS)) return;
      snapshot = { ...config, ...size, keyframe: packet.payload.subarray(tag.dataAt), at };
    },
  };
  const unsubscribe = ingest.subscribe(sink);
  return {
    latest: () => snapshot,
    stop() {
      unsubscribe();
      forget();
    },
  };
}
