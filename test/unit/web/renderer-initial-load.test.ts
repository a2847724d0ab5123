// The renderer's first paint loads the shell and the Sign-in panel only; every other panel is its own chunk
// (issue 8: under 400 KB gzipped). Reads the build that `npm test` makes first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script, shared with scripts/build.mjs
import { describeInitialLoad, initialLoad, INITIAL_LOAD_LIMIT_BYTES } from '../../../scripts/initial-load.mjs';

const rendererDir = fileURLToPath(new URL('../../../build/renderer', import.meta.url));

interface InitialLoad {
  readonly files: { file: string; gzipBytes: number }[];
  readonly gzipBytes: number;
  readonly lazyChunks: number;
}

describe('the renderer initial load', () => {
  it('is under the limit, with the panels split off to load when opened', () => {
    expect(existsSync(rendererDir), 'build/renderer is missing: run `npm run build` (npm test builds first)').toBe(true);
    const load = initialLoad(rendererDir) as InitialLoad;
    expect(load.gzipBytes).toBeLessThan(INITIAL_LOAD_LIMIT_BYTES as number);
    expect(load.lazyChunks).toBeGreaterThanOrEqual(9);
    expect(load.files.map((entry) => entry.file).some((file) => /panel/.test(file) && !/sign-in/.test(file))).toBe(false);
    expect(describeInitialLoad(load)).toMatch(/^renderer initial load: \d+\.\d KB gzipped in \d+ files \(limit 400\.0 KB\); \d+ panels load when first opened$/);
  });
});
