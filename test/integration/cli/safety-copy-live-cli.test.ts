// `companion live --copy FOLDER` as run from a terminal (issue 20): the built CLI goes live on a channel of
// the embedded sandbox with ffmpeg as the encoder, writes the safety copy of the broadcast into the folder
// given for this run (not saved), and tells it in its --json lines.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { codecsOf, durationOf, firstFrameKey } from '../../support/flv-checks.js';
import { requireKeyring } from '../../support/keyring.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const encoders = new Encoders();
const running: RunningCommand[] = [];
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'companion-copy-live-'));
});

afterAll(async () => {
  encoders.killAll();
  for (const command of running) if (command.child.exitCode === null && command.child.signalCode === null) await command.stop();
  await rm(work, { recursive: true, force: true });
});

const publishUrl = (command: RunningCommand) => `${String(command.ready.url)}/${String(command.ready.key)}`;
const event = (command: RunningCommand, name: string) => command.lines.filter((line) => line.event === name);

it('companion live --copy writes the copy of a broadcast on a channel, and tells it in its JSON lines', async () => {
  requireKeyring();
  const env = { COMPANION_DATA_DIR: join(work, 'data') };
  expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
  const folder = join(work, 'live');
  await mkdir(folder);
  const live = await startCommand(['live', '--channel', '5002', '--listen', 'rtmp://127.0.0.1:0/live', '--copy', folder], 30_000, env, 'listening');
  running.push(live);
  expect(await encoders.publish(publishUrl(live), 5).exited).toBe(0);
  const started = await until(() => event(live, 'copy-started')[0], 'copy-started');
  await until(() => event(live, 'encoder-disconnected')[0], 'encoder-disconnected');
  expect(await live.stop()).toBe(0);
  const closed = event(live, 'copy-file-closed');
  expect(closed).toEqual([{ event: 'copy-file-closed', path: started.path, bytes: expect.any(Number), durationSeconds: expect.any(Number) }]);
  expect(event(live, 'copy-stopped')).toEqual([{ event: 'copy-stopped', reason: 'ended' }]);
  expect(await codecsOf(String(started.path))).toEqual(['aac', 'h264']);
  // The copy is of the broadcast: it starts as the command goes live (the encoder publishes from the
  // listening line on, a moment earlier), at the keyframe before, and ends with the encoder.
  const duration = await durationOf(String(started.path));
  expect(duration).toBeGreaterThan(1);
  expect(duration).toBeLessThan(5.5);
  expect(await firstFrameKey(String(started.path))).toMatch(/^1/);
  // The folder was for this run, like the channel (issue 22: the command is a guest): no live settings were saved.
  await expect(readFile(join(work, 'data', 'live.json'), 'utf8')).rejects.toThrow('ENOENT');
}, 45_000);
