// The Branding panel in browser mode, against the embedded sandbox, on a plan with co-branding but not
// full branding: the branding type (co saved; full refused with the platform's 402 as a plan note and
// rolled back), the logo (a 300 x 300 file refused in the browser before upload; a 170 x 170 one uploaded
// with its preview), the logo settings; the background colour (set; a bad hex refused before sending; the
// platform's 404 for a channel deleted behind the app's back rolled back) and the channel picture (a
// non-square file refused before upload; a square one uploaded). Each checked afterwards through the API.
import { expect, test, type Page } from '@playwright/test';
import { testImage } from '../support/test-images.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi, callAppApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { demoWithout } from './support/seeded-sandbox.js';

test.describe('the Branding panel', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;

  const call = (method: string, path: string) => callAppApi(app, method, path);
  const api = (method: string, path: string, fields: Record<string, string> = {}) => appApi(app, method, path, fields);

  async function channelIdOf(title: string): Promise<string> {
    const body = (await api('GET', '/users/self/channels.json')) as { channels: { id: string; title: string }[] };
    const found = body.channels.find((channel) => channel.title === title);
    if (!found) throw new Error(`No channel "${title}".`);
    return found.id;
  }

  async function openBrandingPanel(page: Page, channelId: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Branding' }).click();
    await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
    await page.getByTestId('look-channel').selectOption(channelId);
    await expect(page.getByTestId('background-current')).not.toContainText('Reading');
  }

  const png = (name: string, width: number, height: number, color = 'red') => ({ name, mimeType: 'image/png', buffer: testImage('png', width, height, color) });

  test.beforeAll(async () => {
    // The embedded sandbox starts from this state: the demo account with co-branding but not full branding.
    app = await startBrowserModeApp({
      prepare: demoWithout('branding_full'),
    });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('branding type, logo and logo settings; full branding is a plan note; a 300 x 300 logo never leaves', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    const channelId = await channelIdOf('Demo Live');
    const branding = async () => ((await api('GET', `/channels/${channelId}/branding.json`)) as { branding: { type: string; logo: { width: number; height: number; content_type: string } | null; logo_settings: unknown } }).branding;
    await openBrandingPanel(page, channelId);

    await page.getByTestId('branding-type').selectOption('co');
    await page.getByTestId('branding-type-save').click();
    await expect(page.getByTestId('look-done')).toContainText('Branding type saved');
    await expect(page.getByTestId('branding-current')).toContainText('Co-branding');
    expect((await branding()).type).toBe('co');

    // The platform's 402 for full branding: a plan note, and the type shown goes back to co-branding.
    await page.getByTestId('branding-type').selectOption('full');
    await page.getByTestId('branding-type-save').click();
    await expect(page.getByTestId('look-plan-note')).toContainText('Your plan does not include this kind of branding');
    await expect(page.getByTestId('look-error')).toHaveCount(0);
    await expect(page.getByTestId('branding-current')).toContainText('Co-branding');
    expect((await branding()).type).toBe('co');

    // Checked in the browser before upload: too large, so nothing reaches the platform.
    await page.getByTestId('logo-file').setInputFiles(png('big-logo.png', 300, 300));
    await expect(page.getByTestId('branding-problem')).toContainText('300 x 300 px; it may be at most 170 x 170 px');
    await expect(page.getByTestId('logo-preview')).toHaveCount(0);
    expect((await branding()).logo).toBeNull();

    await page.getByTestId('logo-file').setInputFiles(png('logo.png', 170, 170, 'orange'));
    await expect(page.getByTestId('look-done')).toContainText('Logo uploaded (170 x 170 px)');
    await expect(page.getByTestId('logo-preview')).toContainText('170 x 170 px');
    expect((await branding()).logo).toMatchObject({ width: 170, height: 170, content_type: 'image/png' });

    await page.getByTestId('logo-position').selectOption('top-left');
    await page.getByTestId('logo-margin').fill('8');
    await page.getByTestId('logo-link').fill('https://example.com/studio');
    await page.getByTestId('logo-settings-save').click();
    await expect(page.getByTestId('look-done')).toContainText('Logo settings saved');
    expect((await branding()).logo_settings).toEqual({ position: 'top-left', margin: 8, link: 'https://example.com/studio' });
    await page.screenshot({ path: 'test-results/screenshots/branding.png', fullPage: true });

    // A margin that is not a whole number is refused in the form.
    await page.getByTestId('logo-margin').fill('-3');
    await page.getByTestId('logo-settings-save').click();
    await expect(page.getByTestId('branding-problem')).toContainText('whole number of pixels');
    expect((await branding()).logo_settings).toMatchObject({ margin: 8 });
  });

  test('background colour and channel picture; a bad hex and a non-square picture never leave; a 404 is rolled back', async ({ page }) => {
    test.setTimeout(120_000);
    // Signed in by the test before (serial, same app).
    await page.goto(app.url);
    const channelId = await channelIdOf('Backstage');
    await openBrandingPanel(page, channelId);
    await expect(page.getByTestId('background-current')).toContainText('No background colour is set');

    await page.getByTestId('background-hex').fill('#12345g');
    await page.getByTestId('background-save').click();
    await expect(page.getByTestId('design-problem')).toContainText('is not a hex colour');
    expect((await call('GET', `/channels/${channelId}/design/background.json`)).code).not.toBe(0);

    await page.getByTestId('background-hex').fill('#1A2B3C');
    await page.getByTestId('background-save').click();
    await expect(page.getByTestId('look-done')).toContainText('Background colour set to #1a2b3c');
    expect(await api('GET', `/channels/${channelId}/design/background.json`)).toEqual({ background: { color: '#1a2b3c' } });

    await page.getByTestId('picture-file').setInputFiles(png('wide.png', 200, 100));
    await expect(page.getByTestId('design-problem')).toContainText('200 x 100 px; it must be square');
    expect((await call('GET', `/channels/${channelId}/design/picture.json`)).code).not.toBe(0);

    await page.getByTestId('picture-file').setInputFiles(png('picture.png', 256, 256, 'blue'));
    await expect(page.getByTestId('look-done')).toContainText('Channel picture uploaded');
    await expect(page.getByTestId('picture-preview')).toContainText('256 x 256 px');
    expect(await api('GET', `/channels/${channelId}/design/picture.json`)).toMatchObject({ picture: { width: 256, height: 256, content_type: 'image/png' } });
    await page.screenshot({ path: 'test-results/screenshots/branding-design.png', fullPage: true });

    // The platform's 404: the channel was deleted behind the app's back; the colour shown goes back.
    const vanishing = ((await api('POST', '/users/self/channels.json', { title: 'E2E Vanishing Look' })) as { channel: { id: string } }).channel.id;
    await page.reload();
    await openBrandingPanel(page, vanishing);
    await api('DELETE', `/channels/${vanishing}.json`);
    await page.getByTestId('background-hex').fill('#abcdef');
    await page.getByTestId('background-save').click();
    await expect(page.getByTestId('look-error')).toContainText('This channel no longer exists');
    await expect(page.getByTestId('background-current')).toContainText('No background colour is set');
    expect((await call('GET', `/channels/${vanishing}/design/background.json`)).output).toContain('not_found');
  });
});
