// The conformance suite on its own, in both formats (projects conformance-json and conformance-xml):
//   node node_modules/vitest/vitest.mjs run --config test/conformance/vitest.conformance.config.ts
// One format: add --project conformance-xml. (The root vitest.config.ts runs the same projects.)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { conformanceProjects } from './conformance-projects.js';

// A config file is the one place a default export is required (Vitest loads it so).
// eslint-disable-next-line no-restricted-syntax
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: conformanceProjects(),
  },
});
