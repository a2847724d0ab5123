// Reads an FLV file (the holding slates of assets/slates/) into the relay's MediaPackets: the file
// header, then tag after tag (type, size, 32-bit timestamp, stream id, body, previous tag size).
// Only audio, video and script data tags are kept; a truncated or foreign file is refused in a sentence.
import { classify, kindOfMessage, type MediaPacket } from './media-packet.js';

const TAG_HEADER_BYTES = 11;
const PREVIOUS_TAG_SIZE_BYTES = 4;

export function readFlvPackets(data: Buffer, name = 'the file'): MediaPacket[] {
  if (data.length < 9 || data.toString('latin1', 0, 3) !== 'FLV') throw new Error(`${name} is not an FLV file`);
  const packets: MediaPacket[] = [];
  let at = data.readUInt32BE(5) + PREVIOUS_TAG_SIZE_BYTES;
  while (at < data.length) {
    if (at + TAG_HEADER_BYTES > data.length) throw new Error(`${name} ends inside a tag header (byte ${at})`);
    // The top bits of the type byte are the (unused here) filter flag and reserved bits.
    const type = data[at]! & 0x1f;
    const size = data.readUIntBE(at + 1, 3);
    const timestamp = (data.readUIntBE(at + 4, 3) | (data[at + 7]! << 24)) >>> 0;
    const body = at + TAG_HEADER_BYTES;
    if (body + size > data.length) throw new Error(`${name} ends inside a tag body (byte ${body})`);
    const kind = kindOfMessage(type);
    if (kind !== null) packets.push(classify(kind, timestamp, Buffer.from(data.subarray(body, body + size))));
    at = body + size + PREVIOUS_TAG_SIZE_BYTES;
  }
  return packets;
}
