// What the renderer's window loads before its first paint: the entry script, the chunks it imports
// statically and their styles, gzipped as a server would send them. Panels are split into chunks loaded
// when first opened, so they do not count. Read from Vite's manifest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 8: the initial load stays under 400 KB gzipped. */
export const INITIAL_LOAD_LIMIT_BYTES = 400 * 1024;

export function initialLoad(rendererDir) {
  const manifest = JSON.parse(readFileSync(join(rendererDir, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`The renderer manifest has ${entries.length} entries; expected one.`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0][0]);
  files.add('index.html');
  const sized = [...files].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(rendererDir, file)), { level: 9 }).length }));
  const lazyChunks = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
  return { files: sized, gzipBytes: sized.reduce((sum, entry) => sum + entry.gzipBytes, 0), lazyChunks };
}

export function describeInitialLoad(load) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return `renderer initial load: ${kb(load.gzipBytes)} gzipped in ${load.files.length} files (limit ${kb(INITIAL_LOAD_LIMIT_BYTES)}); ${load.lazyChunks} panels load when first opened`;
}
