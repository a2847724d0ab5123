// The sandbox profile's platform: the local sandbox, started in this process unless one is already running
// for the same data folder (the desktop app and the `companion` command share one). Its state persists in
// <data dir>/sandbox/, so tokens stay valid across restarts; that state holds no usable user secret.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { startSandbox } from '../../sandbox/index.js';
import { readJson, writeJsonAtomically } from '../settings/json-file.js';
import { processAlive } from '../process-alive.js';

export interface SandboxConnection {
  readonly apiUrl: string;
  readonly authUrl: string;
  readonly ftpUrl: string;
  readonly rtmpUrl: string;
  readonly clientId: string;
  /** The sandbox's demo client secret: a published sandbox credential, not a user's secret. */
  readonly clientSecret: string;
  readonly demo: { readonly username: string; readonly password: string };
  /** True when this process runs it (and stops it on close). */
  readonly owned: boolean;
  close(): Promise<void>;
}

const Runtime = z.object({
  apiUrl: z.string(),
  authUrl: z.string(),
  ftpUrl: z.string(),
  rtmpUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  demo: z.object({ username: z.string(), password: z.string() }),
  pid: z.number().int(),
});

export async function connectEmbeddedSandbox(dataDirectory: string): Promise<SandboxConnection> {
  const folder = join(dataDirectory, 'sandbox');
  const runtimeFile = join(folder, 'runtime.json');
  const running = await readJson(runtimeFile, Runtime);
  if (running.kind === 'ok' && running.value.pid !== process.pid && processAlive(running.value.pid) && (await answersAsSandbox(running.value.apiUrl))) {
    const { pid: _pid, ...addresses } = running.value;
    return { ...addresses, owned: false, close: async () => undefined };
  }

  await mkdir(folder, { recursive: true, mode: 0o700 });
  const sandbox = await startSandbox({ stateFile: join(folder, 'state.json'), dataDir: join(folder, 'media') });
  const runtime: z.output<typeof Runtime> = {
    apiUrl: sandbox.apiUrl,
    authUrl: sandbox.authUrl,
    ftpUrl: sandbox.ftpUrl,
    rtmpUrl: sandbox.rtmpUrl,
    clientId: sandbox.client.id,
    clientSecret: sandbox.client.secret,
    demo: sandbox.demo,
    pid: process.pid,
  };
  await writeJsonAtomically(runtimeFile, runtime);
  return {
    ...runtime,
    owned: true,
    async close() {
      await rm(runtimeFile, { force: true });
      await sandbox.close();
    },
  };
}

/** The sandbox answers an unknown channel with its JSON 404: anything else at that address is not it. */
async function answersAsSandbox(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/channels/0.json`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { error?: unknown };
    return response.status === 404 && body.error === 'not_found';
  } catch {
    return false;
  }
}
