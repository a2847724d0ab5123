// Browser mode's header shows what the desktop app's tray shows: offline, then live while the encoder's
// stream is relayed, recording while the cloud recorder runs, offline again after End; uploading while
// files wait or go. And the Settings panel's hotkeys: a clash is refused in a sentence, a valid change is
// kept, and a corrupt desktop.json gives the defaults and says why.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Encoders } from '../support/synthetic-encoder.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { endStream } from './support/end-stream.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

// The later tests use the first one's sign-in (browser mode's session is the app's, not the page's).
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let media: string;
const encoders = new Encoders();

test.beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'companion-e2e-status-'));
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, 'clip.mp4')]);
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  encoders.killAll();
  await app.stop();
  rmSync(media, { recursive: true, force: true });
});

test('the header follows going live, recording and ending, whichever panel is open', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page, app.url);
  const status = page.getByTestId('app-status');
  await expect(status).toHaveAttribute('data-indicator', 'offline');
  await expect(status).toHaveText('Offline');

  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('channel-select')).toHaveValue(/\d+/);
  const key = await revealStreamKey(page);
  const encoder = encoders.publish(`${app.ingestUrl}/${key}`, 40);
  await expect(page.locator('[data-step="encoder-connected"]')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });

  await page.getByTestId('go-live-button').click();
  await expect(status).toHaveAttribute('data-indicator', 'live', { timeout: 15_000 });
  await expect(status).toHaveAttribute('data-live', 'live', { timeout: 15_000 });
  // The sandbox's demo user goes live on its default channel.
  await expect(status).toHaveText('Live on Demo Live');

  // The header is the app's, not the panel's: it stays on another panel.
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Settings' }).click();
  await expect(status).toHaveAttribute('data-indicator', 'live');
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();

  await page.getByTestId('record-button').click();
  await expect(status).toHaveAttribute('data-indicator', 'recording', { timeout: 10_000 });
  await expect(status).toContainText('recording');
  await page.screenshot({ path: 'test-results/screenshots/app-status-recording.png' });
  await page.getByTestId('record-button').click();
  await expect(status).toHaveAttribute('data-indicator', 'live', { timeout: 15_000 });

  await endStream(page);
  await expect(status).toHaveAttribute('data-indicator', 'offline', { timeout: 15_000 });
  await expect(status).toHaveText('Offline');
  encoder.stop();

  // A page opened now (another browser tab) starts from the same status, asked of the core.
  const second = await page.context().newPage();
  await second.goto(app.url);
  await expect(second.getByTestId('app-status')).toHaveAttribute('data-indicator', 'offline');
  await second.close();
});

test('the header says uploading while a file waits in the paused queue, and offline once it is done', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${app.url}#/uploads`);
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  const status = page.getByTestId('app-status');
  // Paused first, so the file waits and the state cannot pass unseen.
  await page.getByTestId('pause-all').click();
  await page.getByTestId('upload-path').fill(join(media, 'clip.mp4'));
  await page.getByTestId('add-path').click();
  await expect(status).toHaveAttribute('data-indicator', 'uploading');
  await expect(status).toHaveText('Uploads paused 1 file (0%)');
  await page.getByTestId('resume-all').click();
  await expect(page.getByTestId('upload-row')).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-indicator', 'offline');
});

test('the Settings panel refuses two actions on one hotkey in a sentence and keeps a valid change', async ({ page }) => {
  await page.goto(`${app.url}#/settings`);
  const section = page.getByTestId('desktop-settings');
  await expect(section).toContainText('These work in the desktop app; browser mode keeps them for it.');
  await expect(page.getByTestId('hotkey-toggle-live')).toHaveValue('CommandOrControl+Shift+F9');

  await page.getByTestId('hotkey-panic').fill('shift+cmdorctrl+f9');
  await page.getByTestId('hotkeys-save').click();
  await expect(page.getByTestId('desktop-settings-error')).toHaveText('Panic: end everything: CommandOrControl+Shift+F9 is already the hotkey for "Go live / End"; give each action its own keys.');

  await page.getByTestId('hotkey-panic').fill('alt+shift+end');
  await page.getByTestId('hotkeys-save').click();
  await expect(page.getByTestId('desktop-settings-done')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByTestId('hotkey-panic')).toHaveValue('Alt+Shift+End');
});

test('a corrupt desktop.json opens with the default hotkeys and says why until saved', async ({ page }) => {
  const broken = await startBrowserModeApp({ prepare: (dataDir) => writeFileSync(join(dataDir, 'desktop.json'), '{ "hotkeys": ') });
  try {
    await page.goto(`${broken.url}#/settings`);
    await expect(page.getByTestId('desktop-settings-file-problem')).toContainText('could not be read (not JSON');
    await expect(page.getByTestId('hotkey-toggle-live')).toHaveValue('CommandOrControl+Shift+F9');
    await page.getByTestId('hotkeys-save').click();
    await expect(page.getByTestId('desktop-settings-done')).toHaveText('Saved.');
    await expect(page.getByTestId('desktop-settings-file-problem')).toHaveCount(0);
  } finally {
    await broken.stop();
  }
});
