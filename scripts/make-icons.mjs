// Draws the app icon (a broadcast mark on the accent colour) and writes every file electron-builder needs
// into build-resources/: icons/<n>x<n>.png (Linux), icon.ico (Windows), icon.icns (macOS), icon.png.
// Drawn here rather than downloaded or converted by a tool, so it runs anywhere Node does and gives the
// same bytes each time: `node scripts/make-icons.mjs`, then commit build-resources/.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS element types and their pixel sizes (the @2x types reuse larger bitmaps). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

// The renderer's --accent (#d6336c), lighter at the top and darker at the bottom.
const TOP = [232, 72, 128];
const BOTTOM = [150, 24, 74];
const WHITE = [255, 255, 255];

/** Signed distance (in icon units, 0..1) to a rounded square filling the icon. */
function roundedSquare(x, y) {
  const radius = 0.22;
  const half = 0.5 - radius;
  const qx = Math.abs(x - 0.5) - half;
  const qy = Math.abs(y - 0.5) - half;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/**
 * An arc of radius `ra` and half-thickness `rb`, 2 × 45° wide around the horizontal axis on both sides of
 * the centre, with round ends (after Inigo Quilez's sdArc): the waves of a broadcast mark.
 */
function waves(px, py, ra, rb) {
  const qx = Math.abs(py);
  const qy = Math.abs(px);
  const s = Math.SQRT1_2;
  const c = Math.SQRT1_2;
  return (c * qx > s * qy ? Math.hypot(qx - s * ra, qy - c * ra) : Math.abs(Math.hypot(qx, qy) - ra)) - rb;
}

function mark(x, y) {
  const px = x - 0.5;
  const py = y - 0.52;
  const dot = Math.hypot(px, py) - 0.085;
  return Math.min(dot, waves(px, py, 0.2, 0.034), waves(px, py, 0.32, 0.034));
}

/** Coverage of a shape from its distance, over one pixel: antialiased edges without supersampling. */
function coverage(distance, size) {
  return Math.min(1, Math.max(0, 0.5 - distance * size));
}

export function drawIcon(size) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const x = (column + 0.5) / size;
      const y = (row + 0.5) / size;
      const alpha = coverage(roundedSquare(x, y), size);
      const ink = coverage(mark(x, y), size);
      const offset = (row * size + column) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const background = TOP[channel] + (BOTTOM[channel] - TOP[channel]) * y;
        pixels[offset + channel] = Math.round(background + (WHITE[channel] - background) * ink);
      }
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return encodePng(size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row += 1) rgba.copy(rows, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** An ICO whose images are PNGs (Windows Vista and later). */
function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

function encodeIcns(elements) {
  const parts = elements.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

export async function makeIcons(directory) {
  const pngs = new Map(PNG_SIZES.map((size) => [size, drawIcon(size)]));
  await mkdir(new URL('icons/', directory), { recursive: true });
  for (const [size, png] of pngs) await writeFile(new URL(`icons/${size}x${size}.png`, directory), png);
  await writeFile(new URL('icon.png', directory), pngs.get(1024));
  await writeFile(new URL('icon.ico', directory), encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))));
  await writeFile(new URL('icon.icns', directory), encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: pngs.get(size) }))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await makeIcons(new URL('../build-resources/', import.meta.url));
}
