// A real video (Matroska, raw grey frames) filled with random pixels, made by ffmpeg in well under a second
// for tens of MiB: every 1 MiB part of it differs from the others, so a part written at the wrong offset
// shows in the file's SHA-256, and ffprobe reads it, so processing reaches `complete`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

const FRAME_BYTES = 320 * 240;

/** Writes a video of about `bytes` bytes to `file`; resolves with its bytes and their SHA-256 (for files of a few tens of MiB). */
export async function makeNoiseVideo(file: string, bytes: number): Promise<{ data: Buffer; sha256: string }> {
  await writeNoiseVideo(file, bytes);
  const data = await readFile(file);
  return { data, sha256: createHash('sha256').update(data).digest('hex') };
}

/** As makeNoiseVideo, for files too large to hold: resolves with the size and the SHA-256, read as a stream. */
export async function makeLargeNoiseVideo(file: string, bytes: number): Promise<{ size: number; sha256: string }> {
  await writeNoiseVideo(file, bytes);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { size: (await stat(file)).size, sha256: hash.digest('hex') };
}

async function writeNoiseVideo(file: string, bytes: number): Promise<void> {
  const frames = Math.max(1, Math.ceil(bytes / FRAME_BYTES));
  const args = ['-v', 'error', '-nostdin', '-y', '-f', 'rawvideo', '-pixel_format', 'gray', '-video_size', '320x240', '-framerate', '25', '-i', '/dev/urandom', '-frames:v', String(frames), '-c:v', 'copy', file];
  await new Promise<void>((resolve, reject) => {
    execFile('ffmpeg', args, { timeout: 60_000 }, (error, _stdout, stderr) => (error ? reject(new Error(`ffmpeg failed: ${stderr || error.message}`)) : resolve()));
  });
}
