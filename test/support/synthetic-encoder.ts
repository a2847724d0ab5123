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

/** ffprobe's answer for `file` in csv without headers, e.g. probe(file, '-show_entries', 'stream=codec_name'). */
export async function probe(file: string, ...args: string[]): Promise<string> {
  return (await run('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', file])).stdout.trim();
}
