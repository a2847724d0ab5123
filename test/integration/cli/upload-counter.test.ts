// Issue 22: `companion upload`'s progress bar on a terminal counts this run's files, not those an earlier
// run finished that the queue still lists. The built CLI on a pseudo-terminal (util-linux `script`), the
// embedded sandbox, real clips; the second run is slowed with --limit-rate so its bar is drawn.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { builtCli, runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeClip } from '../uploads/upload-media.js';

let home: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'companion-upload-counter-'));
  env = { COMPANION_DATA_DIR: join(home, 'data') };
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Runs the command on a terminal of its own; what the terminal showed. */
function onTerminal(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const line = [process.execPath, builtCli, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', line, '/dev/null'], { env: { ...process.env, ...env, COLUMNS: '200' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

it("counts only this run's files: two uploaded before, one now shows 1 complete, never 3", async () => {
  expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
  const clips = ['one.mp4', 'two.mp4', 'three.mp4'].map((name) => join(home, name));
  await Promise.all(clips.map((clip) => makeClip(clip)));
  const first = await runCli(['--json', 'upload', '--channel', '5001', clips[0]!, clips[1]!], { env, timeoutMs: 90_000 });
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout.split('\n').filter((line) => line.includes('"event":"complete"'))).toHaveLength(2);

  const second = await onTerminal(['upload', '--channel', '5001', '--limit-rate', '32k', clips[2]!], 90_000);
  expect(second.code, second.output).toBe(0);
  const counted = [...second.output.matchAll(/\((\d+) complete, (\d+) to go\)/g)].map((match) => Number(match[1]));
  // The bar was drawn while the file went out, and never counted the earlier run's two.
  expect(counted.length, second.output).toBeGreaterThan(0);
  expect(Math.max(...counted)).toBeLessThanOrEqual(1);
  expect(second.output).toContain('Done: 1 complete, 0 failed, 0 rejected.');
}, 180_000);
