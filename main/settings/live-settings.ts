// Going-live choices that outlive a restart: the channel per profile, "record when live", and the local
// ingest's port. No secret: the local stream key lives in the keychain.
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomically } from './json-file.js';

export const DEFAULT_INGEST_PORT = 1935;

const LiveSettingsFile = z.object({
  channels: z.record(z.string(), z.string()).default({}),
  recordWhenLive: z.boolean().default(false),
  ingestPort: z.number().int().min(0).max(65535).default(DEFAULT_INGEST_PORT),
});
export type LiveSettings = z.output<typeof LiveSettingsFile>;

export class LiveSettingsStore {
  readonly #file: string;

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, 'live.json');
  }

  /** The saved settings; defaults when the file is missing or unreadable (it is rewritten on the next change). */
  async load(): Promise<LiveSettings> {
    const read = await readJson(this.#file, LiveSettingsFile);
    return read.kind === 'ok' ? read.value : LiveSettingsFile.parse({});
  }

  async update(change: (settings: LiveSettings) => void): Promise<LiveSettings> {
    const settings = await this.load();
    change(settings);
    await writeJsonAtomically(this.#file, settings);
    return settings;
  }
}
