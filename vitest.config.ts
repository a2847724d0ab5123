// Config files are the one place a default export is required (Vite and Vitest load them so).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/conformance/**/*.test.ts'],
    // Prints `conformance: N of M spec rows covered` after the run (test/conformance/coverage.ts).
    globalSetup: ['test/conformance/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
