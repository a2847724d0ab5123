// Checks "through the API, not only on screen": a signed raw call with the command line
// (`companion api`), signed in as the browser-mode app is, because it shares the app's data folder.
import { expect } from '@playwright/test';
import { runCli } from '../../support/built-cli.js';
import type { RunningApp } from './browser-mode-app.js';

export interface ApiAnswer {
  /** The command's exit code: 0 for a 2xx answer. */
  readonly code: number;
  /** The parsed JSON body of a successful answer; null for an empty one or a failure. */
  readonly body: unknown;
  /** What the command printed (stdout then stderr): the platform's error for a failure. */
  readonly output: string;
}

export interface ApiCallOptions {
  /** Form fields (`-f name=value`). */
  readonly fields?: Record<string, string>;
  /** Sign with the client-credentials token instead of the user's (`--client`). */
  readonly client?: boolean;
}

export async function callAppApi(app: RunningApp, method: string, path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> {
  const args = ['api', method, path, ...Object.entries(options.fields ?? {}).flatMap(([key, value]) => ['-f', `${key}=${value}`]), ...(options.client ? ['--client'] : [])];
  const result = await runCli(args, { env: { COMPANION_DATA_DIR: app.dataDir } });
  const text = result.stdout.trim();
  return { code: result.code ?? -1, body: result.code === 0 && text !== '' ? (JSON.parse(text) as unknown) : null, output: `${result.stdout}${result.stderr}` };
}

/** A call that must succeed: its parsed body (null when empty). */
export async function appApi(app: RunningApp, method: string, path: string, fields: Record<string, string> = {}): Promise<unknown> {
  const answer = await callAppApi(app, method, path, { fields });
  expect(answer.code, `${method} ${path}: ${answer.output}`).toBe(0);
  return answer.body;
}
