// A settings write must survive a power cut: the data is flushed before the rename, and the folder after
// it, or the rename itself may be lost and the old settings come back.
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const steps: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const path = String(args[0]);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        steps.push(`sync ${path}`);
        return sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      steps.push(`rename ${to}`);
      return fs.rename(from, to);
    },
  };
});

const { writeJsonAtomically } = await import('../../../main/settings/json-file.js');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-file-'));
  steps.length = 0;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it.skipIf(process.platform === 'win32')('flushes the file, renames it into place, then flushes the folder', async () => {
  const file = join(dir, 'live.json');
  await writeJsonAtomically(file, { ingestPort: 1935 });
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ingestPort: 1935 });
  expect(steps).toHaveLength(3);
  expect(steps[0]).toMatch(new RegExp(`^sync ${file}\\..*\\.tmp$`));
  expect(steps.slice(1)).toEqual([`rename ${file}`, `sync ${dirname(file)}`]);
  // No temporary file is left behind.
  expect(await readdir(dir)).toEqual(['live.json']);
});
