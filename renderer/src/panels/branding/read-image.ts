// A file from a file input, read in the browser before anything is sent: its type, byte size and pixel
// size (decoded with createImageBitmap), its bytes as base64 for the contract, and a preview URL.
import type { ImageUpload } from '../../../../preload/contract.js';

export interface ReadImage {
  readonly upload: ImageUpload;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly previewUrl: string;
}

const TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The image, or a sentence saying why it cannot be used. */
export async function readImage(file: File): Promise<ReadImage | string> {
  const contentType = TYPES.find((type) => type === file.type);
  if (!contentType) return `${file.name} is not a JPEG, PNG or GIF image.`;
  let width: number;
  let height: number;
  try {
    const bitmap = await createImageBitmap(file);
    width = bitmap.width;
    height = bitmap.height;
    bitmap.close();
  } catch {
    return `${file.name} could not be read as an image.`;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { upload: { contentType, base64: toBase64(bytes) }, width, height, bytes: bytes.length, previewUrl: URL.createObjectURL(file) };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
