// Runs the built `companion` command as a child process and reads its JSON lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const builtCli = fileURLToPath(new URL('../../build/main/cli/companion.js', import.meta.url));

export interface RunningCommand {
  readonly child: ChildProcess;
  /** The first JSON line with the awaited event ("ready" unless told otherwise). */
  readonly ready: Record<string, unknown>;
  /** Every JSON line after it. */
  readonly lines: Record<string, unknown>[];
  /** Everything on stderr so far. */
  stderr(): string;
  stop(): Promise<number | null>;
}

export async function startCommand(args: string[], timeoutMs = 20_000, env: NodeJS.ProcessEnv = {}, readyEvent = 'ready'): Promise<RunningCommand> {
  if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run \`npm run build\` (npm test builds first).`);
  const child = spawn(process.execPath, [builtCli, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Record<string, unknown>[] = [];
  const reader = createInterface({ input: child.stdout! });
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`companion ${args[0]} was not ready in ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`companion ${args[0]} exited with ${code} before it was ready; stderr: ${stderr}`)));
    reader.on('line', (line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (parsed.event === readyEvent) {
        clearTimeout(timer);
        resolve(parsed);
      } else {
        lines.push(parsed);
      }
    });
  });
  return {
    child,
    ready,
    lines,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one `companion` command to its end. */
export async function runCli(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run \`npm run build\` (npm test builds first).`);
  const child = spawn(process.execPath, [builtCli, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
