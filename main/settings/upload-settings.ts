// Upload choices that outlive a restart: how many files go at once and the speed limit, for every profile
// (they are about this computer's connection, not the account).
import { join } from 'node:path';
import { z } from 'zod';
import { CONCURRENCY_RANGE } from '../uploads/upload-types.js';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

const UploadSettingsFile = z.object({
  concurrency: z.number().int().min(CONCURRENCY_RANGE.min).max(CONCURRENCY_RANGE.max).default(CONCURRENCY_RANGE.default),
  /** Bytes per second; null: no limit. */
  speedLimit: z.number().int().positive().nullable().default(null),
});
export type UploadSettings = z.output<typeof UploadSettingsFile>;

export class UploadSettingsStore extends SettingsStore<typeof UploadSettingsFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'uploads.json'), schema: UploadSettingsFile, label: 'The upload settings', defaults: () => UploadSettingsFile.parse({}), onRecovered });
  }
}
