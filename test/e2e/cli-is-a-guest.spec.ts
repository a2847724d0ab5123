// Findings 4 and 9 as a streamer meets them: the command line used before opening the app (a second
// profile set up against a platform that does not answer, a broadcast on another channel with --record, a
// mistyped flag) leaves the app opening as it was: the sandbox profile, its own channel, "Record when
// live" off. The command's own JSON lines say each fact once (one encoder-connected, one stopped, the
// recording with its video id) and a mistyped flag is an `error` event with "did you mean".
import { expect, test } from '@playwright/test';
import { runCli, startCommand } from '../support/built-cli.js';
import { Encoders } from '../support/synthetic-encoder.js';
import { until } from '../support/until.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp | undefined;
const encoders = new Encoders();

test.afterAll(async () => {
  encoders.killAll();
  await app?.stop();
});

const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('findings 4 and 9: the command line is a guest, and its JSON says each fact once', async ({ page }) => {
  test.setTimeout(90_000);
  let liveLines: Record<string, unknown>[] = [];
  let mistyped: Record<string, unknown>[] = [];
  app = await startBrowserModeApp({
    prepare: async (dataDir) => {
      const env = { COMPANION_DATA_DIR: dataDir };
      expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
      // The streamer's own choices, saved through the explicit command.
      expect((await runCli(['settings', 'set', 'channel', '5001'], { env })).code).toBe(0);
      expect((await runCli(['settings', 'set', 'record-when-live', 'off'], { env })).code).toBe(0);
      // A second profile whose platform does not answer: its login fails, and the app must not open on it.
      await runCli(['--profile', 'studio', 'login', '--api-url', 'http://127.0.0.1:9', '--auth-url', 'http://127.0.0.1:9', '--client-id', 'cid'], { env: { ...env, COMPANION_CLIENT_SECRET: 'cs' } });
      // A broadcast on another channel, recorded.
      const live = await startCommand(['live', '--channel', '5002', '--record', '--listen', 'rtmp://127.0.0.1:0/live'], 30_000, env, 'listening');
      const encoder = encoders.publish(`${String(live.ready.url)}/${String(live.ready.key)}`, 30);
      await until(() => live.lines.find((line) => line.event === 'recording' && line.state === 'started'), 'the recording started', 25_000);
      await live.stop();
      encoder.stop();
      liveLines = live.lines;
      mistyped = jsonLines((await runCli(['--json', 'live', '--recrod'], { env })).stdout);
    },
  });

  // What the app opens with: the sandbox profile signed in, its own channel, no recording when live.
  await page.goto(app.url);
  await expect(page.getByTestId('account-area')).toContainText('sandbox');
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('channel-select')).toHaveValue('5001', { timeout: 15_000 });
  await expect(page.getByRole('checkbox', { name: 'Record when live' })).not.toBeChecked();

  // The command's lines: each fact once, the recording with its video id, `stopped` last.
  const count = (event: string) => liveLines.filter((line) => line.event === event).length;
  expect(count('encoder-connected')).toBe(1);
  expect(count('stopped')).toBe(1);
  expect(liveLines.at(-1)).toMatchObject({ event: 'stopped' });
  const recordings = liveLines.filter((line) => line.event === 'recording');
  expect(recordings.map((line) => line.state)).toEqual(['started', 'stopped']);
  expect(recordings[0]!.videoId).toEqual(expect.any(String));
  expect(recordings[1]!.videoId).toBe(recordings[0]!.videoId);
  // A mistyped flag: an error event a script can read, with the flag meant.
  expect(mistyped).toEqual([expect.objectContaining({ event: 'error', kind: 'usage', message: expect.stringContaining('--record') })]);
});
