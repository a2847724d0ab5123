// A synthetic broadcast for the recorder rows ("on an owned channel during broadcast"): ffmpeg publishes
// a test pattern and tone over RTMP to `<rtmp url>/<key>`, the way an external encoder is set up from the
// ingest settings (server URL plus stream key).
import { spawn, type ChildProcess } from 'node:child_process';

export interface Publisher {
  /** ffmpeg's recent output, for failure messages. */
  readonly log: () => string;
  readonly exited: () => boolean;
  stop(): Promise<void>;
}

export function rtmpTarget(rtmpUrl: string, key: string): string {
  return `${rtmpUrl.replace(/\/+$/, '')}/${key}`;
}

export function publish(target: string, seconds = 60): Publisher {
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner', '-loglevel', 'warning', '-nostdin', '-re',
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=15:duration=${seconds}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '15',
      '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', target,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  let done = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      done = true;
      resolve();
    });
    child.once('error', (error) => {
      output += `\n${error.message}`;
      done = true;
      resolve();
    });
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  return {
    log: () => output,
    exited: () => done,
    async stop() {
      if (!done) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** A short real MP4 (1 s test pattern), for uploads. */
export function makeTestVideo(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${output}`))));
  });
}
