// Signing in from browser mode to today's platform: the sandbox profile in the current dialect, the sandbox's
// login page reached with code + PKCE (no client secret in the app), a bearer token that renews itself, and a
// sign-out that revokes it at the platform.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp({
    prepare: (dataDir) => writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ active: 'sandbox', profiles: { sandbox: { kind: 'sandbox', dialect: 'current' } } })),
  });
});

test.afterAll(async () => {
  await app.stop();
});

test('Allow on the login page signs in with code + PKCE; the token renews itself; signing out revokes it', async ({ page }) => {
  await page.goto(`${app.url}#/sign-in`);
  await expect(page.getByTestId('profile-dialect')).toContainText('as it runs today');
  // Today's platform has neither MAC tokens nor the offline scope to choose.
  await expect(page.getByTestId('ask-mac')).toHaveCount(0);
  await expect(page.getByText('Stay signed in')).toHaveCount(0);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/authorize\?response_type=code&/);
  const address = new URL(page.url());
  expect(address.pathname).toBe('/authorize');
  expect(address.searchParams.get('code_challenge_method')).toBe('S256');
  expect(address.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(new RegExp(`^${app.url}#/sign-in$`));
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
  await expect(page.getByTestId('token-type')).toContainText('Bearer');
  await expect(page.getByTestId('token-expiry')).toContainText('Renews itself');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
});
