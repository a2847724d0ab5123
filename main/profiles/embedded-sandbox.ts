// The sandbox profile's platform: the local sandbox, started in this process unless one is already running
// for the same data folder (the desktop app and the `companion` command share one). Its state persists in
// <data dir>/sandbox/, so tokens stay valid across restarts; that state holds no usable user secret. It takes
// the same ports again at each start when they are free (ports.json): an upload cut by a crash was handed
// the FTP server's address, and resumes there after the restart. Its TLS ingest's certificate authority is
// made at each start and handed out here (public): the sandbox profile trusts it, no other profile does.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Sandbox } from '../../sandbox/index.js';
import { readJson, writeJsonAtomically } from '../settings/json-file.js';
import { processAlive } from '../process-alive.js';

export interface SandboxConnection {
  readonly apiUrl: string;
  readonly authUrl: string;
  readonly ftpUrl: string;
  readonly rtmpUrl: string;
  /** The TLS ingest (rtmps://), which today's dialect hands out as `rtmps_url`. */
  readonly rtmpsUrl: string;
  /** The authority (PEM, public) that signed the TLS ingest's certificate: trusted for this sandbox only. */
  readonly rtmpsCaCertificate: string;
  readonly clientId: string;
  /** The sandbox's demo client secret: a published sandbox credential, not a user's secret. */
  readonly clientSecret: string;
  /** The app's registration as a native application of today's platform (the current dialect: no secret sent). */
  readonly nativeClientId: string;
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
  rtmpsUrl: z.string(),
  rtmpsCaCertificate: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  nativeClientId: z.string(),
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
  const sandbox = await startOnLastPorts(folder);
  const runtime = sandboxRuntime(sandbox, process.pid);
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

/** What runtime.json says of a running sandbox, so that other processes of this data folder use it. */
export function sandboxRuntime(sandbox: Sandbox, pid: number): z.output<typeof Runtime> {
  return {
    apiUrl: sandbox.apiUrl,
    authUrl: sandbox.authUrl,
    ftpUrl: sandbox.ftpUrl,
    rtmpUrl: sandbox.rtmpUrl,
    rtmpsUrl: sandbox.rtmpsUrl,
    rtmpsCaCertificate: sandbox.rtmpsCaCertificate,
    clientId: sandbox.client.id,
    clientSecret: sandbox.client.secret,
    nativeClientId: sandbox.nativeClient.id,
    demo: sandbox.demo,
    pid,
  };
}

const Ports = z.object({
  apiPort: z.number().int().min(1).max(65535),
  authPort: z.number().int().min(1).max(65535),
  ftpPort: z.number().int().min(1).max(65535),
  rtmpPort: z.number().int().min(1).max(65535),
  // Absent in the ports of a sandbox from before its TLS ingest: the other ports are still worth keeping.
  rtmpsPort: z.number().int().min(1).max(65535).optional(),
});

/** On the ports of its last run when it can have them all, else on new ones (kept for the next start). */
async function startOnLastPorts(folder: string): Promise<Sandbox> {
  const portsFile = join(folder, 'ports.json');
  const places = { stateFile: join(folder, 'state.json'), dataDir: join(folder, 'media') };
  const last = await readJson(portsFile, Ports);
  // Loaded only by the process that runs the sandbox: its servers' packages (FTP, RTMP) took about 300 ms of
  // the start of every `companion` command and of every app that finds one already running.
  const { startSandbox } = await import('../../sandbox/index.js');
  let sandbox: Sandbox | null = null;
  if (last.kind === 'ok') {
    // Another program may have taken one of them meanwhile: then every part moves, as on a first start.
    sandbox = await startSandbox({ ...places, ...last.value }).catch(() => null);
  }
  sandbox ??= await startSandbox(places);
  const port = (url: string) => Number(new URL(url).port);
  await writeJsonAtomically(portsFile, {
    apiPort: port(sandbox.apiUrl),
    authPort: port(sandbox.authUrl),
    ftpPort: port(sandbox.ftpUrl),
    rtmpPort: port(sandbox.rtmpUrl),
    rtmpsPort: port(sandbox.rtmpsUrl),
  });
  return sandbox;
}

/**
 * The sandbox answers an unknown channel with its JSON 404 (or its 429 when an operator's tight rate limit is
 * spent, docs/sandbox.md): anything else at that address is not it.
 */
async function answersAsSandbox(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/channels/0.json`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { error?: unknown };
    return (response.status === 404 && body.error === 'not_found') || (response.status === 429 && body.error === 'too_many_requests');
  } catch {
    return false;
  }
}
