// Going-live choices that outlive a restart: the channel per profile, "record when live", the local
// ingest's port, and each profile's extra destinations. No secret: the local stream key and the
// destinations' stream keys live in the keychain.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

export const DEFAULT_INGEST_PORT = 1935;

/** An extra destination: another channel (`channelId`), or an RTMP/RTMPS address without its key (`url`). */
const SavedDestination = z.object({ id: z.string(), label: z.string(), kind: z.enum(['channel', 'rtmp']), channelId: z.string().nullable(), url: z.string().nullable(), enabled: z.boolean() });
export type SavedDestination = z.output<typeof SavedDestination>;

const LiveSettingsFile = z.object({
  channels: z.record(z.string(), z.string()).default({}),
  recordWhenLive: z.boolean().default(false),
  ingestPort: z.number().int().min(0).max(65535).default(DEFAULT_INGEST_PORT),
  /** Per profile. */
  destinations: z.record(z.string(), z.array(SavedDestination)).default({}),
});
export type LiveSettings = z.output<typeof LiveSettingsFile>;

export class LiveSettingsStore extends SettingsStore<typeof LiveSettingsFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'live.json'), schema: LiveSettingsFile, label: 'The live settings', defaults: () => LiveSettingsFile.parse({}), onRecovered });
  }
}
