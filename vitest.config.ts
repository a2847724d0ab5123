// Config files are the one place a default export is required (Vite and Vitest load them so).
import { defineConfig } from 'vitest/config';
import { conformanceProjects } from './test/conformance/conformance-projects.js';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit-and-integration', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'] } },
      // The conformance suite once per format; each prints `conformance (<format>): N of M spec rows covered`.
      ...conformanceProjects(),
    ],
  },
});
