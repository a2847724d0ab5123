// The app's own reading of an image header before upload (the sandbox, being the platform, keeps its own).
// What an uploaded image is, read from its first bytes only (no decoding, no dependency): the format from
// the signature, the size from the PNG IHDR chunk, the GIF logical screen descriptor or a JPEG SOF marker.
export type ImageFormat = 'png' | 'gif' | 'jpeg';

export interface ImageHeader {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { png: 'image/png', gif: 'image/gif', jpeg: 'image/jpeg' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format of the bytes by their signature, or null when they are none of PNG, GIF and JPEG. */
export function imageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(String.fromCharCode(...bytes.subarray(0, 6)))) return 'gif';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** Format and size, or null when the header is not one of the three or is cut short. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = imageFormat(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') {
    // Signature (8), chunk length (4), "IHDR" (4), width (4, big-endian), height (4).
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
    return sized(format, view.getUint32(16), view.getUint32(20));
  }
  if (format === 'gif') {
    if (bytes.length < 10) return null;
    return sized(format, view.getUint16(6, true), view.getUint16(8, true));
  }
  if (format === 'jpeg') return jpegHeader(bytes, view);
  return null;
}

function sized(format: ImageFormat, width: number, height: number): ImageHeader | null {
  return width > 0 && height > 0 ? { format, width, height } : null;
}

/** Walks the markers after SOI to the first start-of-frame (SOF0-SOF15 except DHT, JPG and DAC). */
function jpegHeader(bytes: Uint8Array, view: DataView): ImageHeader | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      // Length (2), precision (1), height (2), width (2).
      if (offset + 9 > bytes.length) return null;
      return sized('jpeg', view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or end before any frame header
    offset += 2 + length;
  }
  return null;
}
