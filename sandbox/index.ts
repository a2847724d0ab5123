// The embedded platform sandbox: the one entry point through which main/ and the CLI start it.
// It runs an authorization server, the REST API, an FTP upload server and an RTMP ingest, all on
// loopback by default, over one shared state.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from './http/router.js';
import { serveRouter } from './http/serve-router.js';
import type { SandboxUrls } from './http/request-context.js';
import { SandboxStore } from './state/sandbox-store.js';
import { DEMO_PASSWORD, DEMO_USERNAME, RIVAL_PASSWORD, RIVAL_USERNAME } from './state/seed.js';
import { createAdmin, type SandboxAdmin } from './admin.js';

export type { SandboxAdmin } from './admin.js';
export { BENEFITS, HOOK_EVENTS, type Benefit, type HookEvent } from './state/model.js';

export interface SandboxOptions {
  /** Interface to listen on; 127.0.0.1 unless told otherwise. */
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly apiPort?: number;
  readonly authPort?: number;
  readonly ftpPort?: number;
  readonly rtmpPort?: number;
  /** Persist the state here across restarts; in memory only when absent. */
  readonly stateFile?: string | null;
  /** Where recordings and uploaded files go; a new temporary folder when absent. */
  readonly dataDir?: string;
  /** Told about failures that are the sandbox's own bugs. */
  readonly onInternalError?: (error: unknown) => void;
}

export interface Sandbox extends SandboxUrls {
  readonly client: { readonly id: string; readonly secret: string };
  readonly demo: { readonly username: string; readonly password: string };
  /** A second user, for ownership errors. */
  readonly rival: { readonly username: string; readonly password: string };
  readonly dataDir: string;
  readonly admin: SandboxAdmin;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const store = new SandboxStore(options.stateFile ?? null);
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'companion-sandbox-')));
  let urls: SandboxUrls = { apiUrl: '', authUrl: '', ftpUrl: '', rtmpUrl: '' };
  const closers: (() => Promise<void>)[] = [];

  const authRouter = new Router();
  const apiRouter = new Router();
  // sandbox parts register their routes here (auth, channels, live, uploads, videos, hooks)

  const authServer = serveRouter({ router: authRouter, store, urls: () => urls, onInternalError: options.onInternalError });
  const apiServer = serveRouter({ router: apiRouter, store, urls: () => urls, onInternalError: options.onInternalError });
  const authPort = await listen(authServer, host, options.authPort ?? 0);
  closers.push(() => closeServer(authServer));
  const apiPort = await listen(apiServer, host, options.apiPort ?? 0);
  closers.push(() => closeServer(apiServer));
  const shown = host.includes(':') ? `[${host}]` : host;
  urls = { ...urls, apiUrl: `http://${shown}:${apiPort}`, authUrl: `http://${shown}:${authPort}` };

  const client = store.data.clients[0]!;
  return {
    ...urls,
    client: { id: client.id, secret: client.secret },
    demo: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
    rival: { username: RIVAL_USERNAME, password: RIVAL_PASSWORD },
    dataDir,
    admin: createAdmin(store),
    async close() {
      for (const close of closers.reverse()) await close();
      await store.flushed();
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
