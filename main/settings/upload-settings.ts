// Upload choices that outlive a restart: how many files go at once, the speed limit, the timetable ("full
// speed 01:00–07:00, otherwise 5 Mbit/s") and how many parts of a file are on their way at once (HTTP parts), for every profile (they are about this computer's
// connection, not the account).
import { join } from 'node:path';
import { z } from 'zod';
import { UploadTimetable } from '../../preload/contract.js';
import { DEFAULT_PARTS_IN_FLIGHT, PARTS_IN_FLIGHT_RANGE } from '../uploads/http-part-upload-transport.js';
import { CONCURRENCY_RANGE } from '../uploads/upload-types.js';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

const UploadSettingsFile = z.object({
  concurrency: z.number().int().min(CONCURRENCY_RANGE.min).max(CONCURRENCY_RANGE.max).default(CONCURRENCY_RANGE.default),
  /** Bytes per second; null: no limit. */
  speedLimit: z.number().int().positive().nullable().default(null),
  /** null: the same speed at every hour. */
  timetable: UploadTimetable.nullable().default(null),
  /** Parts of one file on their way at once, for a profile that uploads in parts (no panel control: edit uploads.json). */
  partsInFlight: z.number().int().min(PARTS_IN_FLIGHT_RANGE.min).max(PARTS_IN_FLIGHT_RANGE.max).default(DEFAULT_PARTS_IN_FLIGHT),
});
export type UploadSettings = z.output<typeof UploadSettingsFile>;

export class UploadSettingsStore extends SettingsStore<typeof UploadSettingsFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'uploads.json'), schema: UploadSettingsFile, label: 'The upload settings', defaults: () => UploadSettingsFile.parse({}), onRecovered });
  }
}
