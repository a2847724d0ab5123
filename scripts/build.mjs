// One build for everything: main + sandbox (tsc) and its assets, the renderer (Vite + React), the preload bundle (Vite, CJS).
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeInitialLoad, initialLoad, INITIAL_LOAD_LIMIT_BYTES } from './initial-load.mjs';
import { run } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function build() {
  await rm(new URL('../build', import.meta.url), { recursive: true, force: true });
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, label: 'compile main' });
  // The encoder-drop bridge's holding slates (scripts/make-slates.mjs), found next to the compiled main/ (main/paths.ts).
  await cp(`${root}assets/slates`, `${root}build/assets/slates`, { recursive: true });
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: `${root}vite.renderer.config.ts` });
  const load = initialLoad(`${root}build/renderer`);
  console.log(describeInitialLoad(load));
  if (load.gzipBytes > INITIAL_LOAD_LIMIT_BYTES) throw new Error('The renderer initial load is over its limit: load the new code with the panel that needs it (app-shell.tsx lazyPanel).');
  await viteBuild({ configFile: `${root}vite.preload.config.ts`, logLevel: 'warn' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
