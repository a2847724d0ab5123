// Issue 22, finding 10 (the smaller things), in browser mode: the video list shows thumbnails and who may
// watch each video, and follows its filters without a button (one request for a typed word); a saved edit
// says "Saved"; the favicon answers without the launch token; the icons are drawn, not emoji.
import { expect, test } from '@playwright/test';
import { sharedApp } from './support/shared-app.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

const EMOJI = /\p{Extended_Pictographic}/u;

test.describe('small things', () => {
  test.describe.configure({ mode: 'serial' });
  const shared = sharedApp();

  test('the favicon answers without the token, and the page links it', async ({ page, request }) => {
    const icon = await request.get(`${shared.app.origin}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
    await page.goto(shared.app.url);
    const linked = await page.locator('link[rel="icon"]').evaluate((link: HTMLLinkElement) => link.href);
    expect((await request.get(linked)).status()).toBe(200);
  });

  test('the video list shows thumbnails and protection, and follows its filters without a button', async ({ page }) => {
    const calls: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => void (String(payload).includes('"videos.page"') && calls.push(String(payload)))));
    await signInAsDemo(page, shared.app.url);
    await page.goto(`${shared.app.url}#/videos`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Protection' })).toBeVisible();
    await expect(table.getByRole('img', { name: /^Thumbnail of / }).first()).toBeAttached();

    // Both kinds listed together: each row still says which it is.
    await expect(table.getByRole('row', { name: /Rehearsal \(unlisted\)/ }).getByRole('cell', { name: 'Private', exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: /Behind the scenes/ }).getByRole('cell', { name: 'Public', exact: true })).toBeVisible();

    await page.getByLabel('Protection').selectOption('private');
    await expect(table.getByRole('row', { name: /Rehearsal \(unlisted\)/ }).getByRole('cell', { name: 'Private', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Public', exact: true })).toHaveCount(0);

    const before = calls.length;
    await page.getByLabel('Search titles, descriptions and captions').pressSequentially('microphone', { delay: 40 });
    await expect(table.getByRole('row', { name: /Q&A night/ })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Public', exact: true })).toHaveCount(1);
    // Once the typing pauses, not per key: one ask for the ten keys (two when a busy machine delays a key
    // past the settle time).
    expect(calls.length - before).toBeGreaterThanOrEqual(1);
    expect(calls.length - before).toBeLessThanOrEqual(2);
  });

  test('a saved edit says "Saved", which then fades', async ({ page }) => {
    await page.goto(`${shared.app.url}#/videos`);
    await page.getByTestId('video-open').first().click();
    await page.getByLabel('Description').fill('Saved from the small-things journey.');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('status').filter({ hasText: /^Saved$/ });
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 8_000 });
  });

  test('the navigation and the buttons are drawn without emoji', async ({ page }) => {
    await page.goto(`${shared.app.url}#/uploads`);
    await page.getByTestId('upload-path').fill(shared.app.dataDir);
    await page.getByTestId('browse-button').click();
    await expect(page.getByTestId('folder-browser')).toBeVisible();
    const labels = [...(await page.getByRole('navigation', { name: 'Panels' }).getByRole('button').allTextContents()), ...(await page.getByRole('button').allTextContents())];
    expect(labels.length).toBeGreaterThan(12);
    expect(labels.filter((label) => EMOJI.test(label))).toEqual([]);
  });
});
