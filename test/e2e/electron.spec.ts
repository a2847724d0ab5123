// The packaged shell end to end: launches build/main/app/electron-main.js in Electron and checks that
// the renderer loads over app:// and reaches main through the preload bridge. Skips where Electron's
// binary is not installed (it is downloaded at install time, and some machines cannot).
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import type { CompanionTransport } from '../../preload/contract.js';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const mainEntry = fileURLToPath(new URL('../../build/main/app/electron-main.js', import.meta.url));

interface CompanionWindow {
  readonly companion: CompanionTransport;
}

test('the Electron window shows the app shell and reaches main through window.companion', async () => {
  const executablePath = electronBinary().path;
  if (!executablePath) {
    console.log('skipped: no Electron binary');
    test.skip(true, 'skipped: no Electron binary');
    return;
  }

  const app = await electron.launch({ executablePath, args: [mainEntry] });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('app-shell')).toBeVisible();
    expect(await window.evaluate(() => typeof (globalThis as unknown as CompanionWindow).companion.appInfo)).toBe('function');
    const envelope = await window.evaluate(() => (globalThis as unknown as CompanionWindow).companion.appInfo());
    expect(envelope.ok && envelope.value.shell).toBe('electron');
    expect(window.url()).toBe('app://companion/index.html');
  } finally {
    await app.close();
  }
});
