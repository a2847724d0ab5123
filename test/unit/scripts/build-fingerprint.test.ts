// `npm start` skips a build made from the same sources: the fingerprint follows every source's contents.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, markBuildCurrent, sourcesFingerprint } from '../../../scripts/build-fingerprint.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'fingerprint-'));
  folders.push(root);
  for (const folder of ['main/cli', 'renderer/src', 'build']) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'main/cli/companion.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'renderer/src/app.tsx'), 'export const b = 2;\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  return root;
}

describe('the build fingerprint', () => {
  it('is the same for the same contents, whatever the files\' times', () => {
    const root = project();
    const before = sourcesFingerprint(root);
    utimesSync(join(root, 'main/cli/companion.ts'), new Date(0), new Date(0));
    expect(sourcesFingerprint(root)).toBe(before);
  });

  it('changes with a source\'s contents, a new source, a renamed one and the lock file', () => {
    const root = project();
    const seen = new Set([sourcesFingerprint(root)]);
    writeFileSync(join(root, 'renderer/src/app.tsx'), 'export const b = 3;\n');
    seen.add(sourcesFingerprint(root));
    writeFileSync(join(root, 'main/cli/new-command.ts'), '');
    seen.add(sourcesFingerprint(root));
    rmSync(join(root, 'main/cli/new-command.ts'));
    writeFileSync(join(root, 'main/cli/renamed-command.ts'), '');
    seen.add(sourcesFingerprint(root));
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    seen.add(sourcesFingerprint(root));
    expect(seen.size).toBe(5);
  });

  it('ignores what is not a source (the build itself, tests)', () => {
    const root = project();
    const before = sourcesFingerprint(root);
    writeFileSync(join(root, 'build/anything.js'), 'x');
    mkdirSync(join(root, 'test'));
    writeFileSync(join(root, 'test/a.test.ts'), 'x');
    expect(sourcesFingerprint(root)).toBe(before);
  });

  it('a build is current only once marked with the same fingerprint, and not once its folder is gone', () => {
    const root = project();
    const fingerprint = sourcesFingerprint(root);
    expect(buildIsCurrent(root, fingerprint)).toBe(false);
    markBuildCurrent(root, fingerprint);
    expect(buildIsCurrent(root, fingerprint)).toBe(true);
    writeFileSync(join(root, 'main/cli/companion.ts'), 'export const a = 2;\n');
    expect(buildIsCurrent(root, sourcesFingerprint(root))).toBe(false);
    rmSync(join(root, 'build'), { recursive: true });
    expect(buildIsCurrent(root, fingerprint)).toBe(false);
  });
});
