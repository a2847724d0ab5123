// A streamer whose settings files were damaged (a crash, a full disk) still gets a working app: the files
// are reset, kept aside and named in banners. The Settings panel copies a diagnostics text for bug reports.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp({
    prepare: (dataDir) => {
      writeFileSync(join(dataDir, 'live.json'), '{"recordWhenLive": tru');
      writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ active: 'studio', profiles: { studio: { kind: 'platform', apiUrl: 'nope' } } }));
    },
  });
});

test.afterAll(async () => {
  await app.stop();
});

test('damaged settings files are reset, kept aside and named in banners, also after a reload', async ({ page }) => {
  await page.goto(app.url);
  const banners = page.locator('.notice');
  await expect(banners.filter({ hasText: 'live.json' })).toHaveCount(1);
  await expect(banners.filter({ hasText: 'profiles.json' })).toContainText('studio');
  await page.reload();
  await expect(banners.filter({ hasText: 'live.json' })).toHaveCount(1);
  const files = readdirSync(app.dataDir);
  expect(files.filter((name) => name.startsWith('live.json.corrupt-'))).toHaveLength(1);
  expect(files.filter((name) => name.startsWith('profiles.json.corrupt-'))).toHaveLength(1);
});

test('Copy diagnostics puts versions and the log on the clipboard', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${app.url}#/settings`);
  // The two banners arrive after the panel and push it down: a click aimed before they land misses.
  await expect(page.locator('.notice')).toHaveCount(2);
  await page.getByTestId('copy-diagnostics').click();
  await expect(page.getByTestId('copy-diagnostics')).toHaveText('Copied');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain('Broadcaster Companion diagnostics');
  expect(text).toContain('running as browser');
  expect(text).toContain('--- companion.log ---');
  // The recovery warnings went to the log file too.
  expect(text).toContain('live.json');
  expect(existsSync(join(app.dataDir, 'logs', 'companion.log'))).toBe(true);
  await context.close();
});
