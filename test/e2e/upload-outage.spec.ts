// Uploads through an outage (issue 22, finding 3): the platform goes away mid-file and comes back with its
// FTP server on a new address. The row says it is retrying, when, which attempt and why in words (no raw
// ECONNREFUSED), and the file completes through the platform's new FTP address. The sandbox profile's
// platform is a sandbox this test runs: the app finds it through the data folder's runtime.json, as the
// desktop app and the `companion` command share one (main/profiles/embedded-sandbox.ts), so the test can stop
// it and start it again from its state, on the same API and sign-in addresses but a new FTP port.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sandboxRuntime } from '../../main/profiles/embedded-sandbox.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { makeBigVideo } from '../integration/uploads/upload-media.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

/** Bytes per second: the 3 MB file takes about 3 s, long enough to cut it halfway. */
const SPEED_LIMIT = 1024 * 1024;

let app: RunningApp;
let sandbox: Sandbox;
let work: string;
let video: string;

const port = (url: string): number => Number(new URL(url).port);

function platformAt(folder: string, ports: { apiPort?: number; authPort?: number; rtmpPort?: number; rtmpsPort?: number } = {}): Promise<Sandbox> {
  mkdirSync(join(folder, 'media'), { recursive: true });
  return startSandbox({ stateFile: join(folder, 'state.json'), dataDir: join(folder, 'media'), ...ports });
}

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'companion-e2e-outage-'));
  video = join(work, 'interview.avi');
  await makeBigVideo(video, 3);
  sandbox = await platformAt(join(work, 'platform'));
  app = await startBrowserModeApp({
    prepare: (dataDir) => {
      mkdirSync(join(dataDir, 'sandbox'), { recursive: true, mode: 0o700 });
      // This process runs the sandbox profile's platform (its pid is alive, its API answers as the sandbox).
      writeFileSync(join(dataDir, 'sandbox', 'runtime.json'), JSON.stringify(sandboxRuntime(sandbox, process.pid)));
      writeFileSync(join(dataDir, 'uploads.json'), JSON.stringify({ speedLimit: SPEED_LIMIT }));
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

test('finding 3: an upload cut by an outage says it is retrying in words, and completes once the platform is back on a new FTP address', async ({ page }) => {
  // The retries wait 2, 5, 10 and 20 s before the platform is asked for a new upload (main/uploads/step-retries.ts).
  test.setTimeout(150_000);
  await signInAsDemo(page, app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Uploads' }).click();
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  await page.getByTestId('upload-path').fill(video);
  await page.getByTestId('add-path').click();
  const row = page.getByTestId('upload-row').filter({ hasText: 'interview' });
  await expect(row).toHaveAttribute('data-state', 'transferring', { timeout: 15_000 });
  await expect(row.getByText(/\d+(\.\d+)? (kB|MB)\/s/)).toBeVisible();

  // The outage: the whole platform stops, and comes back from its state with its FTP server elsewhere.
  const oldFtp = new URL(sandbox.ftpUrl).host;
  const ports = { apiPort: port(sandbox.apiUrl), authPort: port(sandbox.authUrl), rtmpPort: port(sandbox.rtmpUrl), rtmpsPort: port(sandbox.rtmpsUrl) };
  await sandbox.close();
  sandbox = await platformAt(join(work, 'platform'), ports);
  expect(new URL(sandbox.ftpUrl).host).not.toBe(oldFtp);

  const retry = row.getByText(/^Retrying in \d+ s \(attempt [2-5]\): /);
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(new RegExp(`^Retrying in \\d+ s \\(attempt [3-5]\\): The upload server ${oldFtp.replace(/\./g, '\\.')} refused the connection: nothing answers at that address now\\.$`))).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Retrying');
  await expect(row).not.toContainText('ECONNREFUSED');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('upload-retrying.png') });

  // Once the old address has had its retries, the app asks the platform for a new upload: at its new FTP address.
  await expect(row).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
  await expect(row.getByText(/^Retrying/)).toHaveCount(0);
  // One video of the whole file on the platform (the upload cut by the outage never became one).
  const { videos } = sandbox.admin.titled('interview');
  expect(videos).toHaveLength(1);
  expect(videos[0]?.fileSize).toBe(statSync(video).size);
});
