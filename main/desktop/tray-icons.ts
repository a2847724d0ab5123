// The tray's four icons, drawn as tiny PNGs in code: a filled dot whose colour is the state, on a
// transparent square. Nothing to download or ship beside the compiled code, and crisp at 1x and 2x.
import { deflateSync } from 'node:zlib';
import type { AppStatus } from '../../preload/contract.js';

type Rgb = readonly [number, number, number];

const COLOURS: Record<AppStatus['indicator'], Rgb> = {
  offline: [0x8a, 0x90, 0x9c],
  live: [0xe0, 0x2a, 0x2a],
  recording: [0xd9, 0x1e, 0x8c],
  uploading: [0x2b, 0x7b, 0xe4],
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A size x size RGBA PNG of a dot; the recording dot has a white ring so it differs from live by shape too. */
export function trayIconPng(indicator: AppStatus['indicator'], size: number): Buffer {
  const [red, green, blue] = COLOURS[indicator];
  const centre = (size - 1) / 2;
  const radius = size * 0.42;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      // One pixel of soft edge keeps the dot round at 16 px.
      const alpha = Math.max(0, Math.min(1, radius - distance + 0.5));
      const ring = indicator === 'recording' && distance > radius * 0.45 && distance < radius * 0.65;
      const offset = 1 + x * 4;
      row[offset] = ring ? 255 : red;
      row[offset + 1] = ring ? 255 : green;
      row[offset + 2] = ring ? 255 : blue;
      row[offset + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
