// The ingest port is held by another program when the app starts: the Go live panel shows the address the
// app really listens on, why it is not the usual one, and the port it took to keep in one click; a port
// typed in the panel moves the ingest at once, and a taken one is offered the next free port (issue 22,
// finding 2: no dead end).
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

let app: RunningApp;
const others: Server[] = [];
let busy: number;

/** A plain server on a free loopback port, standing for the other program. */
async function holdPort(): Promise<number> {
  const other = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
  await once(other, 'listening');
  others.push(other);
  return (other.address() as AddressInfo).port;
}

test.beforeAll(async () => {
  busy = await holdPort();
  app = await startBrowserModeApp({ ingestPort: busy });
});

test.afterAll(async () => {
  await app.stop();
  await Promise.all(others.map((other) => new Promise((resolve) => other.close(resolve))));
});

async function openGoLive(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByRole('heading', { name: 'Go live', level: 1 })).toBeVisible();
}

test('finding 2: a busy ingest port offers the port it took; one click keeps it, and it survives a reload', async ({ page }) => {
  const taken = Number(new URL(app.ingestUrl.replace(/^rtmp:/, 'http:')).port);
  expect(taken).not.toBe(busy);
  await page.goto(app.url);
  await openGoLive(page);
  await expect(page.getByTestId('ingest-url')).toContainText(app.ingestUrl);
  const note = page.getByRole('note').filter({ hasText: `Port ${busy} is used by another program` });
  await expect(note).toContainText(`Port ${busy} is used by another program, so the local ingest listens on ${taken} for this run: point your encoder at ${app.ingestUrl}`);
  // Started with --ingest-port: the panel says whose port this run has.
  await expect(page.getByTestId('ingest-run-port')).toContainText(`This run was started with its own ingest port (${busy}); your saved port applies from the next start.`);

  await note.getByRole('button', { name: `Use ${taken}` }).click();
  await expect(note).toBeHidden();
  await expect(page.getByTestId('ingest-url')).toContainText(`rtmp://127.0.0.1:${taken}/live`);
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue(String(taken));
  await expect(page.getByTestId('ingest-run-port')).toBeHidden();

  await page.reload();
  await openGoLive(page);
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue(String(taken));
  await expect(page.getByTestId('ingest-url')).toContainText(`rtmp://127.0.0.1:${taken}/live`);
  await expect(page.getByRole('note').filter({ hasText: 'is used by another program' })).toHaveCount(0);
});

test('finding 2: a taken port typed in the panel is refused in words with the next free one, which one click moves the ingest to', async ({ page }) => {
  await page.goto(app.url);
  await openGoLive(page);
  const before = await page.getByTestId('ingest-url').textContent();
  const another = await holdPort();
  const port = page.getByRole('spinbutton', { name: 'Port' });
  await port.fill(String(another));
  await page.getByRole('button', { name: 'Use this port' }).click();
  const alert = page.getByRole('alert').filter({ hasText: `Port ${another} is used by another program.` });
  await expect(alert).toBeVisible();
  // The encoder's address did not move.
  await expect(page.getByTestId('ingest-url')).toHaveText(before ?? '');
  const offer = alert.getByRole('button', { name: /^Use \d+$/ });
  const offered = Number((await offer.textContent())?.replace('Use ', ''));
  expect(offered).toBeGreaterThan(another);
  await offer.click();
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('ingest-url')).toContainText(`rtmp://127.0.0.1:${offered}/live`);
  await expect(port).toHaveValue(String(offered));
  await page.screenshot({ path: test.info().outputPath('ingest-port-moved.png') });
});
