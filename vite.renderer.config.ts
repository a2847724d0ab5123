// Config files are the one place a default export is required (Vite and Vitest load them so).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The renderer is served from a token-prefixed path in browser mode and from app://companion/ in
// Electron, so every asset URL is relative.
export default defineConfig({
  root: fileURLToPath(new URL('renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('build/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
    // scripts/initial-load.mjs reads it to report what the first paint loads.
    manifest: true,
  },
});
