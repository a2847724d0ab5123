// The Security panel in browser mode, against the embedded sandbox. Locks: a password set and removed, the
// embed lock with an allowed address, an address the platform refuses (400), a page lock on a channel
// deleted behind the app's back (404) rolled back. Viewer settings: hiding the viewer count (the platform
// has no read call, so the sandbox's state file is the check). Viewer authentication: set (201), replaced
// (204), a URL the platform refuses (400 invalid_type), removed; and the hash calculator. Every change is
// checked afterwards through the API. A plan without the locks and settings (402) shows plan notes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi, callAppApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { demoWithout } from './support/seeded-sandbox.js';

async function openSecurityPanel(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
}

/** A signed raw call through the command line, signed in as the app is; the parsed JSON body (null when empty). */
const api = appApi;

test.describe('the Security panel', () => {
  // The second test uses the first one's sign-in.
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;

  async function createChannel(title: string): Promise<string> {
    return ((await api(app, 'POST', '/users/self/channels.json', { title })) as { channel: { id: string } }).channel.id;
  }

  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('locks and viewer settings: changes kept, refusals explained and rolled back, checked through the API', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    const channel = await createChannel('E2E Security');
    const vanishing = await createChannel('E2E Security Vanishing');
    await openSecurityPanel(page);
    await page.getByTestId('security-channel').selectOption(channel);
    await expect(page.getByTestId('password-state')).toHaveText('No password: anyone can watch.');

    // Password: checked in the form first, then set.
    await page.getByTestId('password-save').click();
    await expect(page.getByTestId('password-problem')).toHaveText('Enter a password.');
    await page.getByTestId('password-input').fill('front row only');
    await page.getByTestId('password-save').click();
    await expect(page.getByTestId('password-state')).toHaveText('Viewers need a password to watch.');
    expect(await api(app, 'GET', `/channels/${channel}/locks/password.json`)).toEqual({ enabled: true });

    // Embedding: locked to one address; an address the platform refuses (400 invalid_request) is explained.
    await page.getByTestId('embed-locked').check();
    await expect(page.getByTestId('security-done')).toContainText('Embedding is restricted');
    await page.getByTestId('allowed-url-input').fill('https://fans.example.com/live');
    await page.getByTestId('allowed-url-add').click();
    await expect(page.getByTestId('allowed-urls')).toContainText('https://fans.example.com/live');
    await page.getByTestId('allowed-url-input').fill('http://[::1');
    await page.getByTestId('allowed-url-add').click();
    await expect(page.getByTestId('security-error')).toContainText('The platform refused http://[::1 as an allowed address');
    expect(await api(app, 'GET', `/channels/${channel}/locks/embed.json`)).toEqual({ locked: 'TRUE' });
    expect(await api(app, 'GET', `/channels/${channel}/locks/embed/allowed-urls.json`)).toEqual({ allowed_urls: ['https://fans.example.com/live'] });

    // Viewer settings: the platform answers but cannot be asked back; the sandbox's state file holds them.
    await page.getByTestId('viewer-setting-hideViewers').getByRole('button', { name: 'Hide the count' }).click();
    await expect(page.getByTestId('viewer-setting-hideViewers-state')).toHaveText('on');
    // The sandbox writes its state file just after it answers: read until the change is there.
    const savedHideViewers = () => (JSON.parse(readFileSync(join(app.dataDir, 'sandbox', 'state.json'), 'utf8')) as { security: Record<string, { hideViewers: boolean }> }).security[channel]?.hideViewers;
    await expect.poll(savedHideViewers, { timeout: 5000 }).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/security-locks.png', fullPage: true });

    // Page lock on a channel deleted behind the app's back: 404, said in words, the switch rolled back.
    await page.getByTestId('security-channel').selectOption(vanishing);
    await expect(page.getByTestId('page-locked')).not.toBeChecked();
    await api(app, 'DELETE', `/channels/${vanishing}.json`);
    // click, not check(): the switch goes back, which check() would take for a failed click.
    await page.getByTestId('page-locked').click();
    await expect(page.getByTestId('security-error')).toContainText('This channel no longer exists');
    await expect(page.getByTestId('page-locked')).not.toBeChecked();

    // Back on the first channel: the password removed.
    await page.getByTestId('security-channel').selectOption(channel);
    await page.getByTestId('password-remove').click();
    await expect(page.getByTestId('password-state')).toHaveText('No password: anyone can watch.');
    expect(await api(app, 'GET', `/channels/${channel}/locks/password.json`)).toEqual({ enabled: false });
  });

  test('viewer authentication: set (new), replaced, a URL the platform refuses, removed; the hash calculator', async ({ page }) => {
    test.setTimeout(120_000);
    // Signed in by the first test (the app keeps the sign-in).
    await page.goto(app.url);
    const channel = await createChannel('E2E Viewer Auth');
    await openSecurityPanel(page);
    await page.getByTestId('security-channel').selectOption(channel);
    await expect(page.getByTestId('hash-lock-state')).toHaveText('Off: no sign-in needed.');

    await page.getByTestId('hash-lock-url').fill('https://auth.example.com/start');
    await page.getByTestId('hash-lock-secret').fill('shared-one');
    await page.getByTestId('hash-lock-save').click();
    await expect(page.getByTestId('viewer-auth-done')).toContainText('Viewer authentication is on');
    await expect(page.getByTestId('hash-lock-state')).toContainText('On (advanced): https://auth.example.com/start');
    await expect(page.getByTestId('hash-lock-secret')).toHaveValue('');

    await page.getByTestId('hash-lock-type').selectOption('basic');
    await page.getByTestId('hash-lock-url').fill('https://auth.example.com/v2');
    await page.getByTestId('hash-lock-secret').fill('shared-two');
    await page.getByTestId('hash-lock-save').click();
    await expect(page.getByTestId('viewer-auth-done')).toContainText('replaced');
    const read = (await api(app, 'GET', `/channels/${channel}/locks/hash.json`)) as { hashlock: { type: string; url: string } };
    expect(read.hashlock).toMatchObject({ type: 'basic', url: 'https://auth.example.com/v2' });
    expect(JSON.stringify(read)).not.toContain('shared-');

    // An address the platform refuses (400 invalid_type): explained, the lock as it was.
    await page.getByTestId('hash-lock-url').fill('http://[::1');
    await page.getByTestId('hash-lock-secret').fill('shared-three');
    await page.getByTestId('hash-lock-save').click();
    await expect(page.getByTestId('viewer-auth-error')).toContainText('http://[::1 was refused');
    expect(((await api(app, 'GET', `/channels/${channel}/locks/hash.json`)) as { hashlock: { url: string } }).hashlock.url).toBe('https://auth.example.com/v2');

    // The calculator: `printf '%s' 'viewer@example.com|1700000000|s3cret' | md5sum` and with hashExpire.
    await page.getByTestId('hash-calc-secret').fill('s3cret');
    await expect(page.getByTestId('hash-calc-hash')).toHaveText('db9466e636aae8bbf2d8f82eb30e49d7');
    await page.getByTestId('hash-calc-expire').fill('1893456000');
    await expect(page.getByTestId('hash-calc-hash')).toHaveText('6caf1f7a028834c6adf6f37de1ec05f8');
    await expect(page.getByTestId('hash-calc-json')).toHaveText(
      '{"user":"viewer@example.com","time":"1700000000","hashExpire":1893456000,"hash":"6caf1f7a028834c6adf6f37de1ec05f8"}',
    );
    await expect(page.getByTestId('hash-calc-text')).not.toContainText('s3cret');
    await page.screenshot({ path: 'test-results/screenshots/security-viewer-auth.png', fullPage: true });

    await page.getByTestId('hash-lock-remove').click();
    await expect(page.getByTestId('hash-lock-state')).toHaveText('Off: no sign-in needed.');
    expect(await api(app, 'GET', `/channels/${channel}/locks/hash.json`)).toEqual({ hashlock: null });
  });
});

