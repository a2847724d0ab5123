// One settings file: read, validated, and recovered when damaged. A damaged file is never silently
// replaced: it is kept beside the original as `<name>.corrupt-<time>`, the defaults take its place, and the
// streamer is told (a show must go on with defaults rather than stop on a settings error).
import { copyFile, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import { readJson, writeJsonAtomically } from './json-file.js';

/** Receives the sentence for the streamer when a damaged file was replaced by the defaults. */
export type RecoveryReporter = (message: string) => void;

export interface SettingsFileOptions<S extends z.ZodType> {
  readonly file: string;
  readonly schema: S;
  /** What the streamer calls the file's contents, capitalised: "The live settings". */
  readonly label: string;
  readonly defaults: () => z.output<S>;
  readonly onRecovered: RecoveryReporter;
  /** What the damaged file held that the defaults lose, as a sentence for the notice (e.g. the profiles it named). */
  readonly describeLoss?: (damagedText: string) => string | null;
  readonly now?: () => number;
}

export class SettingsFile<S extends z.ZodType> {
  readonly #options: SettingsFileOptions<S>;
  /** One recovery at a time: two readers of one damaged file must not make two backups and two notices. */
  #recovery: Promise<void> | null = null;

  constructor(options: SettingsFileOptions<S>) {
    this.#options = options;
  }

  get path(): string {
    return this.#options.file;
  }

  /** The saved value; the defaults when the file is missing (not written) or was damaged (then rewritten). */
  async read(): Promise<z.output<S>> {
    const read = await readJson(this.#options.file, this.#options.schema);
    if (read.kind === 'ok') return read.value;
    if (read.kind === 'invalid') {
      this.#recovery ??= this.#recover(read.problem).finally(() => {
        this.#recovery = null;
      });
      await this.#recovery;
    }
    return this.#options.defaults();
  }

  async write(value: z.output<S>): Promise<void> {
    await writeJsonAtomically(this.#options.file, value);
  }

  async #recover(problem: string): Promise<void> {
    const { file, label, describeLoss, onRecovered } = this.#options;
    const stamp = new Date(this.#options.now?.() ?? Date.now()).toISOString().replace(/[:.]/g, '-');
    const backup = `${file}.corrupt-${stamp}`;
    // A copy, not a rename: if writing the defaults fails, the original is still where the app looks.
    await copyFile(file, backup);
    const loss = describeLoss?.(await readFile(backup, 'utf8')) ?? null;
    await writeJsonAtomically(file, this.#options.defaults());
    onRecovered(
      `${label} (${basename(file)}) could not be read (${problem}) and were reset to the defaults; the damaged file was kept as ${backup}.${loss === null ? '' : ` ${loss}`}`,
    );
  }
}

/** A settings file read whole and changed in place: `load` the saved settings, `update` one or more of them. */
export class SettingsStore<S extends z.ZodType> {
  readonly #file: SettingsFile<S>;

  constructor(options: SettingsFileOptions<S>) {
    this.#file = new SettingsFile(options);
  }

  /** The saved settings; defaults when the file is missing or was damaged. */
  load(): Promise<z.output<S>> {
    return this.#file.read();
  }

  async update(change: (settings: z.output<S>) => void): Promise<z.output<S>> {
    const settings = await this.load();
    change(settings);
    await this.#file.write(settings);
    return settings;
  }
}
