// Pieces shared by bench/upload.mjs, bench/upload/link.mjs and bench/upload/http-parts.mjs: their input files, their children's JSON lines,
// and the tests' pure-ftpd starter.
import { randomFillSync } from 'node:crypto';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

const MIB = 1024 * 1024;
const MATROSKA_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * Random bytes (nothing on the way compresses them) behind a Matroska signature, since the upload queue
 * takes a file only when its first bytes are a video container.
 */
export async function randomFile(path, bytes) {
  await mkdir(join(path, '..'), { recursive: true });
  const partial = `${path}.partial`;
  const out = createWriteStream(partial);
  const chunk = Buffer.allocUnsafe(4 * MIB);
  for (let left = bytes; left > 0; left -= chunk.length) {
    const piece = randomFillSync(chunk).subarray(0, Math.min(chunk.length, left));
    if (left === bytes) MATROSKA_SIGNATURE.copy(piece);
    if (!out.write(piece)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  await rename(partial, path);
}

/**
 * `count` files of `mb` MiB (randomFile) in `cache`/small-<count>x<mb>MiB-signed/, 0001.mp4 on, written once:
 * the many-files scenarios of link.mjs (FTP) and http-parts.mjs (HTTP parts) send the same ones.
 */
export async function smallFiles(cache, count, mb) {
  const dir = join(cache, `small-${count}x${mb}MiB-signed`);
  const files = Array.from({ length: count }, (_, index) => join(dir, `${String(index + 1).padStart(4, '0')}.mp4`));
  for (const file of files) if (!(existsSync(file) && statSync(file).size === mb * MIB)) await randomFile(file, mb * MIB);
  return { dir, files };
}

/** The next JSON line of a child (bench/lib/child-processes.mjs) that has `key` set (its other lines are ignored). */
export function nextMessage(handle, key, timeoutMs) {
  return new Promise((resolve, reject) => {
    const onLine = (text) => {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (!parsed[key]) return;
      clearTimeout(timer);
      handle.lines.off('line', onLine);
      resolve(parsed);
    };
    const timer = setTimeout(() => {
      handle.lines.off('line', onLine);
      reject(new Error(`${handle.label}: no "${key}" line within ${timeoutMs / 1000} s: ${handle.stderrTail()}`));
    }, timeoutMs);
    handle.lines.on('line', onLine);
    handle.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${handle.label} exited (${code ?? signal}) before its "${key}" line: ${handle.stderrTail()}`));
    });
  });
}

/**
 * test/support/pure-ftpd.ts, the tests' starter, shared: Node 20 runs no TypeScript, so it is transpiled
 * here (it imports Node built-ins only).
 */
export async function importTypeScript(path) {
  const { default: ts } = await import('typescript');
  const { outputText } = ts.transpileModule(await readFile(path, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }, fileName: path });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}