test.describe('security on a plan without the locks and viewer settings', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    // The embedded sandbox starts from this state: the demo account without the four benefits.
    app = await startBrowserModeApp({
      prepare: demoWithout('embed_restriction', 'page_lock', 'sharing_control', 'multi_quality'),
    });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('the platform\'s 402 answers are plan notes, not failures, and the API agrees', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page, app.url);
    await openSecurityPanel(page);
    await expect(page.getByTestId('embed-plan-note')).toContainText('Your plan does not include embed restriction');
    await expect(page.getByTestId('page-plan-note')).toContainText('Your plan does not include the page lock');
    await expect(page.getByTestId('embed-locked')).toHaveCount(0);
    await page.getByTestId('viewer-setting-multiQuality').getByRole('button', { name: 'Transcode into several qualities' }).click();
    await expect(page.getByTestId('security-plan-note')).toContainText('Your plan does not include multi-quality transcoding');
    await expect(page.getByTestId('security-error')).toHaveCount(0);
    await expect(page.getByTestId('viewer-setting-multiQuality-state')).toHaveText('not changed here');
    await page.screenshot({ path: 'test-results/screenshots/security-plan.png', fullPage: true });

    const channels = (await api(app, 'GET', '/users/self/channels.json')) as { channels: { id: string }[] };
    const result = await callAppApi(app, 'GET', `/channels/${channels.channels[0]!.id}/locks/embed.json`);
    expect(result.code).toBe(1);
    expect(result.output).toContain('invalid_request');
  });
});
