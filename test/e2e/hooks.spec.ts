// The Hooks panel in browser mode, against the embedded sandbox and the app's built-in receiver. A hook
// registered with the receiver is activated by the platform's handshake and its deliveries are verified;
// a forged delivery and a handshake nobody asked for are refused and shown so; a recipient that is not an
// address never leaves the form; a channel deleted behind the app's back (404) is explained and the row
// put back; removing asks first. Every change is checked afterwards through the API with the app's
// client-credentials token (`companion api --client`).
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { callAppApi, type ApiCallOptions } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

async function openHooksPanel(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Hooks', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Hooks', level: 1 })).toBeVisible();
}

test.describe('the Hooks panel', () => {
  let app: RunningApp;

  /** A signed raw call through the command line; `client` signs with the application's token. */
  const api = (method: string, path: string, options: ApiCallOptions = {}) => callAppApi(app, method, path, options);

  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('register with the built-in receiver, see it activated and its deliveries verified; refusals explained; remove after asking', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    const channels = ((await api('GET', '/users/self/channels.json')).body as { channels: { id: string; title: string }[] }).channels;
    const demoLive = channels.find((channel) => channel.title === 'Demo Live')!.id;
    const vanishing = ((await api('POST', '/users/self/channels.json', { fields: { title: 'E2E Hooks Vanishing' } })).body as { channel: { id: string } }).channel.id;
    await openHooksPanel(page);
    await page.getByTestId('hooks-channel').selectOption(demoLive);
    const receiverUrl = (await page.getByTestId('hook-receiver').locator('code').textContent())!;
    expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/);
    await expect(page.getByTestId('hook-status-video.deleted')).toHaveText('Not registered');

    // Checked in the form: never sent.
    await page.getByTestId('hook-recipient').fill('not an address');
    await page.getByTestId('hook-register').click();
    await expect(page.getByTestId('hook-problem')).toContainText('must be a full http:// or https:// address');

    // Registered with the built-in receiver: pending until the handshake, then active.
    await page.getByTestId('hook-event').selectOption('video.deleted');
    await page.getByRole('button', { name: 'Use the built-in receiver' }).click();
    await expect(page.getByTestId('hook-recipient')).toHaveValue(receiverUrl);
    await page.getByTestId('hook-register').click();
    await expect(page.getByTestId('hook-status-video.deleted')).toHaveText('Active', { timeout: 15_000 });
    await expect(page.getByTestId('hooks-done')).toHaveText("The video.deleted hook is active: its recipient answered the platform's handshake.");
    await expect(page.getByTestId('hook-delivery').first()).toContainText('Answered: the hook is now active.');
    const registered = await api('GET', `/channels/${demoLive}/hooks/video.deleted.json`, { client: true });
    expect(registered.body).toEqual({ recipient: receiverUrl, status: 'active' });

    // A real delivery: a video of the channel is deleted; the receiver checks its signature.
    const videos = ((await api('GET', `/channels/${demoLive}/videos.json`)).body as { videos: { id: string }[] }).videos;
    expect(videos.length).toBeGreaterThan(0);
    expect((await api('DELETE', `/videos/${videos[0]!.id}.json`)).code).toBe(0);
    const verified = page.getByTestId('hook-delivery').filter({ hasText: `video ${videos[0]!.id}` });
    await expect(verified).toContainText('Signature verified.', { timeout: 15_000 });

    // A forged delivery (signed with another secret) and a handshake the app did not ask for are refused.
    const forgedBody = JSON.stringify({ event: 'video.deleted', videoId: 424242 });
    const forged = await fetch(receiverUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hook-Signature': createHmac('sha1', 'not the secret').update(forgedBody).digest('hex') }, body: forgedBody });
    expect(forged.status).toBe(401);
    await expect(page.getByTestId('hook-delivery').filter({ hasText: 'video 424242' })).toContainText('Refused: the signature does not match');
    const planted = await fetch(receiverUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hook-Secret': 'planted' }, body: JSON.stringify({ event: 'channel.status.live', channelId: Number(demoLive) }) });
    expect(planted.status).toBe(403);
    expect(planted.headers.get('x-hook-secret')).toBeNull();
    await expect(page.getByTestId('hook-delivery').first()).toContainText('Refused: the app did not register this hook just now.');
    await page.screenshot({ path: 'test-results/screenshots/hooks.png', fullPage: true });

    // A channel deleted behind the app's back: the platform's 404 is explained and the row put back.
    await page.reload();
    await page.getByTestId('hooks-channel').selectOption(vanishing);
    await expect(page.getByTestId('hook-status-channel.status.live')).toHaveText('Not registered');
    expect((await api('DELETE', `/channels/${vanishing}.json`)).code).toBe(0);
    await page.getByTestId('hook-event').selectOption('channel.status.live');
    await page.getByTestId('hook-recipient').fill('https://example.com/hooks');
    await page.getByTestId('hook-register').click();
    await expect(page.getByTestId('hooks-error')).toHaveText('This channel no longer exists. Reload the list of channels.');
    await expect(page.getByTestId('hook-status-channel.status.live')).toHaveText('Not registered');

    // Removing asks first; "Keep" changes nothing, "Yes, remove" removes (checked through the API).
    await page.getByTestId('hooks-channel').selectOption(demoLive);
    const row = page.getByTestId('hook-row-video.deleted');
    await row.getByRole('button', { name: 'Remove the video.deleted hook' }).click();
    await row.getByRole('button', { name: 'Keep' }).click();
    expect((await api('GET', `/channels/${demoLive}/hooks/video.deleted.json`, { client: true })).code).toBe(0);
    await row.getByRole('button', { name: 'Remove the video.deleted hook' }).click();
    await row.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByTestId('hook-status-video.deleted')).toHaveText('Not registered');
    const removed = await api('GET', `/channels/${demoLive}/hooks/video.deleted.json`, { client: true });
    expect(removed.code).not.toBe(0);
    expect(removed.output).toContain('not_found');
  });
});
