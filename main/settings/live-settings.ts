// Going-live choices that outlive a restart: the channel per profile, "record when live", the local
// ingest's port and the safety copy (on/off, folder, upload when done). No secret: the local stream key lives in the keychain.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

export const DEFAULT_INGEST_PORT = 1935;

const LiveSettingsFile = z.object({
  channels: z.record(z.string(), z.string()).default({}),
  recordWhenLive: z.boolean().default(false),
  ingestPort: z.number().int().min(0).max(65535).default(DEFAULT_INGEST_PORT),
  safetyCopy: z
    .object({ enabled: z.boolean().default(false), folder: z.string().nullable().default(null), uploadWhenDone: z.boolean().default(false) })
    .default({ enabled: false, folder: null, uploadWhenDone: false }),
});
export type LiveSettings = z.output<typeof LiveSettingsFile>;

export class LiveSettingsStore extends SettingsStore<typeof LiveSettingsFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'live.json'), schema: LiveSettingsFile, label: 'The live settings', defaults: () => LiveSettingsFile.parse({}), onRecovered });
  }
}
