// Going-live choices that outlive a restart: the channel per profile, "record when live", the local
// ingest's port and the encoder-drop bridge. No secret: the local stream key lives in the keychain.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

export const DEFAULT_INGEST_PORT = 1935;
/** The encoder-drop bridge's window: how long the holding slate covers for an encoder that left. */
export const BRIDGE_WINDOW_SECONDS = { min: 1, max: 3600, default: 60 } as const;

const LiveSettingsFile = z.object({
  channels: z.record(z.string(), z.string()).default({}),
  recordWhenLive: z.boolean().default(false),
  ingestPort: z.number().int().min(0).max(65535).default(DEFAULT_INGEST_PORT),
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
