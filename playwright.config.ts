import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/e2e/support/chromium.js';

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
