// The desktop app's own choices, in one file (`desktop.json`): global hotkeys, start at login, the window's
// last bounds, and whether the "still running in the tray" hint was shown. Nothing secret.
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsFile, type RecoveryReporter } from './settings-file.js';

const accelerator = z.string().max(100).nullable();

const Bounds = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type WindowBounds = z.output<typeof Bounds>;

const DesktopSettingsFile = z.object({
  hotkeys: z
    .object({ 'toggle-live': accelerator, 'toggle-recording': accelerator, panic: accelerator })
    // F-keys with Ctrl+Shift: free in OBS's and most games' defaults, and nothing types them.
    .default({ 'toggle-live': 'CommandOrControl+Shift+F9', 'toggle-recording': 'CommandOrControl+Shift+F10', panic: 'CommandOrControl+Shift+F12' }),
  startAtLogin: z.boolean().default(false),
  window: z.object({ bounds: Bounds, maximized: z.boolean() }).nullable().default(null),
  trayHintShown: z.boolean().default(false),
});
export type DesktopSettingsFile = z.output<typeof DesktopSettingsFile>;

export interface LoadedDesktopSettings {
  readonly settings: DesktopSettingsFile;
  /** Set when the file was damaged and replaced by the defaults (its copy kept), in a sentence for the streamer. */
  readonly notice: string | null;
}

function defaultDesktopSettings(): DesktopSettingsFile {
  return DesktopSettingsFile.parse({});
}

export class DesktopSettingsStore {
  readonly #file: SettingsFile<typeof DesktopSettingsFile>;
  /** The sentence of a recovery during the last load, for the Settings panel. */
  #recovered: string | null = null;
  /** Updates run one after another: the hotkeys and the window bounds are written from different places. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(dataDirectory: string, onRecovered: RecoveryReporter) {
    this.#file = new SettingsFile({
      file: join(dataDirectory, 'desktop.json'),
      schema: DesktopSettingsFile,
      label: 'The desktop settings',
      defaults: defaultDesktopSettings,
      onRecovered: (message) => {
        this.#recovered = message;
        onRecovered(message);
      },
    });
  }

  /** The saved settings; a damaged file is backed up and replaced by the defaults, and `notice` says so. */
  async load(): Promise<LoadedDesktopSettings> {
    this.#recovered = null;
    const settings = await this.#file.read();
    return { settings, notice: this.#recovered };
  }

  /** Reads, changes and writes the file whole. */
  update(change: (settings: DesktopSettingsFile) => void): Promise<DesktopSettingsFile> {
    const next = this.#queue.then(async () => {
      const settings = await this.#file.read();
      change(settings);
      await this.#file.write(settings);
      return settings;
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
