// The desktop app's own choices, in one file (`desktop.json`): global hotkeys, start at login, the window's
// last bounds, and whether the "still running in the tray" hint was shown. Nothing secret.
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomically } from './json-file.js';

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
  /** Set when the file was unreadable and the defaults were used, in a sentence for the streamer. */
  readonly notice: string | null;
}

function defaultDesktopSettings(): DesktopSettingsFile {
  return DesktopSettingsFile.parse({});
}

export class DesktopSettingsStore {
  readonly #file: string;
  /** Updates run one after another: the hotkeys and the window bounds are written from different places. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, 'desktop.json');
  }

  async load(): Promise<LoadedDesktopSettings> {
    const read = await readJson(this.#file, DesktopSettingsFile);
    if (read.kind === 'ok') return { settings: read.value, notice: null };
    if (read.kind === 'missing') return { settings: defaultDesktopSettings(), notice: null };
    return { settings: defaultDesktopSettings(), notice: `The desktop settings (${this.#file}) could not be read (${read.problem}); the defaults are used until you save.` };
  }

  /** Reads, changes and writes the file whole; a corrupt file is replaced by the defaults plus the change. */
  update(change: (settings: DesktopSettingsFile) => void): Promise<DesktopSettingsFile> {
    const next = this.#queue.then(async () => {
      const { settings } = await this.load();
      change(settings);
      await writeJsonAtomically(this.#file, settings);
      return settings;
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
