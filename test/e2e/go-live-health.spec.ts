// The Go live panel's health view while live, in browser mode with the sandbox platform and an ffmpeg
// encoder: the destinations with their health, the plot of the last minutes filling with points, and the
// encoder killed mid-broadcast and restarted, marked on the plot. Screenshots go to the test's output.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Encoders } from '../support/synthetic-encoder.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;
const encoders = new Encoders();

test.beforeAll(async () => {
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  encoders.killAll();
  await app.stop();
});

async function snapshot(page: Page, testInfo: TestInfo, name: string, testId?: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  if (testId) await page.getByTestId(testId).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** How many points a line of the plot has (its data-points attribute). */
async function points(page: Page, series: string): Promise<number> {
  const line = page.getByTestId('health-plot').locator(`[data-series="${series}"]`);
  return Number((await line.getAttribute('data-points')) ?? '0');
}

test('live: the destinations show their health, the plot fills, and an encoder drop is marked on it', async ({ page }, testInfo) => {
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

  const url = `${app.ingestUrl}/${key}`;
  let encoder = encoders.publish(url, 60);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await page.getByTestId('go-live-button').click();
  await expect(page.locator('[data-step="target-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });

  // The channel's row: live, with a bitrate measured by the relay.
  await expect(channelRow).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(channelRow.getByTestId('destination-bitrate')).toHaveText(/^\d+ kb\/s$/, { timeout: 15_000 });
  await expect(channelRow.getByRole('button', { name: /Reconnect .* now/ })).toBeEnabled();

  // The plot: stats every 2 s become points of the input line and of the channel's ingest line.
  await expect.poll(() => points(page, 'input'), { timeout: 20_000, intervals: [1000] }).toBeGreaterThanOrEqual(3);
  const ingestLine = page.getByTestId('health-plot').locator('path.plot-series').first();
  await expect.poll(async () => Number((await ingestLine.getAttribute('data-points')) ?? '0'), { timeout: 10_000, intervals: [1000] }).toBeGreaterThanOrEqual(2);
  await expect(ingestLine).toHaveAttribute('d', /^M[\d.]+ [\d.]+ L/);
  await expect(page.getByTestId('health-plot').locator('desc')).toContainText(/Encoder \(input\): \d+ kb\/s now/);
  await snapshot(page, testInfo, 'destinations-and-plot', 'destinations-section');

  // The encoder drops, then comes back within the relay's grace: both are marked on the plot.
  encoder.stop();
  await encoder.exited;
  await expect(page.getByTestId('plot-marks')).toContainText('Encoder lost', { timeout: 15_000 });
  await expect(page.getByTestId('health-plot').locator('[data-kind="encoder-lost"]')).toHaveCount(1);
  encoder = encoders.publish(url, 30);
  await expect(page.getByTestId('plot-marks')).toContainText('Encoder back', { timeout: 15_000 });
  await expect(channelRow).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await snapshot(page, testInfo, 'encoder-drop-marked', 'destinations-section');

  await page.getByTestId('end-button').click();
  await expect(page.getByTestId('go-live-button')).toBeVisible({ timeout: 15_000 });
  encoder.stop();
});
