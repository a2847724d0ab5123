// Going live from the Go live panel as a streamer does it: the encoder (ffmpeg) set up with the panel's
// address and key, Go live relays to the sandbox platform, a cloud recording, then End.
import { expect, test } from '@playwright/test';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { endStream } from './support/end-stream.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { sharedApp } from './support/shared-app.js';

const live = sharedApp();

test('the encoder publishes to the panel address, Go live relays it to the channel, a recording is made, End stops it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page, live.app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();

  await expect(page.getByTestId('ingest-url')).toContainText(live.app.ingestUrl);
  const key = await revealStreamKey(page);
  await expect(page.getByTestId('channel-select')).toHaveValue(/\d+/);
  await expect(page.locator('[data-step="signed-in"]')).toHaveAttribute('data-state', 'ok');

  const encoder = live.encoders.publish(`${live.app.ingestUrl}/${key}`, 40);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });

  await page.getByTestId('go-live-button').click();
  await expect(page.locator('[data-step="target-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await expect(page.getByTestId('targets')).toContainText('(active)');
  await expect(page.getByTestId('channel-status')).toHaveText('Live', { timeout: 15_000 });
  await expect(page.getByTestId('encoder-status')).toContainText('h264');
  await page.screenshot({ path: 'test-results/screenshots/go-live.png', fullPage: true });

  // The show goes on: signing out while live is refused in a sentence, and the account stays.
  await page.getByTestId('account-area').click();
  await page.getByTestId('signed-in').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'End the stream before signing out' })).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('channel-status')).toHaveText('Live');

  await page.getByTestId('record-button').click();
  await expect(page.getByTestId('record-button')).toContainText('Stop recording', { timeout: 10_000 });
  await expect(page.getByTestId('record-limit')).toContainText('Recording stops by itself in');
  await page.waitForTimeout(3000);
  await page.getByTestId('record-button').click();
  await expect(page.getByText(/Last recording: video \d+/)).toBeVisible({ timeout: 15_000 });
  // Finding 10: the last recording is a link to its video, not plain text.
  const videoLink = page.getByTestId('last-recording').getByRole('link', { name: /^video \d+$/ });
  const videoId = /\d+/.exec((await videoLink.textContent())!)![0];
  await expect(videoLink).toHaveAttribute('href', new RegExp(`^https?://.*${videoId}`));

  await page.getByTestId('autorecord-select').selectOption('private');
  await expect(page.getByTestId('autorecord-select')).toHaveValue('private');
  await expect(page.getByTestId('live-error')).toHaveCount(0);

  await endStream(page);
  await expect(page.getByTestId('go-live-button')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('channel-status')).toHaveText('Off air', { timeout: 20_000 });
  encoder.stop();
});

test('a wrong key in the encoder is refused and the panel says what to check; Dismiss hides it, the right key answers it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${live.app.url}#/go-live`);
  await expect(page.getByTestId('ingest-url')).toContainText(live.app.ingestUrl);
  const encoder = live.encoders.publish(`${live.app.ingestUrl}/not-the-key`, 5);
  await expect(page.getByTestId('live-error')).toContainText('Check the stream key in the encoder', { timeout: 15_000 });
  expect(await encoder.exited).not.toBe(0);

  // Dismissed: gone, also after a reload (the core forgot it too).
  await page.getByTestId('live-error').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('live-error')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('ingest-url')).toContainText(live.app.ingestUrl);
  await expect(page.getByTestId('live-error')).toHaveCount(0);

  // Refused again, then the encoder set right: the error goes by itself once the right key connects.
  live.encoders.publish(`${live.app.ingestUrl}/still-not-the-key`, 5);
  await expect(page.getByTestId('live-error')).toContainText('Check the stream key in the encoder', { timeout: 15_000 });
  const fixed = live.encoders.publish(`${live.app.ingestUrl}/${await revealStreamKey(page)}`, 10);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await expect(page.getByTestId('live-error')).toHaveCount(0);
  fixed.stop();
});
