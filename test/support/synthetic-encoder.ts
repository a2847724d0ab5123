// A synthetic encoder (ffmpeg's test pattern and a sine tone) publishing over RTMP, and ffprobe checks
// of what arrived: what a streamer's OBS would send, made on the spot.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Encoder {
  /** The exit code (null when killed). */
  readonly exited: Promise<number | null>;
  stop(): void;
}

/** Every encoder started, so a test's afterAll can kill what is left even after a failure. */
export class Encoders {
  readonly #running = new Set<ChildProcess>();

  /** Publishes `seconds` of H.264 (640x360 unless told otherwise) + AAC to `url`, in its own process group. */
  publish(url: string, seconds: number, size = '640x360'): Encoder {
    const encoder = spawn(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
        '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
      { stdio: 'ignore', detached: true },
    );
    this.#running.add(encoder);
    const exited = new Promise<number | null>((resolve) => encoder.once('exit', (code) => resolve(code)));
    return { exited, stop: () => killGroup(encoder.pid!) };
  }

  /** Publishes `clip` (made by makeSteadyClip) in a loop for `seconds`, as it is (-c copy: no encoding CPU). */
  publishClip(clip: string, url: string, seconds: number): Encoder {
    const encoder = spawn('ffmpeg', ['-nostdin', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-t', String(seconds), '-c', 'copy', '-f', 'flv', url], { stdio: 'ignore', detached: true });
    this.#running.add(encoder);
    const exited = new Promise<number | null>((resolve) => encoder.once('exit', (code) => resolve(code)));
    return { exited, stop: () => killGroup(encoder.pid!) };
  }

  killAll(): void {
    for (const encoder of this.#running) if (encoder.exitCode === null && encoder.signalCode === null) killGroup(encoder.pid!);
  }
}

/** Ends an encoder's process group; one that ended on its own meanwhile (ESRCH: its exit not seen yet) is fine. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * A 6 s FLV clip at a steady `videoBitrate` (like '5M') plus 128 kb/s of AAC, 720p30 with a keyframe a second:
 * noise keeps x264 at its rate, and its B-frames are ones nothing refers to (what a slow link's relay drops first).
 */
export async function makeSteadyClip(file: string, videoBitrate: string): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', '6', '-vf', 'noise=alls=12:allf=t',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-x264-params', 'bframes=2:b-pyramid=none:nal-hrd=cbr', '-b:v', videoBitrate, '-minrate', videoBitrate, '-maxrate', videoBitrate, '-bufsize', videoBitrate, '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'flv', file]);
}

/** ffprobe's answer for `file` in csv without headers, e.g. probe(file, '-show_entries', 'stream=codec_name'). */
export async function probe(file: string, ...args: string[]): Promise<string> {
  return (await run('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', file])).stdout.trim();
}

/**
 * The times (s) of `file`'s packets in file order: decoding times unless `field` says pts_time, of every
 * stream unless `stream` picks one ('v:0'). Read as JSON, not csv: in csv a packet with side data (a
 * keyframe after a sequence header that changed mid-stream, as the bridge's slate sends, carries "New
 * Extradata") prints as "44.038000," with its side data on a blank line of its own, which reads as a
 * packet at time 0 and hides the keyframe.
 */
export async function packetTimes(file: string, options: { readonly stream?: string; readonly field?: 'dts_time' | 'pts_time' } = {}): Promise<number[]> {
  const field = options.field ?? 'dts_time';
  const select = options.stream === undefined ? [] : ['-select_streams', options.stream];
  const { stdout } = await run('ffprobe', ['-v', 'error', ...select, '-show_entries', `packet=${field}`, '-of', 'json', file], { maxBuffer: 256 * 1024 * 1024 });
  const { packets = [] } = JSON.parse(stdout) as { packets?: Record<string, string | undefined>[] };
  return packets.map((packet) => Number(packet[field] ?? Number.NaN));
}
