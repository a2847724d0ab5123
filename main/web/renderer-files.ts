// Serves the built renderer from disk: only files inside its folder, with their content types.
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface RendererFile {
  readonly body: Buffer;
  readonly contentType: string;
  readonly isDocument: boolean;
}

/** Looks up a renderer file by its URL path relative to the app root ('' is the index). */
export async function readRendererFile(rendererDir: string, relativeUrlPath: string): Promise<RendererFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativeUrlPath);
  } catch {
    return null;
  }
  const wanted = decoded === '' ? 'index.html' : decoded;
  const root = resolve(rendererDir);
  const file = resolve(root, wanted);
  if (!file.startsWith(root + sep) || wanted.includes('\0')) return null;
  const contentType = contentTypes[extname(file)];
  if (!contentType) return null;
  try {
    return { body: await readFile(file), contentType, isDocument: extname(file) === '.html' };
  } catch {
    return null;
  }
}
