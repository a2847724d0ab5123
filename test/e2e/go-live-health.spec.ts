// The Go live panel's health view while live, in browser mode with the sandbox platform and an ffmpeg
// encoder: the safety copy switched on into a folder, a second destination (an nginx-rtmp server this
// test runs) added by address and key, both destinations live with their health, the plot of the last
// minutes filling with points for the input and each destination, the encoder killed mid-broadcast (the
// bridge's countdown while it holds) and restarted, the second server killed (its failure and next try
// shown, the channel unaffected) and back with "Reconnect now" (all marked on the plot), and after the
// broadcast the copy offered for upload. Screenshots go to
// the test's output.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startNginxRtmp, type NginxRtmp } from '../support/nginx-rtmp.js';
import { Encoders } from '../support/synthetic-encoder.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { snapshot } from './support/snapshot.js';
import { endStream } from './support/end-stream.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;
let second: NginxRtmp;
let copyFolder: string;
const encoders = new Encoders();

test.beforeAll(async () => {
  [app, second, copyFolder] = await Promise.all([startBrowserModeApp(), startNginxRtmp(), mkdtemp(join(tmpdir(), 'safety-copy-e2e-'))]);
});

test.afterAll(async () => {
  encoders.killAll();
  await Promise.all([app?.stop(), second?.close(), copyFolder && rm(copyFolder, { recursive: true, force: true })]);
});

/** How many points a line of the plot has (its data-points attribute). */
async function points(page: Page, series: string): Promise<number> {
  const line = page.getByTestId('health-plot').locator(`[data-series="${series}"]`);
  return Number((await line.getAttribute('data-points')) ?? '0');
}

/** The seconds a countdown shows ("… holding for 0:47" → 47). */
function seconds(text: string): number {
  const [, minutes, secs] = /(\d+):(\d\d)/.exec(text) ?? [];
  return Number(minutes) * 60 + Number(secs);
}

/** The bytes nginx has recorded so far, all files together. */
async function recordedBytes(): Promise<number> {
  return (await second.recordings()).reduce((sum, file) => sum + file.size, 0);
}

