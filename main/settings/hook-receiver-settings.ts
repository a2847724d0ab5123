// The built-in hook receiver's port, kept between runs: hooks registered with its address go on reaching
// it after a restart. Not a secret (the exchanged secrets are in the keychain).
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsStore, type RecoveryReporter } from './settings-file.js';

const HookReceiverFile = z.object({ port: z.number().int().min(1).max(65_535).nullable().default(null) });

export class HookReceiverSettingsStore extends SettingsStore<typeof HookReceiverFile> {
  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    super({ file: join(dataDirectory, 'hook-receiver.json'), schema: HookReceiverFile, label: "The hook receiver's settings", defaults: () => HookReceiverFile.parse({}), onRecovered });
  }

  /** The last port; null when there was none or the file was damaged (then any free port is taken). */
  async port(): Promise<number | null> {
    return (await this.load()).port;
  }

  async savePort(port: number): Promise<void> {
    await this.update((settings) => {
      settings.port = port;
    });
  }
}
