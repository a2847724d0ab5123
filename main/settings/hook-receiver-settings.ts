// The built-in hook receiver's port, kept between runs: hooks registered with its address go on reaching
// it after a restart. Not a secret (the exchanged secrets are in the keychain).
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomically } from './json-file.js';

const HookReceiverFile = z.object({ port: z.number().int().min(1).max(65_535).nullable().default(null) });

export class HookReceiverSettingsStore {
  readonly #file: string;

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, 'hook-receiver.json');
  }

  /** The last port; null when there was none or the file is unreadable (then any free port is taken). */
  async port(): Promise<number | null> {
    const read = await readJson(this.#file, HookReceiverFile);
    return read.kind === 'ok' ? read.value.port : null;
  }

  async savePort(port: number): Promise<void> {
    await writeJsonAtomically(this.#file, { port });
  }
}
