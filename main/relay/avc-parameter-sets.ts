// Puts an H.264 stream's parameter sets (SPS, PPS: what its sequence header carries) in front of a
// keyframe's own NAL units. A sequence header that changes mid-stream is not applied by every decoder
// (ffmpeg's FLV reader keeps the first one), but parameter sets inside the keyframe always are: so the
// bridge's switches, to the slate and back to the encoder, each start with a self-describing keyframe.
import { classify, type MediaPacket } from './media-packet.js';

interface AvcConfig {
  /** Bytes in each NAL unit's length prefix (1, 2 or 4). */
  readonly lengthSize: number;
  readonly parameterSets: readonly Buffer[];
}

/** The AVCDecoderConfigurationRecord of a legacy FLV AVC sequence header; null for anything else. */
function avcConfig(packet: MediaPacket): AvcConfig | null {
  const data = packet.payload;
  if (packet.kind !== 'video' || !packet.config || data.length < 11 || (data[0]! & 0x8f) !== 7 || data[1] !== 0) return null;
  const lengthSize = (data[9]! & 0x03) + 1;
  const sets: Buffer[] = [];
  let at = 10;
  for (const countMask of [0x1f, 0xff]) {
    if (at >= data.length) return null;
    const count = data[at]! & countMask;
    at += 1;
    for (let index = 0; index < count; index += 1) {
      if (at + 2 > data.length) return null;
      const size = data.readUInt16BE(at);
      if (at + 2 + size > data.length) return null;
      sets.push(data.subarray(at + 2, at + 2 + size));
      at += 2 + size;
    }
  }
  return lengthSize === 3 ? null : { lengthSize, parameterSets: sets };
}

/** `keyframe` with the parameter sets of `config` in front of its NAL units; unchanged when either is not legacy AVC. */
export function withParameterSets(keyframe: MediaPacket, config: MediaPacket | null): MediaPacket {
  const parsed = config === null ? null : avcConfig(config);
  const data = keyframe.payload;
  if (parsed === null || !keyframe.keyframe || (data[0]! & 0x8f) !== 7 || data[1] !== 1 || data.length < 5) return keyframe;
  const prefixed = parsed.parameterSets.map((set) => {
    const length = Buffer.alloc(parsed.lengthSize);
    length.writeUIntBE(set.length, 0, parsed.lengthSize);
    return Buffer.concat([length, set]);
  });
  return classify('video', keyframe.timestamp, Buffer.concat([data.subarray(0, 5), ...prefixed, data.subarray(5)]));
}
