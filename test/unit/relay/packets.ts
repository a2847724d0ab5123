// Media packets as an encoder sends them (the first bytes that matter, then filler), for relay unit tests.
import { classify, type MediaPacket } from '../../../main/relay/media-packet.js';

const amf0String = (text: string) => [0x02, 0x00, text.length, ...Buffer.from(text)];

export const packets = {
  metadata: (timestamp = 0): MediaPacket => classify('data', timestamp, Buffer.from([...amf0String('@setDataFrame'), ...amf0String('onMetaData'), 0x03, 0x00, 0x00, 0x09])),
  cuePoint: (timestamp: number): MediaPacket => classify('data', timestamp, Buffer.from([...amf0String('onCuePoint'), 0x05])),
  videoConfig: (timestamp = 0): MediaPacket => classify('video', timestamp, Buffer.from([0x17, 0x00, 0, 0, 0, 1, 0x64])),
  keyframe: (timestamp: number): MediaPacket => classify('video', timestamp, Buffer.from([0x17, 0x01, 0, 0, 0, ...Buffer.alloc(64, 1)])),
  frame: (timestamp: number): MediaPacket => classify('video', timestamp, Buffer.from([0x27, 0x01, 0, 0, 0, ...Buffer.alloc(16, 2)])),
  audioConfig: (timestamp = 0): MediaPacket => classify('audio', timestamp, Buffer.from([0xaf, 0x00, 0x12, 0x10])),
  audio: (timestamp: number): MediaPacket => classify('audio', timestamp, Buffer.from([0xaf, 0x01, ...Buffer.alloc(8, 3)])),
};

/** What names a packet in expectations: "meta", "vcfg", "acfg", "key@40", "v@73", "a@23", "data@10". */
export function label(packet: { kind: string; timestamp: number; payload: Buffer } & Partial<MediaPacket>, timestamp = packet.timestamp): string {
  const full = classify(packet.kind as MediaPacket['kind'], timestamp, packet.payload);
  if (full.metadata) return 'meta';
  if (full.config) return full.kind === 'video' ? 'vcfg' : 'acfg';
  if (full.keyframe) return `key@${timestamp}`;
  return `${full.kind === 'video' ? 'v' : full.kind === 'audio' ? 'a' : 'data'}@${timestamp}`;
}
