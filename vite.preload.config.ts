// Config files are the one place a default export is required (Vite and Vitest load them so).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// A sandboxed preload cannot load other files, so it is bundled into one CommonJS file.
export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('build/preload', import.meta.url)),
    emptyOutDir: false,
    sourcemap: false,
    minify: false,
    lib: { entry: fileURLToPath(new URL('preload/preload.ts', import.meta.url)), formats: ['cjs'], fileName: () => 'preload.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
