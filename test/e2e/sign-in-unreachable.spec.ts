// Signing in to a platform whose authorization server does not answer (issue 22): the app checks before it
// leaves its tab, so the streamer stays in the Sign in panel and reads what happened and what to do, instead
// of the browser's "This site can't be reached" page with no message on the way back; and the addresses
// are fixed from the panel, right beside those words, and the sign-in then works (issue 22, finding 5).
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

let app: RunningApp;
let deadPort: number;
/** The platform the profile should have named: today's dialect, where the app is a native client. */
let platform: Sandbox;

test.beforeAll(async () => {
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  platform = await startSandbox();
  app = await startBrowserModeApp({
    prepare: (dataDir) =>
      writeFileSync(
        join(dataDir, 'profiles.json'),
        JSON.stringify({
          active: 'studio',
          profiles: {
            sandbox: { kind: 'sandbox' },
            studio: { kind: 'platform', apiUrl: `http://127.0.0.1:${deadPort}`, authUrl: `http://127.0.0.1:${deadPort}`, clientId: platform.nativeClient.id, dialect: 'current' },
          },
        }),
      ),
  });
});

test.afterAll(async () => {
  await app?.stop();
  await platform?.close();
});

test('finding 5: an authorization server that does not answer: the app keeps its tab and says what to check', async ({ page }) => {
  await page.goto(`${app.url}#/sign-in`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "The platform's sign-in page" })).toContainText(
    `The platform's sign-in page at http://127.0.0.1:${deadPort} cannot be reached (nothing answers at that address), so the sign-in did not start. Check the profile's sign-in page address and your connection, then sign in again.`,
  );
  // Still the app, still signed out, the button ready for another try.
  expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
  await expect(page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('sign-in-unreachable.png') });
});

test('finding 5: the addresses are fixed from the Sign in panel, beside the words, and the sign-in then works', async ({ page }) => {
  await page.goto(`${app.url}#/sign-in`);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert').filter({ hasText: "The platform's sign-in page" });
  await alert.getByRole('button', { name: 'Edit the addresses' }).click();

  const form = page.getByRole('form', { name: 'Addresses of the profile studio' });
  const signInPage = form.getByRole('textbox', { name: 'Sign-in page address' });
  // The field the words name has the focus, holding the address that failed.
  await expect(signInPage).toBeFocused();
  await expect(signInPage).toHaveValue(`http://127.0.0.1:${deadPort}`);
  // A typing slip is said in words, and nothing is saved.
  await signInPage.fill('127.0.0.1 port 5');
  await form.getByRole('button', { name: 'Save addresses' }).click();
  await expect(page.getByRole('alert')).toContainText("The sign-in page's address must be a web address starting with https://");
  await signInPage.fill(platform.authUrl);
  await form.getByRole('textbox', { name: 'API address' }).fill(platform.apiUrl);
  await form.getByRole('button', { name: 'Save addresses' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Platform: ${platform.apiUrl}.`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Settings names them too, for the other errors that say to check the profile's address.
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('platform-profile')).toContainText(`API address${platform.apiUrl}`);
  await expect(page.getByTestId('platform-profile')).toContainText(`Sign-in page address${platform.authUrl}`);
  await expect(page.getByRole('button', { name: 'Change addresses' })).toBeVisible();

  await signInAsDemo(page, app.url);
  await expect(page.getByTestId('token-type')).toContainText('Bearer');
});
