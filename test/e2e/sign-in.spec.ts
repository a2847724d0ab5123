// Signing in from browser mode through the sandbox platform's own login page (the implicit flow with a
// MAC token), as a streamer would click it.
import { expect, test, type Page } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
});

async function openSignIn(page: Page): Promise<void> {
  await page.goto(`${app.url}#/sign-in`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
}

async function signOutIfSignedIn(page: Page): Promise<void> {
  await openSignIn(page);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  if (await signOut.isVisible()) await signOut.click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('Allow on the platform login page signs in (a bearer token through the code flow), and signing out forgets it', async ({ page }) => {
  await signOutIfSignedIn(page);
  await expect(page.getByText('Sandbox login:')).toBeVisible();
  await expect(page.getByTestId('mac-history-note')).toHaveCount(0);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();

  // The sandbox platform's page, not the app's; the code flow: the tab comes back with a one-time code only.
  await expect(page).toHaveURL(/\/oauth2\/authorize\?response_type=code&/);
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.screenshot({ path: 'test-results/screenshots/sandbox-login-page.png' });
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(new RegExp(`^${app.url}#/sign-in$`));
  await expect(page.getByTestId('signed-in')).toBeVisible();
  // The user name comes from signed API calls the sandbox accepted after the sign-in.
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
  await expect(page.getByTestId('token-type')).toHaveText('Bearer');
  await expect(page.getByTestId('account-area')).toContainText('demo');
  await page.screenshot({ path: 'test-results/screenshots/signed-in.png' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await expect(page.getByTestId('account-area')).toContainText('Not signed in');
});

test('a MAC token is a choice that says the browser history keeps it; it signs in with the broadcaster scope', async ({ page }) => {
  await signOutIfSignedIn(page);
  await page.getByTestId('ask-mac').check();
  await expect(page.getByTestId('mac-history-note')).toContainText("the browser's history keeps that address");
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\?response_type=token&/);
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
  await expect(page.getByTestId('token-type')).toContainText('MAC');
  await expect(page.getByTestId('token-type')).toContainText('broadcaster');
});

test('Deny on the login page says access was denied and stays signed out', async ({ page }) => {
  await signOutIfSignedIn(page);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize/);
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(new RegExp(`^${app.url}#/sign-in$`));
  await expect(page.getByTestId('sign-in-error')).toContainText('Access was denied');
  await expect(page.getByTestId('signed-out')).toBeVisible();
});

test('an answer whose state does not match the pending sign-in is refused', async ({ page, request }) => {
  await signOutIfSignedIn(page);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize/);
  const state = new URL(page.url()).searchParams.get('state');
  expect(state).toBeTruthy();

  // A forged answer: a token the app never asked for, with a made-up state.
  const forged = await request.get(`${app.origin}/oauth/callback`, {
    params: { access_token: 'a'.repeat(40), token_type: 'mac', mac_key: 'b'.repeat(40), mac_algorithm: 'hmac-sha-1', created_at: '1', state: `${state}x` },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain('did not match');

  // The real sign-in still completes afterwards.
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');

  // And its answer, replayed, is refused: a sign-in completes once.
  const replay = await request.get(`${app.origin}/oauth/callback`, { params: { access_token: 'a'.repeat(40), state: state! }, maxRedirects: 0 });
  expect(replay.status()).toBe(400);
});
