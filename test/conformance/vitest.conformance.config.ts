// The conformance suite on its own: npx vitest run --config test/conformance/vitest.conformance.config.ts
// (The root vitest.config.ts runs it too once it includes test/conformance/**/*.test.ts and this
// folder's global-setup.ts.)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A config file is the one place a default export is required (Vitest loads it so).
// eslint-disable-next-line no-restricted-syntax
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/conformance/**/*.test.ts'],
    globalSetup: ['test/conformance/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
