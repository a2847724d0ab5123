// Issue 18's house rule: no source file of the app (main/, preload/, renderer/src) grows past 450 lines; a
// file that needs more holds more than one job and is split by job.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const MAX_LINES = 450;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'main', 'preload', 'renderer/src'], { cwd: root, encoding: 'utf8' });
  return listed.split('\n').filter((path) => /\.(ts|tsx|css)$/.test(path));
}

describe('source file size', () => {
  it('finds the app sources', () => {
    expect(sourceFiles().length).toBeGreaterThan(100);
  });

  it(`keeps every file of main/, preload/ and renderer/src at ${MAX_LINES} lines or fewer`, () => {
    const over = sourceFiles()
      .map((path) => ({ path, lines: readFileSync(`${root}/${path}`, 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.path}: ${file.lines} lines`);
    expect(over).toEqual([]);
  });
});
