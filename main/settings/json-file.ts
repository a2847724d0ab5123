// Small JSON files that must survive a crash mid-write: written to a temporary file, flushed, renamed, and
// the folder flushed too, so the rename itself is on disk (a power cut mid-show must not bring back old settings).
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a folder for flushing (NTFS journals the rename itself), so there it is skipped.
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export type JsonRead<T> = { readonly kind: 'missing' } | { readonly kind: 'ok'; readonly value: T } | { readonly kind: 'invalid'; readonly problem: string };

export async function readJson<S extends z.ZodType>(file: string, schema: S): Promise<JsonRead<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problem: `not JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { kind: 'invalid', problem: `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'invalid'}` };
  }
  return { kind: 'ok', value: result.data };
}