test('live to two destinations with a safety copy: health, plot, the bridge through an encoder drop, a destination down and back, the copy offered after', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsDemo(page, app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('ingest-url')).toContainText(app.ingestUrl);
  const key = await revealStreamKey(page);
  await expect(page.getByTestId('channel-select')).toHaveValue(/\d+/);

  // Before going live: the channel is the one destination, idle, and the plot says it fills while live.
  const channelRow = page.locator('[data-testid="destination-row"][data-destination="channel"]');
  await expect(channelRow).toContainText('Channel: Demo Live');
  await expect(channelRow).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('health-plot').locator('desc')).toContainText('Nothing measured yet');

  // The safety copy: the switch waits for a folder, then turns on.
  const copySwitch = page.getByTestId('safety-copy-switch');
  await expect(copySwitch).toBeDisabled();
  await page.getByTestId('safety-copy-folder').fill(copyFolder);
  await copySwitch.click();
  await expect(copySwitch).toBeChecked();
  await expect(page.getByTestId('safety-copy-folder')).toHaveValue(copyFolder);

  // The bridge: on by default; its window set to 45 s (saved when the field is left).
  await expect(page.getByTestId('bridge-switch')).toBeChecked();
  await expect(page.getByTestId('bridge-seconds')).toHaveValue('60');
  await page.getByTestId('bridge-seconds').fill('45');
  await page.getByTestId('bridge-seconds').blur();
  await page.reload();
  await expect(page.getByTestId('bridge-seconds')).toHaveValue('45');
  await expect(page.getByTestId('safety-copy-switch')).toBeChecked();

  // A second destination by address and key (typed into a password field).
  const form = page.getByTestId('add-destination');
  await form.getByText('An RTMP address').click();
  await form.getByTestId('destination-label').fill('Second platform');
  await form.getByTestId('destination-url').fill(second.url);
  await expect(form.getByTestId('destination-key')).toHaveAttribute('type', 'password');
  await form.getByTestId('destination-key').fill('panel-e2e');
  await form.getByTestId('add-destination-button').click();
  const secondRow = page.getByTestId('destination-row').filter({ hasText: 'Second platform' });
  await expect(secondRow).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('destination-row')).toHaveCount(2);
  await expect(page.getByTestId('destination-row').first()).toHaveAttribute('data-destination', 'channel');
  await expect(secondRow.getByRole('switch')).toBeChecked();

  const url = `${app.ingestUrl}/${key}`;
  let encoder = encoders.publish(url, 60);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await page.getByTestId('go-live-button').click();
  await expect(page.locator('[data-step="target-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });

  // Both destinations live, each with a bitrate measured by the relay; nginx receives the stream.
  for (const row of [channelRow, secondRow]) {
    await expect(row).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(row.getByTestId('destination-bitrate')).toHaveText(/^\d+ kb\/s$/, { timeout: 15_000 });
    await expect(row.getByRole('button', { name: /^Reconnect now: / })).toBeEnabled();
  }
  await expect.poll(recordedBytes, { timeout: 15_000, intervals: [1000] }).toBeGreaterThan(100_000);
  const secondId = (await secondRow.getAttribute('data-destination'))!;
  await expect(page.getByTestId('safety-copy-current')).toContainText(/Writing .+ — \d/, { timeout: 15_000 });

  // The plot: stats every 2 s become points of the input line and of each destination's line.
  await expect.poll(() => points(page, 'input'), { timeout: 20_000, intervals: [1000] }).toBeGreaterThanOrEqual(3);
  for (const series of ['channel', secondId]) await expect.poll(() => points(page, series), { timeout: 10_000, intervals: [1000] }).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('health-plot').locator('[data-series="channel"]')).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
  await expect(page.getByTestId('health-plot').locator('desc')).toContainText(/Encoder \(input\): \d+ kb\/s now/);
  await expect(page.getByTestId('health-plot').locator('desc')).toContainText(/Second platform: \d+ kb\/s now/);
  await snapshot(page, testInfo, 'destinations-and-plot', { testId: 'destinations-section' });
  await snapshot(page, testInfo, 'safety-copy-writing', { testId: 'safety-copy' });

  // The encoder drops: the bridge holds every destination with its slate and the panel counts down;
  // the encoder comes back within the window and the broadcast goes on. All of it is marked on the plot.
  await expect(page.getByTestId('bridge-switch')).toBeChecked();
  await expect(page.getByTestId('alarm-doing')).toHaveCount(0);
  encoder.stop();
  await encoder.exited;
  const countdown = page.getByTestId('alarm-doing');
  await expect(countdown).toContainText(/Holding the stream with a slate for 0:\d\d/, { timeout: 15_000 });
  const shown = (await countdown.textContent())!;
  expect(seconds(shown)).toBeLessThanOrEqual(45);
  // It counts down: a later reading is lower (it ticks each second).
  await expect.poll(async () => seconds((await countdown.textContent())!), { timeout: 5000, intervals: [500] }).toBeLessThan(seconds(shown));
  await snapshot(page, testInfo, 'bridge-countdown', { testId: 'live-alarm' });
  await expect(page.getByTestId('plot-marks')).toContainText('Encoder lost', { timeout: 15_000 });
  await expect(page.getByTestId('health-plot').locator('[data-kind="encoder-lost"]')).toHaveCount(1);
  await expect(page.getByTestId('health-plot').locator('[data-kind="bridge-started"]')).toHaveCount(1);
  encoder = encoders.publish(url, 30);
  await expect(countdown).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('plot-marks')).toContainText('Encoder back', { timeout: 15_000 });
  await expect(page.getByTestId('health-plot').locator('[data-kind="bridge-ended"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(channelRow).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await snapshot(page, testInfo, 'encoder-drop-marked', { testId: 'destinations-section' });

  await expect(secondRow).toHaveAttribute('data-state', 'live', { timeout: 15_000 });

  // The second platform goes down: its row says why and counts down to the next try while the channel
  // stays live; the drop is marked on the plot. It comes back on its port and "Reconnect now" takes it live.
  const port = second.port;
  second.kill();
  await expect(secondRow.getByTestId('destination-failure')).toContainText('Last failure:', { timeout: 15_000 });
  await expect(secondRow.getByTestId('destination-retry')).toContainText(/Next try in \d+:\d\d/, { timeout: 20_000 });
  await expect(channelRow).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('health-plot').locator('[data-kind="drop"]').first()).toBeAttached();
  await snapshot(page, testInfo, 'destination-down', { testId: 'destinations' });
  await second.close();
  second = await startNginxRtmp({ port });
  await secondRow.getByRole('button', { name: 'Reconnect now: Second platform' }).click();
  await expect(secondRow).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect.poll(recordedBytes, { timeout: 15_000, intervals: [1000] }).toBeGreaterThan(0);

  // After the broadcast: the copy's file, offered for upload.
  await endStream(page);
  await expect(page.getByTestId('go-live-button')).toBeVisible({ timeout: 15_000 });
  encoder.stop();
  await expect(page.getByTestId('safety-copy-files')).toContainText(/\.flv \d/, { timeout: 15_000 });
  await expect(page.getByTestId('safety-copy-upload')).toHaveText('Upload the copy');
  await snapshot(page, testInfo, 'safety-copy-after', { testId: 'safety-copy' });
});
