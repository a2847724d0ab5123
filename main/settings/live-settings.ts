// Going-live choices that outlive a restart: the channel per profile, "record when live", the local
// ingest's port, the encoder-drop bridge, the safety copy (on/off, folder, upload when done) and each
// profile's extra destinations. No secret: the local stream key and the destinations' stream keys live in the keychain.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

export const DEFAULT_INGEST_PORT = 1935;
/** The encoder-drop bridge's window: how long the holding slate covers for an encoder that left. */
export const BRIDGE_WINDOW_SECONDS = { min: 1, max: 3600, default: 60 } as const;

/** An extra destination: another channel (`channelId`), or an RTMP/RTMPS address without its key (`url`). */
const SavedDestination = z.object({ id: z.string(), label: z.string(), kind: z.enum(['channel', 'rtmp']), channelId: z.string().nullable(), url: z.string().nullable(), enabled: z.boolean() });
export type SavedDestination = z.output<typeof SavedDestination>;

const LiveSettingsFile = z.object({
  channels: z.record(z.string(), z.string()).default({}),
  recordWhenLive: z.boolean().default(false),
  ingestPort: z.number().int().min(0).max(65535).default(DEFAULT_INGEST_PORT),
  /** Per profile. */
  destinations: z.record(z.string(), z.array(SavedDestination)).default({}),
  safetyCopy: z
    .object({ enabled: z.boolean().default(false), folder: z.string().nullable().default(null), uploadWhenDone: z.boolean().default(false) })
    .default({ enabled: false, folder: null, uploadWhenDone: false }),
  bridge: z
    .object({ enabled: z.boolean(), windowSeconds: z.number().int().min(BRIDGE_WINDOW_SECONDS.min).max(BRIDGE_WINDOW_SECONDS.max) })
    .default({ enabled: true, windowSeconds: BRIDGE_WINDOW_SECONDS.default }),
});
export type LiveSettings = z.output<typeof LiveSettingsFile>;

export class LiveSettingsStore extends SettingsStore<typeof LiveSettingsFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'live.json'), schema: LiveSettingsFile, label: 'The live settings', defaults: () => LiveSettingsFile.parse({}), onRecovered });
  }
}
