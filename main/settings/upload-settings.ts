// Upload choices that outlive a restart: how many files go at once and the speed limit, for every profile
// (they are about this computer's connection, not the account).
import { join } from 'node:path';
import { z } from 'zod';
import { CONCURRENCY_RANGE } from '../uploads/upload-types.js';
import { readJson, writeJsonAtomically } from './json-file.js';

const UploadSettingsFile = z.object({
  concurrency: z.number().int().min(CONCURRENCY_RANGE.min).max(CONCURRENCY_RANGE.max).default(CONCURRENCY_RANGE.default),
  /** Bytes per second; null: no limit. */
  speedLimit: z.number().int().positive().nullable().default(null),
});
export type UploadSettings = z.output<typeof UploadSettingsFile>;

export class UploadSettingsStore {
  readonly #file: string;

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, 'uploads.json');
  }

  /** The saved settings; defaults when the file is missing or unreadable (it is rewritten on the next change). */
  async load(): Promise<UploadSettings> {
    const read = await readJson(this.#file, UploadSettingsFile);
    return read.kind === 'ok' ? read.value : UploadSettingsFile.parse({});
  }

  async update(change: (settings: UploadSettings) => void): Promise<UploadSettings> {
    const settings = await this.load();
    change(settings);
    await writeJsonAtomically(this.#file, settings);
    return settings;
  }
}
