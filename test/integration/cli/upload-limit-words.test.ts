// `companion upload` says why it is slow: with the saved timetable in its reduced hours, the built CLI prints
// the reason in words once (not the limit's raw fields), and uploads under it. The embedded sandbox, a real clip.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeClip } from '../uploads/upload-media.js';

let home: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'companion-upload-limit-'));
  env = { COMPANION_DATA_DIR: join(home, 'data') };
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

function clock(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

it("prints why the upload is slow: the timetable's reduced hours, until they end", async () => {
  expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
  // Full speed only from two to three hours from now: the run is in the reduced hours, which end in two hours.
  const from = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const until = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const set = await runCli(['settings', 'set', 'upload-timetable', `${clock(from)}-${clock(until)},2M`], { env });
  expect(set.code, set.stderr).toBe(0);
  const clip = join(home, 'clip.mp4');
  await makeClip(clip);

  const run = await runCli(['upload', '--channel', '5001', clip], { env, timeoutMs: 90_000 });
  expect(run.code, run.stderr).toBe(0);
  const said = run.stdout.split('\n').filter((line) => line.startsWith('slowed'));
  expect(said, run.stdout).toEqual([`slowed to 2.0 MB/s: the timetable's reduced hours until ${clock(from)}`]);
  expect(run.stdout).toContain('Done: 1 complete, 0 failed, 0 rejected.');
}, 120_000);
