// The packaged shell end to end: launches build/main/app/electron-main.js in Electron and checks that
// the renderer loads over app:// and reaches main through the preload bridge. Skips where Electron's
// binary is not installed (it is downloaded at install time, and some machines cannot).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import type { CompanionBridge } from '../../preload/contract.js';

const mainEntry = fileURLToPath(new URL('../../build/main/app/electron-main.js', import.meta.url));

/**
 * Where the electron package keeps its binary, or null. Found the way the package's index.js finds it,
 * without requiring that file: when the binary is missing it tries to download it.
 */
function electronBinary(): string | null {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const relativePath = readFileSync(join(packageDir, 'path.txt'), 'utf8');
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
    const binary = join(distDir, relativePath);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

interface CompanionWindow {
  readonly companion: CompanionBridge;
}

test('the Electron window shows the app shell and reaches main through window.companion', async () => {
  const executablePath = electronBinary();
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
    const info = await window.evaluate(() => (globalThis as unknown as CompanionWindow).companion.appInfo());
    expect(info.shell).toBe('electron');
    expect(window.url()).toBe('app://companion/index.html');
  } finally {
    await app.close();
  }
});
