// One account's data is not shown to the next: after a sign-out and a sign-in as another user, the
// panels show only the new user's channels, and Go live offers the new user's channel (the last
// account's saved choice is not theirs). Checked against the platform through the new user's API. The
// upload queue is each user's own: another user of the profile does not see (or run) the first one's.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { appApi } from './support/app-api.js';
import { signInAs, signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

// The second test starts from the first one's sign-in (browser mode's session is the app's).
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let media: string;

test.beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'companion-e2e-accounts-'));
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, 'demo-only.mp4')]);
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
  rmSync(media, { recursive: true, force: true });
});

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('account-area').click();
  await page.getByTestId('signed-in').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
}

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
}

test('after signing out and in as another user, the panels and Go live show only that user\'s channels', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page, app.url);
  await openPanel(page, 'Go live');
  await expect(page.getByTestId('channel-select')).toHaveValue(/\d+/);
  const backstage = await page.getByTestId('channel-select').locator('option', { hasText: 'Backstage' }).getAttribute('value');
  await page.getByTestId('channel-select').selectOption(backstage!);
  await expect(page.getByTestId('channel-select')).toHaveValue(backstage!);
  await expect(page.locator('[data-step="channel-chosen"]')).toContainText(`Backstage (${backstage!})`);
  await openPanel(page, 'Channel');
  await expect(page.getByTestId('channel-facts')).toBeVisible();
  await expect(page.getByTestId('channel-choice').locator('option')).toContainText(['Demo Live', 'Backstage']);

  await signOut(page);
  await signInAs(page, app.url, 'rival', 'broadcast');
  const rivalChannels = ((await appApi(app, 'GET', '/users/self/channels.json')) as { channels: { id: string; title: string }[] }).channels;
  expect(rivalChannels.map((channel) => channel.title)).toEqual(['Rival Channel']);

  await openPanel(page, 'Channel');
  await expect(page.getByTestId('channel-choice')).toHaveValue(rivalChannels[0]!.id);
  await expect(page.getByTestId('channel-choice').locator('option')).toHaveText([/^Rival Channel/]);
  await openPanel(page, 'Go live');
  // Demo's saved choice (Backstage) is not rival's: Go live offers rival's own channel.
  await expect(page.getByTestId('channel-select')).toHaveValue(rivalChannels[0]!.id);
  await expect(page.getByTestId('channel-select').locator('option')).toHaveText([/^Rival Channel/]);
  // The core's choice, not only the select's first option.
  await expect(page.locator('[data-step="channel-chosen"]')).toHaveAttribute('data-state', 'ok');
  await expect(page.locator('[data-step="channel-chosen"]')).toContainText(`Rival Channel (${rivalChannels[0]!.id})`);
});

test("another user of the profile gets an upload queue of their own; the first user's waits for them", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url);
  await signOut(page);
  await signInAsDemo(page, app.url);
  await openPanel(page, 'Uploads');
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  // Paused, so the file waits in demo's queue.
  await page.getByTestId('pause-all').click();
  await page.getByTestId('upload-path').fill(join(media, 'demo-only.mp4'));
  await page.getByTestId('add-path').click();
  await expect(page.getByTestId('upload-row')).toHaveCount(1);
  await expect(page.getByTestId('upload-row')).toContainText('demo-only');

  await signOut(page);
  await signInAs(page, app.url, 'rival', 'broadcast');
  await openPanel(page, 'Uploads');
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  await expect(page.getByTestId('upload-totals')).toBeVisible();
  await expect(page.getByTestId('upload-row')).toHaveCount(0);

  await signOut(page);
  await signInAsDemo(page, app.url);
  await openPanel(page, 'Uploads');
  await expect(page.getByTestId('upload-row')).toHaveCount(1);
  await expect(page.getByTestId('upload-row')).toContainText('demo-only');
});
