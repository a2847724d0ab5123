// Issue 22, finding 6 (layout), as a streamer meets it at 1280×800 in browser mode: no panel makes the window
// scroll (the header never slides away), the first Tab stop skips to the panel's heading, text fields read
// like the selects beside them, the upload queue's first row is in view once files are added, and a notice
// shows only in the panel it belongs to and passes by itself when it is information.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { makeClip } from './support/make-clip.js';
import { PANELS } from './support/panels.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

test.use({ viewport: { width: 1280, height: 800 } });

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('layout and notices', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;
  let media: string;

  test.beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'companion-e2e-layout-'));
    await makeClip(join(media, 'short-clip.mp4'));
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
    rmSync(media, { recursive: true, force: true });
  });

  test('no panel makes the window scroll; the skip link is the first Tab stop and lands on the heading', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page, app.url);
    for (const panel of PANELS) {
      await page.goto(`${app.url}#/${panel}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/).first()).toBeHidden({ timeout: 10_000 });
      const { scrollHeight, clientHeight } = await page.evaluate(() => ({ scrollHeight: document.scrollingElement!.scrollHeight, clientHeight: document.scrollingElement!.clientHeight }));
      expect(scrollHeight, `${panel}: the window scrolls`).toBeLessThanOrEqual(clientHeight);
    }

    await page.goto(`${app.url}#/videos`);
    await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeFocused();
  });

  test('text fields read like the selects beside them', async ({ page }) => {
    await page.goto(`${app.url}#/uploads`);
    const style = (element: HTMLElement | SVGElement) => {
      const computed = getComputedStyle(element);
      return { fontSize: computed.fontSize, fontFamily: computed.fontFamily, borderStyle: computed.borderTopStyle };
    };
    const field = await page.getByRole('textbox').first().evaluate(style);
    const select = await page.getByRole('combobox').first().evaluate(style);
    expect(field).toEqual(select);
    expect(field.borderStyle).toBe('solid');
  });

  test('the queue is in view once files are added; its notice stays in Uploads and passes by itself', async ({ page }) => {
    test.setTimeout(60_000);
    await page.clock.install();
    await page.goto(`${app.url}#/uploads`);
    await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
    await page.getByTestId('upload-path').fill(join(media, 'short-clip.mp4'));
    await page.getByTestId('add-path').click();
    const firstRow = page.getByRole('table', { name: 'Upload queue' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText('short-clip');
    await expect(firstRow).toBeInViewport();

    const done = page.getByRole('status').filter({ hasText: /Uploads done: 1 uploaded/ });
    await expect(done).toBeVisible({ timeout: 40_000 });
    await openPanel(page, 'Videos');
    await expect(page.getByText(/Uploads done/)).toHaveCount(0);
    await openPanel(page, 'Uploads');
    await expect(done).toBeVisible();
    // Information goes after about 8 s (warnings and errors stay until dismissed).
    await page.clock.fastForward(9_000);
    await expect(page.getByText(/Uploads done/)).toHaveCount(0);
  });
});
