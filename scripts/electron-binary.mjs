// Where the electron package keeps its binary, or why there is none. Found the way the package's index.js
// finds it, without requiring that file: when the binary is missing, requiring it starts a download.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const why = 'the Electron binary is not installed (its installer downloads it from GitHub, which this machine could not reach)';

export function electronBinary() {
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed (run npm ci)' };
  }
  try {
    const relativePath = readFileSync(join(packageDir, 'path.txt'), 'utf8');
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist'), relativePath);
    return existsSync(binary) ? { path: binary } : { missing: why };
  } catch {
    return { missing: why };
  }
}
