// An independent RTMP ingest for relay tests: nginx with Debian's libnginx-mod-rtmp, recording every
// publish, on a free port, in its own process group so a test can SIGKILL it like an ingest outage.
// With `onPublish`, nginx asks that URL before it accepts a publish (its on_publish hook, the way
// platforms built on nginx-rtmp check stream keys): any answer but 2xx refuses the publish.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const START_TIMEOUT_MS = 10_000;

export interface NginxRtmpOptions {
  /** nginx's on_publish hook URL. */
  readonly onPublish?: string;
  /** Runs nginx in this network namespace (`ip netns exec`), listening on `host`. */
  readonly netns?: string;
  /** The address nginx listens on (127.0.0.1 unless said). */
  readonly host?: string;
  /** The address publishers come from (127.0.0.1 unless said). */
  readonly publishFrom?: string;
  /** Listen on this port (an ingest that comes back where it was); a free one by default. */
  readonly port?: number;
}

export interface Recording {
  readonly path: string;
  readonly size: number;
  /** When the file was created (ms since the epoch; nginx creates it with the publish). */
  readonly bornAt: number;
}

export interface NginxRtmp {
  /** rtmp://127.0.0.1:PORT/live */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** The FLV files nginx has recorded so far, oldest first. */
  recordings(): Promise<Recording[]>;
  /** nginx's error log (connections, publishes, refusals at `info`). */
  log(): Promise<string>;
  /** SIGKILL to the whole process group: an outage, with no goodbye to connected clients. */
  kill(): void;
  /** SIGSTOP to the whole process group: a frozen server whose connections stay open and read nothing. */
  freeze(): void;
  /** SIGCONT: the frozen server goes on. */
  thaw(): void;
  /** Kills it if still running and removes its folder. */
  close(): Promise<void>;
}

export async function startNginxRtmp(options: NginxRtmpOptions = {}): Promise<NginxRtmp> {
  const dir = await mkdtemp(join(tmpdir(), 'nginx-rtmp-'));
  // The workers run as nobody: they must traverse the folder and write recordings and logs.
  await chmod(dir, 0o755);
  for (const sub of ['rec', 'logs']) {
    await mkdir(join(dir, sub));
    await chmod(join(dir, sub), 0o777);
  }
  const port = options.port ?? (await freePort());
  const onPublish = options.onPublish ? `on_publish ${options.onPublish};` : '';
  const host = options.host ?? '127.0.0.1';
  await writeFile(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log info;
load_module ${RTMP_MODULE};
events { worker_connections 256; }
rtmp { server {
  listen ${host}:${port}; chunk_size 4096;
  application live { live on; allow publish ${options.publishFrom ?? '127.0.0.1'}; deny publish all; allow play all;
    record all; record_path ${dir}/rec; record_unique on; ${onPublish} }
} }
`,
  );
  const command = ['nginx', '-c', `${dir}/nginx.conf`, '-p', `${dir}/`, '-e', `${dir}/logs/error.log`];
  // `ip netns exec` execs nginx in place: the child is nginx's master, in its own process group as ever.
  const wrapped = options.netns ? ['ip', 'netns', 'exec', options.netns, ...command] : command;
  const child = spawn(wrapped[0]!, wrapped.slice(1), { stdio: 'ignore', detached: true });
  let exited = false;
  child.once('exit', () => (exited = true));
  const kill = (): void => {
    if (!exited) killGroup(child);
  };
  try {
    await waitForListener(host, port, () => exited);
  } catch (error) {
    kill();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `rtmp://${host}:${port}/live`,
    port,
    dir,
    async recordings() {
      const names = (await readdir(join(dir, 'rec'))).filter((name) => name.endsWith('.flv'));
      const files = await Promise.all(
        names.map(async (name) => {
          const path = join(dir, 'rec', name);
          const info = await stat(path);
          return { path, size: info.size, bornAt: info.birthtimeMs || info.ctimeMs };
        }),
      );
      return files.sort((a, b) => a.bornAt - b.bornAt);
    },
    log: () => readFile(join(dir, 'logs', 'error.log'), 'utf8').catch(() => ''),
    kill,
    freeze: () => {
      if (!exited) process.kill(-child.pid!, 'SIGSTOP');
    },
    thaw: () => {
      if (!exited) process.kill(-child.pid!, 'SIGCONT');
    },
    async close() {
      if (!exited) process.kill(-child.pid!, 'SIGCONT');
      kill();
      if (!exited) await once(child, 'exit');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitForListener(host: string, port: number, gone: () => boolean): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone()) throw new Error(`nginx exited while starting on port ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const probe = createConnection(port, host);
      probe.once('connect', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (open) return;
    await delay(50);
  }
  throw new Error(`nginx did not listen on port ${port} within ${START_TIMEOUT_MS / 1000} s`);
}
