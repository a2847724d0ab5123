// The conformance suite as one Vitest project per `<format>` (conformance-json, conformance-xml): the same
// files, run with CONFORMANCE_FORMAT set (see suite-format.ts), each counting its own spec-row coverage.
// Used by the root vitest.config.ts and by vitest.conformance.config.ts.
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { CONFORMANCE_FORMAT_ENV, type SuiteFormat } from './suite-format.js';

export const CONFORMANCE_FORMATS: readonly SuiteFormat[] = ['json', 'xml'];

export function conformanceProjects(): TestProjectInlineConfiguration[] {
  return CONFORMANCE_FORMATS.map((format) => ({
    extends: true,
    test: {
      name: `conformance-${format}`,
      include: ['test/conformance/**/*.test.ts'],
      globalSetup: ['test/conformance/global-setup.ts'],
      env: { [CONFORMANCE_FORMAT_ENV]: format },
      // One worker process serves many files (each starts its own sandbox and only talks HTTP to it): 109 → 67 s
      // for both formats here; checked with the files in shuffled orders. Unit files are not: some spy on modules.
      isolate: false,
    },
  }));
}
