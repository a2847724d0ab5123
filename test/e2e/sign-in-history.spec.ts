// Browser-mode sign-in leaves no token in the browser: after a sign-in in a Chromium profile of its own, every
// file of the profile (History, cache, cookies, session) is scanned for the access token the app keeps in the
// keychain. The MAC choice, whose token comes back in the address, is the scan's own check: there the token is
// found, as the Sign-in panel warns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { defaultDataDir } from '../../main/settings/data-dir.js';
import { vaultServiceFor } from '../../main/vault/vault.js';
import { requireKeyring, secretTool } from '../support/keyring.js';
import { filesUnder, scanFiles } from '../support/secret-scan.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { chromiumArgs, chromiumExecutable } from './support/chromium.js';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startBrowserModeApp();
});
test.afterAll(async () => {
  await app.stop();
});

/** Signs in as demo in a fresh Chromium profile, closes it (its files written out) and scans them for the token. */
async function signInAndScan(mac: boolean): Promise<string[]> {
  const profile = mkdtempSync(join(tmpdir(), 'companion-chromium-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumExecutable, args: chromiumArgs });
    const page = await context.newPage();
    await page.goto(`${app.url}#/sign-in`);
    // The app may still be signed in from the last test (its sign-in lives in the core, not the browser).
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await expect(signOut.or(page.getByTestId('signed-out'))).toBeVisible();
    if (await signOut.isVisible()) await signOut.click();
    await expect(page.getByTestId('signed-out')).toBeVisible();
    if (mac) await page.getByTestId('ask-mac').check();
    await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('User name').fill('demo');
    await page.getByLabel('Password').fill('broadcast');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await context.close();

    const stored = secretTool(['lookup', 'service', vaultServiceFor(app.dataDir, defaultDataDir()), 'account', 'sandbox/token/user']);
    expect(stored.status).toBe(0);
    const token = JSON.parse(stored.stdout) as { type: string; accessToken: string; macKey?: string };
    expect(token.type).toBe(mac ? 'mac' : 'bearer');
    const secrets = [{ kind: 'access token', value: token.accessToken }, ...(token.macKey ? [{ kind: 'MAC key', value: token.macKey }] : [])];
    const findings = scanFiles(filesUnder(profile), secrets, profile).map(({ kind, where }) => `${kind} in ${where}`);
    return findings;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

test.describe.configure({ mode: 'serial' });

test('the default sign-in leaves no token anywhere in the Chromium profile', async () => {
  requireKeyring();
  expect(await signInAndScan(false)).toEqual([]);
});

test('the MAC choice leaves its token in the profile (the History), as the panel warns: the scan finds it', async () => {
  requireKeyring();
  const findings = await signInAndScan(true);
  expect(findings, 'where the token was found').toContainEqual(expect.stringMatching(/^access token in Default\/History$/));
});
