// Makes a bare clone runnable: the Debian packages it needs (installed when root, else the exact command
// is printed), node_modules (npm ci), and the Electron binary when it can be had.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const installStamp = `${root}node_modules/.companion-install-stamp`;
const electronStamp = `${root}node_modules/.companion-electron-attempted`;

/** Native modules rebuilt after an install (npm ci runs with --ignore-scripts: see ensureNodeModules). */
const nativePackages = ['keytar'];

export class BootstrapError extends Error {}

export async function ensureSystemPackages(packages) {
  if (packages.length === 0) return;
  if (!commandExists('dpkg-query')) {
    console.warn(`[bootstrap] Not a Debian/Ubuntu system: make sure these are installed: ${packages.map((p) => p.name).join(' ')}`);
    return;
  }
  const missing = packages.filter((pkg) => !isInstalled(pkg.name));
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  const reasons = missing.map((pkg) => `  ${pkg.name}: ${pkg.why}`).join('\n');
  if (process.getuid?.() !== 0) {
    throw new BootstrapError(
      `[bootstrap] Missing Debian packages:\n${reasons}\nInstall them with:\n\n  sudo apt-get install -y ${names.join(' ')}\n\nthen run the command again.`,
    );
  }
  console.log(`[bootstrap] Installing Debian packages:\n${reasons}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=900'];
  await run('apt-get', [...lock, 'update', '-qq'], { env, label: 'apt-get update' });
  // With recommended packages (fonts for Chromium among them): the configuration the suite is run with.
  await run('apt-get', [...lock, 'install', '-y', '-qq', ...names], { env, label: 'apt-get install' });
}

function isInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function lockHash() {
  return createHash('sha256').update(readFileSync(`${root}package-lock.json`)).digest('hex');
}

/**
 * `npm ci --ignore-scripts`: Electron's install script downloads its binary from GitHub and fails the
 * whole install where that is unreachable. The scripts that matter are run afterwards, one by one.
 */
export async function ensureNodeModules() {
  const hash = lockHash();
  if (existsSync(installStamp) && readFileSync(installStamp, 'utf8') === hash) return;
  console.log('[bootstrap] Installing npm packages (npm ci)…');
  await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, label: 'npm ci' });
  if (nativePackages.length > 0) await run('npm', ['rebuild', ...nativePackages], { cwd: root, label: 'npm rebuild', env: withNodeHeaders(process.env) });
  tryElectronDownload();
  writeFileSync(installStamp, hash);
}

/**
 * node-gyp builds keytar against the running Node's headers, which it downloads from nodejs.org unless told
 * where they are: a machine that reaches only the npm registry (or a fresh HOME without ~/.npmrc's nodedir)
 * then fails. Node from a package (Debian's, or the official tarball) installs them next to itself, in
 * <prefix>/include/node: point node-gyp there unless npm was already told.
 */
export function withNodeHeaders(env, execPath = process.execPath) {
  if (env.npm_config_nodedir) return env;
  const prefix = dirname(dirname(execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? { ...env, npm_config_nodedir: prefix } : env;
}

function tryElectronDownload() {
  if (process.env.COMPANION_SKIP_ELECTRON === '1' || existsSync(electronStamp)) return;
  writeFileSync(electronStamp, new Date().toISOString());
  const result = spawnSync(process.execPath, [`${root}node_modules/electron/install.js`], { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) console.log('[bootstrap] The Electron binary could not be downloaded here; the app will run in browser mode.');
}
