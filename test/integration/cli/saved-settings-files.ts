// The saved settings of a data folder as they are on disk: every settings file at its top (profiles.json,
// live.json, uploads.json…), by name, byte for byte, to compare before and after a command.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function savedSettingsFiles(dataDir: string): Promise<Record<string, string>> {
  const names = (await readdir(dataDir)).filter((name) => name.endsWith('.json')).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(join(dataDir, name), 'utf8')] as const)));
}
