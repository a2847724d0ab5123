// What the build is made from, as one hash: `npm start` skips the build when its sources have not changed
// since the last one finished (a second start then takes seconds, not the minute a build takes on two cores).
// The hash covers the files' contents, not their times, so a checkout of the same commit is still current.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose every file goes into the build (tsc's main, sandbox and preload contract; Vite's renderer and preload; the slates). */
const SOURCE_FOLDERS = ['main', 'sandbox', 'preload', 'renderer', 'assets'];
/** Files that decide how it is built. */
const BUILD_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.build.json',
  'tsconfig.renderer.json',
  'vite.renderer.config.ts',
  'vite.preload.config.ts',
  'scripts/build.mjs',
  'scripts/build-fingerprint.mjs',
  'scripts/initial-load.mjs',
];
/** Written last by a finished build; a build starts by removing the whole folder, so an interrupted one has none. */
const STAMP = 'build/.sources-fingerprint';

/** The hash of every source file's path and contents, in a fixed order. */
export function sourcesFingerprint(root) {
  const hash = createHash('sha256');
  const files = [...SOURCE_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...BUILD_FILES.filter((file) => existsSync(join(root, file)))];
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the last finished build was made from these sources. */
export function buildIsCurrent(root, fingerprint) {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
}

/** Records, after a finished build, which sources it was made from (the fingerprint taken before it began). */
export function markBuildCurrent(root, fingerprint) {
  writeFileSync(join(root, STAMP), `${fingerprint}\n`);
}

function filesUnder(root, folder) {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length).replace(/^\/+/, ''));
}
