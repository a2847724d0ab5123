// Upload choices that outlive a restart: how many files go at once and the speed limit, for every profile
// (they are about this computer's connection, not the account).
import { join } from 'node:path';
import { z } from 'zod';
import { CONCURRENCY_RANGE } from '../uploads/upload-types.js';
import { SettingsFile, type RecoveryReporter } from './settings-file.js';

const UploadSettingsFile = z.object({
  concurrency: z.number().int().min(CONCURRENCY_RANGE.min).max(CONCURRENCY_RANGE.max).default(CONCURRENCY_RANGE.default),
  /** Bytes per second; null: no limit. */
  speedLimit: z.number().int().positive().nullable().default(null),
});
export type UploadSettings = z.output<typeof UploadSettingsFile>;

export class UploadSettingsStore {
  readonly #file: SettingsFile<typeof UploadSettingsFile>;

  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    this.#file = new SettingsFile({
      file: join(dataDirectory, 'uploads.json'),
      schema: UploadSettingsFile,
      label: 'The upload settings',
      defaults: () => UploadSettingsFile.parse({}),
      onRecovered,
    });
  }

  /** The saved settings; defaults when the file is missing or was damaged. */
  async load(): Promise<UploadSettings> {
    return this.#file.read();
  }

  async update(change: (settings: UploadSettings) => void): Promise<UploadSettings> {
    const settings = await this.load();
    change(settings);
    await this.#file.write(settings);
    return settings;
  }
}
