// One audio, video or data message of a stream, as the relay passes it from the local ingest to its
// targets: the RTMP/FLV tag body untouched, with what the relay must know to cut in at a clean place.
// The classification reads the first bytes of the body: legacy FLV headers and Enhanced RTMP (fourCC).

export type MediaKind = 'audio' | 'video' | 'data';

/** RTMP message types (the same numbers as FLV tag types). */
export const MESSAGE_TYPE: Readonly<Record<MediaKind, 8 | 9 | 18>> = { audio: 8, video: 9, data: 18 };

export interface MediaPacket {
  readonly kind: MediaKind;
  /** Decoding time in ms, as the encoder stamped it. */
  readonly timestamp: number;
  /** The tag body (shared: never changed in place). */
  readonly payload: Buffer;
  /** A video frame a decoder can start at. */
  readonly keyframe: boolean;
  /** Codec configuration (AVC/HEVC decoder configuration, AAC AudioSpecificConfig): a sequence header. */
  readonly config: boolean;
  /** The stream's `onMetaData`. */
  readonly metadata: boolean;
}

/** The kind of an RTMP message type; null for the types that carry no media (commands, control). */
export function kindOfMessage(type: number): MediaKind | null {
  if (type === 8) return 'audio';
  if (type === 9) return 'video';
  if (type === 18) return 'data';
  return null;
}

export function classify(kind: MediaKind, timestamp: number, payload: Buffer): MediaPacket {
  const packet = { kind, timestamp, payload, keyframe: false, config: false, metadata: false };
  if (payload.length === 0) return packet;
  if (kind === 'video') {
    const video = videoFrame(payload);
    return { ...packet, keyframe: video.keyframe, config: video.config };
  }
  if (kind === 'audio') return { ...packet, config: isAudioConfig(payload) };
  return { ...packet, metadata: isMetadata(payload) };
}

function videoFrame(payload: Buffer): { keyframe: boolean; config: boolean } {
  const first = payload[0]!;
  const frameType = (first >> 4) & 0x07;
  if (first & 0x80) {
    // Enhanced RTMP: the low nibble is the packet type. 0 sequence start, 5 MPEG-2 TS sequence start;
    // 1 coded frames, 3 coded frames without composition time.
    const packetType = first & 0x0f;
    const coded = packetType === 1 || packetType === 3;
    return { keyframe: coded && frameType === 1, config: packetType === 0 || packetType === 5 };
  }
  const codecId = first & 0x0f;
  if (codecId === 7 || codecId === 12) {
    // AVC (and the common HEVC extension): byte 1 is 0 for the sequence header, 1 for NAL units.
    const packetType = payload[1];
    return { keyframe: frameType === 1 && packetType === 1, config: packetType === 0 };
  }
  return { keyframe: frameType === 1, config: false };
}

/**
 * The encoder's "end of sequence" (AVC/HEVC packet type 2, Enhanced RTMP's SequenceEnd): what an encoder sends
 * last. A player may take it for the end of the broadcast.
 */
export function isSequenceEnd(packet: MediaPacket): boolean {
  const { payload } = packet;
  if (packet.kind !== 'video' || payload.length < 2) return false;
  const first = payload[0]!;
  if (first & 0x80) return (first & 0x0f) === 2;
  const codecId = first & 0x0f;
  return (codecId === 7 || codecId === 12) && payload[1] === 2;
}

function isAudioConfig(payload: Buffer): boolean {
  const format = payload[0]! >> 4;
  // Enhanced RTMP audio: the low nibble is the packet type; 0 is the sequence start.
  if (format === 9) return (payload[0]! & 0x0f) === 0;
  return format === 10 && payload[1] === 0;
}

function isMetadata(payload: Buffer): boolean {
  const first = amf0String(payload, 0);
  if (first === null) return false;
  if (first.value === 'onMetaData') return true;
  return first.value === '@setDataFrame' && amf0String(payload, first.end)?.value === 'onMetaData';
}

function amf0String(payload: Buffer, at: number): { value: string; end: number } | null {
  if (payload[at] !== 0x02 || payload.length < at + 3) return null;
  const length = payload.readUInt16BE(at + 1);
  if (payload.length < at + 3 + length) return null;
  return { value: payload.toString('latin1', at + 3, at + 3 + length), end: at + 3 + length };
}

const VIDEO_FOURCC: Readonly<Record<string, string>> = { avc1: 'h264', hvc1: 'hevc', av01: 'av1', vp09: 'vp9', vp08: 'vp8' };
const VIDEO_CODEC_ID: Readonly<Record<number, string>> = { 2: 'h263', 3: 'screen', 4: 'vp6', 5: 'vp6a', 6: 'screen2', 7: 'h264', 12: 'hevc' };
const AUDIO_FOURCC: Readonly<Record<string, string>> = { mp4a: 'aac', Opus: 'opus', fLaC: 'flac', 'ac-3': 'ac3', 'ec-3': 'eac3', '.mp3': 'mp3' };
const AUDIO_FORMAT: Readonly<Record<number, string>> = { 0: 'pcm', 1: 'adpcm', 2: 'mp3', 3: 'pcm', 4: 'nellymoser', 5: 'nellymoser', 6: 'nellymoser', 7: 'alaw', 8: 'mulaw', 10: 'aac', 11: 'speex', 14: 'mp3' };

/** The codec of a video or audio packet, by its common name (h264, aac...); null for data or unknown codecs. */
export function codecOf(packet: MediaPacket): string | null {
  const { payload } = packet;
  if (payload.length === 0) return null;
  const first = payload[0]!;
  if (packet.kind === 'video') {
    if (first & 0x80) return payload.length >= 5 ? (VIDEO_FOURCC[payload.toString('latin1', 1, 5)] ?? null) : null;
    return VIDEO_CODEC_ID[first & 0x0f] ?? null;
  }
  if (packet.kind === 'audio') {
    if (first >> 4 === 9) return payload.length >= 5 ? (AUDIO_FOURCC[payload.toString('latin1', 1, 5)] ?? null) : null;
    return AUDIO_FORMAT[first >> 4] ?? null;
  }
  return null;
}
