// A first run on a machine whose data folder cannot be written: the command stops at once with one sentence
// naming the folder, the cause and what to do, exit 1, no stack trace. Real file systems: a read-only tmpfs,
// a full one (test/support/limited-folder.ts); without mount rights, a non-root user gets a chmod 555 folder.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/built-cli.js';
import { fullFolder, readOnlyFolder, type LimitedFolder } from '../../support/limited-folder.js';

const isRoot = process.getuid?.() === 0;

/** Without mount rights, a non-root user's chmod 555 folder refuses writes as well (EACCES). */
function unwritableFolder(): (LimitedFolder & { cause: RegExp }) | null {
  const mounted = readOnlyFolder();
  if (mounted) return { ...mounted, cause: /cannot be written \(read-only file system\)\. Make it writable/ };
  if (isRoot) return null;
  const dir = mkdtempSync(join(tmpdir(), 'companion-ro-'));
  chmodSync(dir, 0o555);
  return { dir, cause: /cannot be written \(permission denied\)\. Give your user write access/, release: () => rmSync(dir, { recursive: true, force: true }) };
}

function expectOneSentence(result: { code: number | null; stdout: string; stderr: string }, folder: string, cause: RegExp, json = false): void {
  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`companion: The data folder ${folder} `);
  expect(lines[0]).toMatch(cause);
  expect(lines[0]).toContain('COMPANION_DATA_DIR=');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  // Under --json the same sentence is also the one event on stdout, for scripts; else stdout stays empty.
  const events = result.stdout.split('\n').filter((line) => line !== '');
  expect(events).toEqual(json ? [JSON.stringify({ event: 'error', kind: 'failed', message: lines[0]!.replace(/^companion: /, '') })] : []);
}

describe('an unwritable data folder', () => {
  const readOnly = unwritableFolder();

  it.skipIf(readOnly === null)('read-only: `companion ui` stops with the folder and the cause, exit 1', async () => {
    const folder = readOnly!;
    try {
      // A folder the app has to make inside the read-only one: the real cause (EROFS), not Node's ENOENT.
      const data = join(folder.dir, 'companion');
      const result = await runCli(['--json', 'ui', '--port', '0', '--ingest-port', '0'], { env: { COMPANION_DATA_DIR: data }, timeoutMs: 15_000 });
      expectOneSentence(result, data, folder.cause, true);
      const top = await runCli(['whoami'], { env: { COMPANION_DATA_DIR: folder.dir }, timeoutMs: 15_000 });
      expectOneSentence(top, folder.dir, folder.cause);
      // Diagnostics are for a broken setup: they still run, and name the problem.
      const diagnostics = await runCli(['diagnostics'], { env: { COMPANION_DATA_DIR: folder.dir }, timeoutMs: 15_000 });
      expect(diagnostics.code).toBe(0);
      expect(diagnostics.stdout).toMatch(new RegExp(`^Data folder: The data folder ${folder.dir} ${folder.cause.source}`, 'm'));
    } finally {
      folder.release();
    }
  });

  const full = fullFolder();

  it.skipIf(full === null)('full: `companion ui` says the folder is full and to free space, exit 1', async () => {
    const folder = full!;
    try {
      const result = await runCli(['ui', '--port', '0', '--ingest-port', '0'], { env: { COMPANION_DATA_DIR: folder.dir }, timeoutMs: 15_000 });
      expectOneSentence(result, folder.dir, /is full \(no space left on device\): free some space there/);
    } finally {
      folder.release();
    }
  });
});
