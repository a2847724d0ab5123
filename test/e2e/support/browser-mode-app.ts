// Starts the built app in browser mode (`companion ui --json`) as a real child process and reads its address.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../../build/main/cli/companion.js', import.meta.url));

export interface RunningApp {
  readonly url: string;
  /** The app's data folder (COMPANION_DATA_DIR): profiles, the embedded sandbox, upload journals. */
  readonly dataDir: string;
  /** Where an encoder publishes (the local ingest), from the ready line. */
  readonly ingestUrl: string;
  readonly origin: string;
  readonly token: string;
  readonly process: ChildProcess;
  /** The ready line itself (`keychain` among its fields). */
  readonly ready: Record<string, unknown>;
  /** Output the app wrote after its ready line, one JSON event per line. */
  readonly events: Record<string, unknown>[];
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** Writes into the data folder before the app starts (a journal to restore, settings). */
  readonly prepare?: (dataDir: string) => void | Promise<void>;
  /** Changes to the app's environment (e.g. another session bus: no keychain); undefined removes a variable. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The local ingest's port for this run (default 0: any free one). */
  readonly ingestPort?: number;
}

/** Each app gets its own data folder (profiles, the embedded sandbox's state), removed when it stops. */
export async function startBrowserModeApp(options: StartOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-e2e-'));
  await options.prepare?.(dataDir);
  const child = spawn(process.execPath, [cli, '--json', 'ui', '--port', '0', '--ingest-port', String(options.ingestPort ?? 0)], { stdio: ['ignore', 'pipe', 'pipe'], env: withChanges({ ...process.env, COMPANION_DATA_DIR: dataDir }, options.env ?? {}) });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const events: Record<string, unknown>[] = [];
  const lines = createInterface({ input: child.stdout });

  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not report ready in 15 s; stderr: ${stderr}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code} before it was ready; stderr: ${stderr}`)));
    lines.on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      if (event.event === 'ready') {
        clearTimeout(timer);
        resolve(event);
      } else {
        events.push(event);
      }
    });
  });

  const url = String(ready.url);
  const parsed = new URL(url);
  return {
    url,
    ready,
    dataDir,
    ingestUrl: String(ready.ingest_url),
    origin: parsed.origin,
    token: parsed.pathname.split('/')[1] ?? '',
    process: child,
    events,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

function withChanges(env: NodeJS.ProcessEnv, changes: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const changed = { ...env };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete changed[name];
    else changed[name] = value;
  }
  return changed;
}
