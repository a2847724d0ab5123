// A wrong password on the sandbox platform's login page, in browser mode: the page says so, keeps the user
// name, and offers to create an account or reset the password; both pages lead back to the same sign-in,
// which then completes with the right password (issue 17; spec part A, "wrong credentials").
import { expect, test, type Page } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
});

/** The sign-in request the login page shows, as the address carries it. */
function signInRequest(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function expectLoginPageOf(page: Page, request: Record<string, string>): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
  expect(signInRequest(page)).toEqual(request);
}

test('a wrong password keeps the user name and offers sign-up and password reset, which lead back to the same sign-in', async ({ page }) => {
  await page.goto(`${app.url}#/sign-in`);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\?response_type=code&/);
  const request = signInRequest(page);
  expect(request.state).toBeTruthy();

  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByRole('alert')).toHaveText('The user name or password is wrong. Try again.');
  await expect(page.getByLabel('User name')).toHaveValue('demo');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/sandbox-login-wrong-password.png' });

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
  await expect(page.getByText('On the real platform, this page creates an account')).toBeVisible();
  await expect(page.getByText('The sandbox platform does not create accounts.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'demo' })).toHaveText('demo: the streamer, with channels and videos; password broadcast');
  await page.screenshot({ path: 'test-results/screenshots/sandbox-signup-page.png' });
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expectLoginPageOf(page, request);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page.getByText('On the real platform, this page e-mails a link')).toBeVisible();
  await expect(page.getByText('The sandbox platform sends no e-mail')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/sandbox-password-reset-page.png' });
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expectLoginPageOf(page, request);

  // The app accepts the answer only for the state it sent, so this also proves the request came back unchanged.
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.url}#/sign-in$`));
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
});
