// The Go live panel as a control room, in browser mode with the sandbox platform and an ffmpeg encoder:
// the pinned strip says LIVE and its uptime ticks; the encoder killed mid-broadcast raises the alarm (red,
// role alert, the time since, what the app does and what to do) while the header, the checklist and On
// air all say the same thing; the encoder back clears it; End stream asks, Undo takes it back, and the
// second time it ends. Screenshots (live, the drop, the drop in dark mode) go to the test's output.
import { expect, test } from '@playwright/test';
import type { Encoder } from '../support/synthetic-encoder.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { snapshot } from './support/snapshot.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { sharedApp } from './support/shared-app.js';
import { startBrowserModeApp } from './support/browser-mode-app.js';

const live = sharedApp();

/** Seconds in a clock reading: "0:01:07" → 67, "0:23" → 23. */
function seconds(text: string): number {
  return (/(\d+(?::\d\d)+)/.exec(text)?.[1] ?? '0').split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
}

test('findings 1, 7 and 10: the strip, the fps within ±1 of a 30 fps encoder, the alarm through an encoder drop (header, checklist and On air agree), End with confirm and Undo', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemo(page, live.app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  const strip = page.getByTestId('control-strip');
  await expect(strip.getByTestId('air-status')).toHaveText('OFF AIR');
  const url = `${live.app.ingestUrl}/${await revealStreamKey(page)}`;
  let encoder: Encoder = live.encoders.publish(url, 60);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await page.getByTestId('go-live-button').click();

  // Live: the strip says so, its uptime ticks, the encoder's input is shown; it stays in view when the panel scrolls.
  await expect(strip.getByTestId('air-status')).toHaveText('LIVE', { timeout: 15_000 });
  const uptime = strip.getByTestId('uptime');
  await expect(uptime).toHaveText(/^0:00:\d\d$/);
  const first = seconds((await uptime.textContent())!);
  await expect.poll(async () => seconds((await uptime.textContent())!), { timeout: 5000, intervals: [500] }).toBeGreaterThan(first);
  await expect(strip.getByTestId('input-bitrate')).toHaveText(/^\d+ kb\/s$/, { timeout: 10_000 });
  // Finding 7: the encoder sends 30 fps (testsrc2 rate=30), and the strip says so within ±1.
  await expect
    .poll(async () => Number(/([\d.]+) fps$/.exec((await strip.getByTestId('input-fps').textContent()) ?? '')?.[1] ?? 'NaN'), { timeout: 10_000, intervals: [500] })
    .toBeGreaterThanOrEqual(29);
  for (let sample = 0; sample < 3; sample++) {
    const fps = Number(/([\d.]+) fps$/.exec((await strip.getByTestId('input-fps').textContent()) ?? '')?.[1]);
    expect(fps, 'the fps the strip shows for a 30 fps encoder').toBeGreaterThanOrEqual(29);
    expect(fps, 'the fps the strip shows for a 30 fps encoder').toBeLessThanOrEqual(31);
    await page.waitForTimeout(1000);
  }
  await page.getByTestId('alarm-settings').scrollIntoViewIfNeeded();
  await expect(strip).toBeInViewport();
  await snapshot(page, testInfo, 'control-room-live');

  // The encoder drops: one alarm, and every view reads the same state.
  encoder.stop();
  await encoder.exited;
  const alarm = page.getByRole('alert').filter({ hasText: 'Encoder lost' });
  await expect(alarm).toContainText(/Encoder lost \d:\d\d ago/, { timeout: 15_000 });
  await expect(alarm).toContainText(/Holding the stream with a slate for \d:\d\d/);
  await expect(alarm).toContainText('Check the encoder');
  await expect(strip).toBeInViewport();
  await expect(strip.getByTestId('air-status')).toHaveText('LIVE');
  await expect(strip.getByTestId('input-bitrate')).toHaveText('encoder lost');
  await expect(page.getByTestId('app-status')).toContainText('Live — encoder lost');
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'failed');
  await expect(page.locator('[data-step="encoder-connected"]')).toContainText(/Lost \d:\d\d ago/);
  await expect(page.getByTestId('channel-status')).toHaveText('Live');
  await expect(page.getByTestId('encoder-status')).toContainText(/lost \d:\d\d ago/);
  await snapshot(page, testInfo, 'control-room-encoder-drop');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snapshot(page, testInfo, 'control-room-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The encoder back: the alarm clears and the header and checklist follow.
  encoder = live.encoders.publish(url, 60);
  await expect(alarm).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('app-status')).not.toContainText('encoder lost');
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok');

  // End stream asks first; Undo within the window keeps the show on air.
  await page.getByTestId('end-button').click();
  await page.getByRole('button', { name: 'Yes, end it' }).click();
  await expect(page.getByTestId('end-pending')).toContainText(/Ending in 0:0[1-5]/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('end-button')).toBeVisible();
  await page.waitForTimeout(5000);
  await expect(strip.getByTestId('air-status')).toHaveText('LIVE');
  // Confirmed and not undone, it ends when the window runs out.
  await page.getByTestId('end-button').click();
  await page.getByRole('button', { name: 'Yes, end it' }).click();
  await expect(page.getByTestId('go-live-button')).toBeVisible({ timeout: 15_000 });
  await expect(strip.getByTestId('air-status')).toHaveText('OFF AIR');
  await expect(page.getByTestId('app-status')).toHaveText('Offline');
  encoder.stop();
});

test('finding 6: in an 800×600 window Go live is in view without scrolling, and stays there when the panel scrolls', async ({ page }) => {
  // An app of its own: the journey above has signed in and out of the first one.
  const small = await startBrowserModeApp();
  await page.setViewportSize({ width: 800, height: 600 });
  await signInAsDemo(page, small.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  const goLive = page.getByRole('button', { name: 'Go live', exact: true }).and(page.getByTestId('go-live-button'));
  await expect(goLive).toBeInViewport({ ratio: 1 });
  await page.getByTestId('alarm-settings').scrollIntoViewIfNeeded();
  await expect(goLive).toBeInViewport({ ratio: 1 });
  await small.stop();
});
