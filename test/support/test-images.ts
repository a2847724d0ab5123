// Real image files made on the fly with ffmpeg (a solid colour of the asked size), for upload tests.
// ffmpeg's colour source may round an odd side down (171 becomes 170): ask for even sides.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestImageFormat = 'png' | 'gif' | 'jpeg';

const EXTENSIONS: Record<TestImageFormat, string> = { png: 'png', gif: 'gif', jpeg: 'jpg' };
export const TEST_IMAGE_TYPES: Record<TestImageFormat, string> = { png: 'image/png', gif: 'image/gif', jpeg: 'image/jpeg' };

/** The bytes of a `width` x `height` image of one colour, in `format`. */
export function testImage(format: TestImageFormat, width: number, height: number, color = 'red'): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'test-image-'));
  try {
    const file = join(folder, `image.${EXTENSIONS[format]}`);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=${color}:s=${width}x${height}`, '-frames:v', '1', '-y', file]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
