// Reads an FLV file back tag by tag, for the safety copy's unit tests: the header's flags, each tag's
// kind, timestamp and body, and whether every previous-tag-size field says what it must.
import { readFileSync } from 'node:fs';
import type { MediaKind } from '../../../main/relay/media-packet.js';

export interface FlvTag {
  readonly kind: MediaKind;
  readonly timestamp: number;
  readonly payload: Buffer;
}

export interface FlvFile {
  readonly hasAudio: boolean;
  readonly hasVideo: boolean;
  readonly tags: FlvTag[];
  /** Every previous-tag-size field matched the tag before it. */
  readonly sizesAgree: boolean;
}

const KINDS: Record<number, MediaKind> = { 8: 'audio', 9: 'video', 18: 'data' };

export function readFlv(path: string): FlvFile {
  const bytes = readFileSync(path);
  if (bytes.toString('latin1', 0, 3) !== 'FLV') throw new Error(`${path} is not FLV`);
  const flags = bytes[4]!;
  const tags: FlvTag[] = [];
  let sizesAgree = bytes.readUInt32BE(9) === 0;
  let offset = 13;
  while (offset + 11 <= bytes.length) {
    const size = bytes.readUIntBE(offset + 1, 3);
    const timestamp = bytes.readUIntBE(offset + 4, 3) + bytes[offset + 7]! * 2 ** 24;
    if (offset + 11 + size + 4 > bytes.length) break;
    tags.push({ kind: KINDS[bytes[offset]!]!, timestamp, payload: bytes.subarray(offset + 11, offset + 11 + size) });
    sizesAgree &&= bytes.readUInt32BE(offset + 11 + size) === 11 + size;
    offset += 11 + size + 4;
  }
  return { hasAudio: (flags & 4) !== 0, hasVideo: (flags & 1) !== 0, tags, sizesAgree };
}
