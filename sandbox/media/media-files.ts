// Real media files for downloads and copies, made with ffmpeg when it is installed: a video's own file
// remuxed into the asked container, a short test clip for a seeded video that has no file, a cut of a
// video for a copy. Without ffmpeg (or when it fails) the sandbox still answers with real bytes: the
// original file, or a small well-formed placeholder, so a client's download always gets a file.
import { execFile } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import type { DownloadFormat } from '../state/video-extras.js';

const FFMPEG_TIMEOUT_MS = 120_000;
/** A seeded video's stand-in is a short clip, not its nominal hour: small and quick to make. */
const STAND_IN_SECONDS = 3;

export const DOWNLOAD_CONTENT_TYPES: Readonly<Record<DownloadFormat, string>> = { mp4: 'video/mp4', flv: 'video/x-flv' };

export interface MediaSource {
  /** The video's media file, when it has one. */
  readonly filePath: string | null;
}

/**
 * The file to serve for a download of `video` in `format`, written under `target` when it has to be
 * made: the video's own file when it already is that container, else a remux of it, else a test clip
 * (a seeded video), else a placeholder.
 */
export async function prepareDownloadFile(video: MediaSource, format: DownloadFormat, target: string, signal: AbortSignal): Promise<string> {
  if (video.filePath !== null && extname(video.filePath).slice(1).toLowerCase() === format && (await isFile(video.filePath))) return video.filePath;
  await mkdir(dirname(target), { recursive: true });
  const input = video.filePath !== null && (await isFile(video.filePath)) ? ['-i', video.filePath, '-c', 'copy'] : testClipInput();
  if (await ffmpeg([...input, '-f', format, '-y', target], signal)) return target;
  // The original file (another container) is still the video's real bytes.
  if (video.filePath !== null && (await isFile(video.filePath))) return video.filePath;
  await writeFile(target, placeholderMedia(format, STAND_IN_SECONDS));
  return target;
}

export interface CutFile {
  readonly path: string;
  readonly size: number;
}

/** The part from `start` to `end` seconds of `source` as a new file at `target` (same container), or null when it cannot be made. */
export async function cutMedia(source: string, start: number, end: number, target: string, signal: AbortSignal): Promise<CutFile | null> {
  if (!(await isFile(source))) return null;
  await mkdir(dirname(target), { recursive: true });
  const made = await ffmpeg(['-ss', String(start), '-i', source, '-t', String(end - start), '-c', 'copy', '-y', target], signal);
  if (!made) return null;
  const stats = await stat(target).catch(() => null);
  return stats && stats.size > 0 ? { path: target, size: stats.size } : null;
}

function testClipInput(): string[] {
  return ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', String(STAND_IN_SECONDS), '-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
}

/** Runs ffmpeg; false when it is missing or fails (the callers fall back), rejects only when aborted. */
function ffmpeg(args: string[], signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', ['-v', 'error', '-nostdin', ...args], { signal, timeout: FFMPEG_TIMEOUT_MS }, (error) => {
      if (error && signal.aborted) return reject(error);
      resolve(!error);
    });
  });
}

async function isFile(path: string): Promise<boolean> {
  const stats = await stat(path).catch(() => null);
  return stats?.isFile() === true;
}

/**
 * A small well-formed file of the container with no frames, saying how long it is: an FLV header and an
 * `onMetaData` tag, or an MP4 `ftyp` and a `moov` holding only the movie header.
 */
export function placeholderMedia(format: DownloadFormat, seconds: number): Buffer {
  return format === 'flv' ? placeholderFlv(seconds) : placeholderMp4(seconds);
}

function placeholderFlv(seconds: number): Buffer {
  // FLV header: signature, version 1, flags (video), header size 9; then PreviousTagSize0.
  const header = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x01, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00]);
  const duration = Buffer.alloc(9);
  duration.writeUInt8(0x00, 0);
  duration.writeDoubleBE(seconds, 1);
  // ffmpeg recognises an FLV only when the file runs 100 bytes past the header; the encoder entry says
  // what the file is and makes it long enough.
  const encoder = Buffer.from('Broadcaster Companion sandbox placeholder (no frames)');
  const encoderValue = Buffer.concat([Buffer.from([0x02, encoder.length >> 8, encoder.length & 0xff]), encoder]);
  // AMF0: string "onMetaData", then an ECMA array of two entries: duration (number), encoder (string).
  const data = Buffer.concat([
    amfString('onMetaData'),
    Buffer.from([0x08, 0x00, 0x00, 0x00, 0x02]),
    amfKey('duration'),
    duration,
    amfKey('encoder'),
    encoderValue,
    Buffer.from([0x00, 0x00, 0x09]),
  ]);
  // Script tag: type 18, data size (24 bit), timestamp (24 + 8 bit), stream id (24 bit); then PreviousTagSize.
  const tag = Buffer.alloc(11);
  tag.writeUInt8(18, 0);
  tag.writeUIntBE(data.length, 1, 3);
  const previous = Buffer.alloc(4);
  previous.writeUInt32BE(11 + data.length);
  return Buffer.concat([header, tag, data, previous]);
}

function amfKey(key: string): Buffer {
  const bytes = Buffer.from(key);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
}

function amfString(value: string): Buffer {
  return Buffer.concat([Buffer.from([0x02]), amfKey(value)]);
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

function placeholderMp4(seconds: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0x00, 0x00, 0x02, 0x00]), Buffer.from('isommp41', 'latin1'));
  // mvhd version 0: version/flags, creation, modification, timescale, duration, rate, volume, reserved,
  // matrix, pre_defined, next_track_ID: 100 bytes.
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  for (const [index, value] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) mvhd.writeUInt32BE(value, 36 + index * 4);
  mvhd.writeUInt32BE(1, 96);
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]);
}
