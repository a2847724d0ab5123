// Real video files for upload tests, made with ffmpeg: small H.264 clips, and big ones of raw video in
// AVI (fast to make at any size, and still a video ffprobe reads, as the sandbox's processing requires).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A 2 s 320x240 H.264 + AAC clip (~140 kB) in the container the extension names (mp4, mov, mkv...). */
export async function makeClip(file: string): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file]);
}

/** An AVI of raw 640x480 video, at least `megabytes` MB (460,800 bytes a frame). */
export async function makeBigVideo(file: string, megabytes: number): Promise<number> {
  const frames = Math.ceil((megabytes * 1024 * 1024) / (640 * 480 * 1.5));
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=30', '-frames:v', String(frames), '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', file], { maxBuffer: 1024 * 1024 });
  return (await stat(file)).size;
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
