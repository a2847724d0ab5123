// A channel manager in the app (part A, "Channel managers"): sam, an active manager of demo's Demo Live and
// Backstage, signs in through the platform's login page. Every channel choice offers demo's channels marked
// "managed for demo"; the Channel panel says whose the channel is, saves an edit, and leaves deletion to
// the owner. The edit is checked through the platform's API, not only on screen.
import { expect, test, type Page } from '@playwright/test';
import { appApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { signInAs } from './support/sign-in-as-demo.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
});

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
}

test('a manager sees the channels they manage, marked, administers one and cannot delete it', async ({ page }) => {
  test.setTimeout(60_000);
  // sam owns no channel, so the platform never tells the app sam's name.
  await signInAs(page, app.url, 'sam', 'broadcast', 'a user of this platform');

  await openPanel(page, 'Go live');
  await expect(page.getByTestId('channel-select').locator('option')).toHaveText(['Demo Live (managed for demo)', 'Backstage (managed for demo)']);

  await openPanel(page, 'Channel');
  const backstage = await page.getByTestId('channel-choice').locator('option', { hasText: 'Backstage' }).getAttribute('value');
  await page.getByTestId('channel-choice').selectOption(backstage!);
  await expect(page.getByTestId('channel-facts')).toContainText('You manage this channel for demo');
  await expect(page.getByTestId('channel-delete')).toHaveCount(0);
  await expect(page.getByTestId('channel-delete-owner-only')).toHaveText("Only demo, the channel's owner, can delete it: managers cannot.");

  const description = `Edited by sam, a manager (${Date.now()})`;
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => ((await appApi(app, 'GET', `/channels/${backstage!}.json`)) as { channel: { description: string } }).channel.description).toBe(description);
  await page.screenshot({ path: 'test-results/screenshots/managed-channel.png' });
});
