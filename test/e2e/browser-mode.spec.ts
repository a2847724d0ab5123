import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
});

test('the printed address shows the app shell, connected, with every panel in the navigation', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
  const nav = page.getByRole('navigation', { name: 'Panels' });
  await expect(nav.getByRole('button')).toHaveText(['Sign in', 'Go live', 'Uploads', 'Videos', 'Playlists', 'Channel', 'Managers', 'Device passwords', 'Security', 'Branding', 'Hooks', 'Settings']);

  await nav.getByRole('button', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uploads');
  await expect(page).toHaveURL(/#\/uploads$/);

  // The Settings panel reads app.info through the contract over the WebSocket.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('app-shell-kind')).toHaveText('Browser mode');
  await expect(page.getByTestId('app-info')).toContainText('Broadcaster Companion 0.1.0');
  await page.screenshot({ path: 'test-results/screenshots/app-shell-light.png' });
});

test('a reload keeps the open panel', async ({ page }) => {
  await page.goto(`${app.url}#/videos`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Videos');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Videos');
});

test('the theme follows the operating system', async ({ browser }) => {
  const backgrounds: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(app.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    if (colorScheme === 'dark') await page.screenshot({ path: 'test-results/screenshots/app-shell-dark.png' });
    await context.close();
  }
  expect(backgrounds[0]).toBe('rgb(246, 247, 249)');
  expect(backgrounds[1]).toBe('rgb(21, 23, 28)');
});

test('without the token, or with a wrong one, every request gets 401 and nothing else', async ({ request }) => {
  const wrongToken = app.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
  for (const path of ['/', '/index.html', `/${wrongToken}/`, `/${wrongToken}/index.html`, '/assets/', `/${app.token.slice(0, -1)}/`]) {
    const response = await request.get(`${app.origin}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(401);
    expect(await response.text(), path).toBe('Unauthorized');
  }
  const good = await request.get(app.url);
  expect(good.status()).toBe(200);
  expect(good.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('the socket refuses a missing or wrong token and a foreign origin', async () => {
  const attempt = (url: string, origin?: string) =>
    new Promise<string>((resolve) => {
      const ws = new WebSocket(url, origin ? { origin } : {});
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
      ws.on('error', () => resolve('error'));
    });
  const base = app.origin.replace('http', 'ws');
  expect(await attempt(`${base}/ws`)).toBe('401');
  expect(await attempt(`${base}/not-the-token/ws`)).toBe('401');
  expect(await attempt(`${base}/${app.token}/ws`, 'http://evil.example')).toBe('401');
  expect(await attempt(`${base}/${app.token}/ws`, app.origin)).toBe('open');
});

test('closing the app tells the open window why, and the indicator follows', async ({ page }) => {
  const own = await startBrowserModeApp();
  try {
    await page.goto(own.url);
    await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
    expect(await own.stop()).toBe(0);
    await expect(page.getByRole('status').filter({ hasText: 'The app was closed' })).toBeVisible();
    await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', /reconnecting|lost/);
    expect(own.events.map((event) => event.event)).toContain('stopped');
  } finally {
    await own.stop();
  }
});
