// Signing in to a platform whose authorization server does not answer (issue 22): the app checks before it
// leaves its tab, so the streamer stays in the Sign in panel and reads what happened and what to do, instead
// of the browser's "This site can't be reached" page with no message on the way back.
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;
let deadPort: number;

test.beforeAll(async () => {
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  app = await startBrowserModeApp({
    prepare: (dataDir) =>
      writeFileSync(
        join(dataDir, 'profiles.json'),
        JSON.stringify({
          active: 'studio',
          profiles: {
            sandbox: { kind: 'sandbox' },
            studio: { kind: 'platform', apiUrl: `http://127.0.0.1:${deadPort}`, authUrl: `http://127.0.0.1:${deadPort}`, clientId: 'companion', dialect: 'current' },
          },
        }),
      ),
  });
});

test.afterAll(async () => {
  await app.stop();
});

test('an authorization server that does not answer: the app keeps its tab and says what to check', async ({ page }) => {
  await page.goto(`${app.url}#/sign-in`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "The platform's sign-in page" })).toContainText(
    `The platform's sign-in page at http://127.0.0.1:${deadPort} cannot be reached (nothing answers at that address), so the sign-in did not start. Check the profile's authorization address in Settings`,
  );
  // Still the app, still signed out, the button ready for another try.
  expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
  await expect(page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('sign-in-unreachable.png') });
});
