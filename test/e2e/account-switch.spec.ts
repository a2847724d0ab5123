// One account's data is not shown to the next: after a sign-out and a sign-in as another user, the
// panels show only the new user's channels, and Go live offers the new user's channel (the last
// account's saved choice is not theirs). Checked against the platform through the new user's API.
import { expect, test, type Page } from '@playwright/test';
import { appApi } from './support/app-api.js';
import { signInAs, signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

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

test('after signing out and in as another user, the panels and Go live show only that user\'s channels', async ({ page }) => {
  test.setTimeout(60_000);
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

  await page.getByTestId('account-area').click();
  await page.getByTestId('signed-in').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
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
