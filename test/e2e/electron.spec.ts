// The packaged shell end to end: launches build/main/app/electron-main.js in Electron and checks that
// the renderer loads over app:// and reaches main through the preload bridge. Skips where Electron's
// binary is not installed (it is downloaded at install time, and some machines cannot).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(await window.evaluate(() => typeof (globalThis as unknown as CompanionWindow).companion.app.info)).toBe('function');
    const envelope = await window.evaluate(() => (globalThis as unknown as CompanionWindow).companion.app.info());
    expect(envelope.ok && envelope.value.shell).toBe('electron');
    expect(window.url()).toBe('app://companion/index.html');
  } finally {
    await app.close();
  }
});

test('the desktop app registers the default global hotkeys, reports its status, and a second launch hands over to the first', async () => {
  const executablePath = electronBinary().path;
  if (!executablePath) {
    console.log('skipped: no Electron binary');
    test.skip(true, 'skipped: no Electron binary');
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'companion-electron-'));
  const env = { ...process.env, COMPANION_DATA_DIR: dataDir };
  const app = await electron.launch({ executablePath, args: [mainEntry], env });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('app-status')).toHaveAttribute('data-indicator', 'offline');
    const settings = await window.evaluate(() => (globalThis as unknown as CompanionWindow).companion.desktop.settings());
    expect(settings.ok && settings.value.applied).toBe(true);
    expect(await app.evaluate(({ globalShortcut }) => globalShortcut.isRegistered('CommandOrControl+Shift+F9'))).toBe(true);

    // The single-instance lock: a second launch quits at once and the first window comes forward.
    const second = spawn(executablePath, [mainEntry], { env, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().filter((each) => each.isVisible()).length)).toBe(1);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
