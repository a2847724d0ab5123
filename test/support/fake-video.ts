// Bytes that start as each container the platform takes does (see main/uploads/video-signature.ts), then
// filler: enough for code that judges a file by its first bytes, without making a real clip with ffmpeg.
import { randomBytes } from 'node:crypto';

export type FakeVideoKind = 'mp4' | 'mov' | 'mkv' | 'flv' | 'avi' | 'wmv' | 'ogm' | 'mpeg-ps' | 'mpeg-ts';

const HEADS: Record<FakeVideoKind, Buffer> = {
  mp4: Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom')]),
  mov: Buffer.from([0, 0, 0, 0x14, ...Buffer.from('ftypqt  ')]),
  mkv: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  flv: Buffer.from('FLV\x01\x05', 'latin1'),
  avi: Buffer.from('RIFF\x00\x10\x00\x00AVI LIST', 'latin1'),
  wmv: Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
  ogm: Buffer.from('OggS\x00\x02', 'latin1'),
  'mpeg-ps': Buffer.from([0, 0, 1, 0xba]),
  'mpeg-ts': Buffer.alloc(0),
};

/** `size` bytes (at least the signature's) that look like a `kind` file; the rest is `fill`. */
export function fakeVideo(kind: FakeVideoKind, size: number, fill = 1): Buffer {
  const bytes = Buffer.alloc(Math.max(size, kind === 'mpeg-ts' ? 3 * 188 : HEADS[kind].length), fill);
  HEADS[kind].copy(bytes);
  if (kind === 'mpeg-ts') for (let packet = 0; packet * 188 < bytes.length; packet += 1) bytes[packet * 188] = 0x47;
  return bytes;
}

/** `size` random bytes behind a Matroska signature: a "video" whose every byte matters to a transfer check. */
export function randomVideo(size: number): Buffer {
  const bytes = randomBytes(size);
  HEADS.mkv.copy(bytes);
  return bytes;
}
