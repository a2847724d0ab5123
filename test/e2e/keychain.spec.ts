// The app without a keychain, as a streamer on a headless machine meets it: the banner says secrets last
// until the app quits, why, and what fixes it; signing in and the local ingest key work for the run. And a
// keychain that appears mid-run: the banner goes and the sign-in moves into it (checked with secret-tool).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startKeyringDaemon, startPrivateBus } from '../support/private-bus.js';
import { startBrowserModeApp } from './support/browser-mode-app.js';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

const BANNER_TITLE = 'No keychain — sign-ins and keys last until the app quits.';

test('without a keychain the banner says why and what fixes it, and sign-in and the stream key work for the run', async ({ page }) => {
  const app = await startBrowserModeApp({ env: { DBUS_SESSION_BUS_ADDRESS: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined } });
  try {
    expect(app.ready.keychain).toMatchObject({ mode: 'memory', problem: 'no-session-bus' });
    await page.goto(app.url);
    const banner = page.locator('.keychain-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(BANNER_TITLE);
    await expect(banner).toContainText('Why: there is no desktop session bus (D-Bus)');
    await expect(banner).toContainText('sudo apt-get install -y gnome-keyring');
    await page.screenshot({ path: 'test-results/screenshots/no-keychain-banner.png' });

    await signInAsDemo(page, app.url);
    // The sign-in lives in the core's memory: a reload of the window keeps it, and the banner stays.
    await page.reload();
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await expect(banner).toContainText(BANNER_TITLE);

    await page.getByRole('button', { name: 'Try the keychain again' }).click();
    await expect(page.getByRole('button', { name: 'Try the keychain again' })).toBeEnabled();
    await expect(banner).toContainText(BANNER_TITLE);

    await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
    const key = await revealStreamKey(page);
    expect(key).toMatch(/^live_[A-Za-z0-9_-]{20}$/);
    await expect(page.getByTestId('ingest-key-note')).toContainText('New at each start while there is no keychain');
  } finally {
    await app.stop();
  }
});

test('a keychain that appears mid-run: the banner goes, and the sign-in made without it moves into it', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'companion-e2e-bus-'));
  const bus = await startPrivateBus(home);
  const app = await startBrowserModeApp({ env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });
  try {
    expect(app.ready.keychain).toMatchObject({ mode: 'memory', problem: 'no-secret-service' });
    await page.goto(app.url);
    const banner = page.locator('.keychain-banner');
    await expect(banner).toContainText(BANNER_TITLE);
    await expect(banner).toContainText('no keychain service');
    await signInAsDemo(page, app.url);

    const daemon = await startKeyringDaemon(bus, 'login-password');
    try {
      // The app asks again by itself every 15 s; the button asks now.
      await page.getByRole('button', { name: 'Try the keychain again' }).click();
      await expect(banner).toHaveCount(0);
      const service = `Broadcaster Companion (${app.dataDir})`;
      const lookup = spawnSync('secret-tool', ['lookup', 'service', service, 'account', 'sandbox/token/user'], { env: bus.env, encoding: 'utf8', timeout: 10_000 });
      expect(lookup.status).toBe(0);
      expect(JSON.parse(lookup.stdout)).toMatchObject({ type: 'bearer', accessToken: expect.stringMatching(/^[0-9a-f]{40}$/) });
      await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    } finally {
      await daemon.stop();
    }
  } finally {
    await app.stop();
    await bus.stop();
    rmSync(home, { recursive: true, force: true });
  }
});

test('a keychain that does not answer (a prompt): the window says it waits, and goes back to normal when it answers', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'companion-e2e-bus-'));
  const bus = await startPrivateBus(home);
  const daemon = await startKeyringDaemon(bus, 'login-password');
  const app = await startBrowserModeApp({ env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });
  try {
    expect(app.ready.keychain).toMatchObject({ mode: 'keychain' });
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
    const oldKey = await revealStreamKey(page);
    await expect(page.locator('.keychain-banner, .keychain-waiting')).toHaveCount(0);
    await expect(page.getByTestId('ingest-key-note')).toHaveCount(0);

    // Frozen, the daemon keeps its name on the bus and answers nothing: what a keychain showing a prompt does.
    daemon.pause();
    await page.getByRole('button', { name: 'New key' }).click();
    const waiting = page.locator('.keychain-waiting');
    await expect(waiting).toContainText('Waiting for the keychain…');
    await expect(waiting).toContainText(/in [01]:\d\d\./);
    await page.screenshot({ path: 'test-results/screenshots/keychain-waiting.png' });

    daemon.resume();
    await expect(waiting).toHaveCount(0);
    await expect(page.locator('.keychain-banner')).toHaveCount(0);
    await expect(page.getByTestId('ingest-key')).not.toHaveText(oldKey);
    const service = `Broadcaster Companion (${app.dataDir})`;
    const lookup = spawnSync('secret-tool', ['lookup', 'service', service, 'account', 'sandbox/local-ingest-key'], { env: bus.env, encoding: 'utf8', timeout: 10_000 });
    expect(lookup.stdout).toMatch(/^live_/);
    expect(lookup.stdout).not.toBe(oldKey);
  } finally {
    daemon.resume();
    await app.stop();
    await daemon.stop();
    await bus.stop();
    rmSync(home, { recursive: true, force: true });
  }
});
