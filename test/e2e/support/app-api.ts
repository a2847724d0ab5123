// Checks "through the API, not only on screen": a signed raw call, signed in as the browser-mode app is,
// because it shares the app's data folder. It does what `companion api` does (the core a command makes, its
// platform caller, the app's own keychain items, the command's rawCall), in this worker's process: spawning the
// command cost each check a Node start and the whole CLI's load (1.3 to 3 s a call on these machines, ~100 calls).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import type { RunningApp } from './browser-mode-app.js';

export interface ApiAnswer {
  /** 0 for a 2xx answer, 1 for a failure (as `companion api` exits). */
  readonly code: number;
  /** The parsed JSON body of a successful answer; null for an empty one or a failure. */
  readonly body: unknown;
  /** What a failure said: the sentence, the HTTP status and the platform's error value (`not_found`…). */
  readonly output: string;
}

export interface ApiCallOptions {
  /** Form fields (POST and PUT), or query fields (GET and DELETE), as `companion api -f name=value`. */
  readonly fields?: Record<string, string>;
  /** Sign with the client-credentials token instead of the user's (`--client`). */
  readonly client?: boolean;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PlatformCaller = unknown;

/**
 * What this check uses of main/core.ts, main/cli/raw-call.ts and main/log/app-logger.ts, written out: importing
 * their types would typecheck all of main under this project's DOM types, which main is not written for.
 */
interface CoreModule {
  createCore(options: { shell: 'cli'; logger: AppLogger; dataDir: string }): Promise<{
    platformCaller(): Promise<PlatformCaller>;
    session: { close(): Promise<void> };
    keychain: { close(): void };
  }>;
}
interface RawCallModule {
  RAW_CALL_METHODS: ReadonlySet<string>;
  rawCall(caller: PlatformCaller, call: { method: HttpMethod; path: string; fields?: Record<string, string>; client?: boolean }): Promise<unknown>;
}
interface AppLogger {
  close(): void;
}
interface LoggerModule {
  createAppLogger(options: { directory: string; console: NodeJS.WritableStream; consoleLevel: 'warn' }): AppLogger;
  logDirectoryFor(dataDirectory: string): string;
}

/** The built core, as the command runs it (npm test builds first); loaded once per worker. */
const built = <T>(path: string) => import(pathToFileURL(fileURLToPath(new URL(`../../../build/main/${path}`, import.meta.url))).href) as Promise<T>;
let modules: Promise<[CoreModule, RawCallModule, LoggerModule]> | undefined;
const loadCore = () => (modules ??= Promise.all([built<CoreModule>('core.js'), built<RawCallModule>('cli/raw-call.js'), built<LoggerModule>('log/app-logger.js')]));

export async function callAppApi(app: RunningApp, method: string, path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> {
  const [{ createCore }, { RAW_CALL_METHODS, rawCall }, { createAppLogger, logDirectoryFor }] = await loadCore();
  const upper = method.toUpperCase() as HttpMethod;
  if (!RAW_CALL_METHODS.has(upper)) throw new Error(`api needs GET, POST, PUT or DELETE, not ${method}`);
  // The command's log file and its console level (warnings on this worker's stderr).
  const logger = createAppLogger({ directory: logDirectoryFor(app.dataDir), console: process.stderr, consoleLevel: 'warn' });
  const core = await createCore({ shell: 'cli', logger, dataDir: app.dataDir });
  try {
    const body = await rawCall(await core.platformCaller(), { method: upper, path, fields: options.fields ?? {}, client: options.client === true });
    return { code: 0, body, output: '' };
  } catch (error) {
    return { code: 1, body: null, output: failureWords(error) };
  } finally {
    await core.session.close();
    core.keychain.close();
    logger.close();
  }
}

/** A call that must succeed: its parsed body (null when empty). */
export async function appApi(app: RunningApp, method: string, path: string, fields: Record<string, string> = {}): Promise<unknown> {
  const answer = await callAppApi(app, method, path, { fields });
  expect(answer.code, `${method} ${path}: ${answer.output}`).toBe(0);
  return answer.body;
}

function failureWords(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { status, error: platformError } = error as { status?: unknown; error?: unknown };
  return typeof status === 'number' ? `${error.message} (HTTP ${status}, ${String(platformError)})` : error.message;
}
