// One build for everything: main + sandbox (tsc), the renderer (Vite + React), the preload bundle (Vite, CJS).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function build() {
  await rm(new URL('../build', import.meta.url), { recursive: true, force: true });
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, label: 'compile main' });
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: `${root}vite.renderer.config.ts` });
  await viteBuild({ configFile: `${root}vite.preload.config.ts`, logLevel: 'warn' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
