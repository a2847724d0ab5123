// Issue 22, finding 8 (developer words reach users), in browser mode: a video saved with an empty title is
// refused in words (no "title:" path, no method name), with the technical detail behind "Details"; a file
// the platform could not process shows its whole reason in the queue, not a line cut off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeVideo } from '../support/fake-video.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

test.describe('words for people', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;
  let media: string;

  test.beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'companion-e2e-words-'));
    // Starts like an mp4 (so the app takes it), but is not one: the platform's processing ends in error.
    writeFileSync(join(media, 'not-a-video.mp4'), Buffer.concat([fakeVideo('mp4', 12), Buffer.from('this is text, not a video\n'.repeat(100))]));
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
    rmSync(media, { recursive: true, force: true });
  });

  test('a video saved with an empty title is refused in words, with the detail behind Details', async ({ page }) => {
    await signInAsDemo(page, app.url);
    await page.goto(`${app.url}#/videos`);
    await page.getByTestId('video-open').first().click();
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();

    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText('The title is required.');
    await expect(refusal).not.toContainText('title:');
    const details = page.getByRole('group').filter({ has: page.getByText('Details', { exact: true }) });
    await expect(details.getByText(/argument 1\.title/)).toBeHidden();
    await details.getByText('Details', { exact: true }).click();
    await expect(details.getByText(/videos\.edit was called with invalid arguments \(argument 1\.title\)/)).toBeVisible();
  });

  test("a file the platform could not process shows the whole reason in its row", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`${app.url}#/uploads`);
    await page.getByTestId('upload-path').fill(join(media, 'not-a-video.mp4'));
    await page.getByTestId('add-path').click();
    const row = page.getByRole('table', { name: 'Upload queue' }).getByRole('row').filter({ hasText: 'not-a-video' });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^Failed/, { timeout: 45_000 });
    const reason = row.getByTestId('upload-failure');
    await reason.getByText(/could not process/).first().click();
    // Opened, the reason is shown whole (wrapped), not cut at the row's width.
    const whole = reason.getByRole('paragraph');
    await expect(whole).toBeVisible();
    const fits = await whole.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1);
    expect(fits).toBe(true);
    await expect(whole).toContainText('The platform could not process the file');
  });
});
