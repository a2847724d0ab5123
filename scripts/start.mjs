// `npm start`: installs what is missing, builds (unless the last build was made from the same sources), then runs the desktop app, or browser mode when there is
// no Electron binary or no display (or with `npm start -- --browser`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BootstrapError, ensureNodeModules, ensureSystemPackages } from './bootstrap.mjs';
import { electronBinary } from './electron-binary.mjs';
import { shellChoice } from './shell-choice.mjs';
import { build } from './build.mjs';
import { buildIsCurrent, markBuildCurrent, sourcesFingerprint } from './build-fingerprint.mjs';
import { startPackages } from './system-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const args = process.argv.slice(2);
  const forceBrowser = args.includes('--browser');
  const passThrough = args.filter((arg) => arg !== '--browser');

  await ensureSystemPackages(startPackages);
  await ensureNodeModules();
  const fingerprint = sourcesFingerprint(root);
  if (buildIsCurrent(root, fingerprint)) {
    console.log('[start] The build is up to date (no source changed since it was made; `npm run build` makes it again).');
  } else {
    console.log('[start] Building…');
    await build();
    markBuildCurrent(root, fingerprint);
  }

  const choice = shellChoice({ forceBrowser, electron: electronBinary(), platform: process.platform, env: process.env });
  if (choice.shell === 'electron') {
    return launch(choice.path, ['.', ...passThrough], {});
  }
  const note = choice.note;
  console.log(`[start] ${note}`);
  return launch(process.execPath, ['build/main/cli/companion.js', 'ui', ...passThrough], { COMPANION_SHELL_NOTE: note });
}

function launch(command, args, extraEnv) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  // Ctrl+C reaches the child through the terminal's process group; wait for it to finish cleanly.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error) => {
  console.error(error instanceof BootstrapError ? error.message : `[start] ${error.message}`);
  process.exit(1);
});
