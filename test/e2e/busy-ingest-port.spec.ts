// The ingest port is held by another program when the app starts: the Go live panel shows the address the
// app really listens on, and next to it why it is not the usual one.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { expect, test } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;
let other: Server;
let busy: number;

test.beforeAll(async () => {
  other = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
  await once(other, 'listening');
  busy = (other.address() as AddressInfo).port;
  app = await startBrowserModeApp({ ingestPort: busy });
});

test.afterAll(async () => {
  await app.stop();
  await new Promise((resolve) => other.close(resolve));
});

test('the Go live panel names the port it took instead of the busy one', async ({ page }) => {
  expect(app.ingestUrl).not.toContain(`:${busy}/`);
  await page.goto(app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('ingest-url')).toContainText(app.ingestUrl);
  await expect(page.getByTestId('ingest-note')).toHaveText(`Port ${busy} is used by another program, so the local ingest listens on ${new URL(app.ingestUrl.replace(/^rtmp:/, 'http:')).port} for this run: point your encoder at ${app.ingestUrl}`);
});
