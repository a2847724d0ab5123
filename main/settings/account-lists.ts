// One list of rows per account (the profile, with the user when known), newest first, kept in one
// settings file: the list in use is the signed-in account's, another account's is loaded in its place,
// and every change is written in the order made (one write at a time, so an older list never overwrites
// a newer one). The copy tracker and the download tracker keep their rows this way.
import { z } from 'zod';
import { SettingsFile, type RecoveryReporter } from './settings-file.js';

export interface AccountListsOptions<Row extends z.ZodType> {
  readonly file: string;
  readonly row: Row;
  /** What the streamer calls the file's contents, capitalised: "The followed video copies". */
  readonly label: string;
  /** Each account keeps its newest rows only, so the file stays small over years of shows. */
  readonly keep: number;
  readonly onRecovered: RecoveryReporter;
  /** Told when the file could not be read or written (the work goes on; a restart would lose the change). */
  readonly warn: (message: string) => void;
  /** What still works when the file cannot be read, and when it cannot be written, ending the warnings. */
  readonly whenUnreadable: string;
  readonly whenUnsaved: string;
  readonly now?: () => number;
}

export class AccountLists<Row extends z.ZodType> {
  readonly #options: AccountListsOptions<Row>;
  readonly #file;
  #account: string | null = null;
  #rows: z.output<Row>[] = [];
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: AccountListsOptions<Row>) {
    this.#options = options;
    // `profiles` names the accounts' lists (the key was the profile name before users were told apart).
    const schema = z.object({ profiles: z.record(z.string(), z.array(options.row)).default({}) });
    this.#file = new SettingsFile({ file: options.file, schema, label: options.label, defaults: () => schema.parse({}), onRecovered: options.onRecovered, now: options.now });
  }

  /** The account whose list is in use; null while signed out. */
  get account(): string | null {
    return this.#account;
  }

  /** Newest first. */
  get rows(): readonly z.output<Row>[] {
    return this.#rows;
  }

  /**
   * Puts `account`'s saved list in use (null: none). `leaving` runs first, with the last account's rows
   * still in place; `loaded` runs with the new rows unless another switch came (or close) meanwhile.
   * Nothing happens for the account already in use.
   */
  switchTo(account: string | null, leaving: () => void, loaded: (rows: readonly z.output<Row>[]) => void): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#closed || account === this.#account) return;
      leaving();
      this.#account = account;
      this.#rows = [];
      if (account === null) return;
      let rows: z.output<Row>[];
      try {
        rows = (await this.#file.read()).profiles[account] ?? [];
      } catch (error) {
        this.#options.warn(`${this.#options.label} could not be read from ${this.#file.path} (${(error as Error).message}); ${this.#options.whenUnreadable}`);
        return;
      }
      if (this.#account !== account || this.#closed) return;
      this.#rows = rows;
      loaded(rows);
    });
  }

  /**
   * Replaces the list in use (cut to the newest kept) and saves it, unless told not to (a passing change
   * such as progress, written with the next saved one); the rows cut off are returned.
   */
  replace(rows: z.output<Row>[], save = true): z.output<Row>[] {
    this.#rows = rows.slice(0, this.#options.keep);
    const account = this.#account;
    const saved = this.#rows;
    if (save && account !== null) void this.#enqueue(() => this.#save(account, () => saved));
    return rows.slice(this.#options.keep);
  }

  /** Saves a row on top of `account`'s list while another account's is in use (it answered after a switch). */
  addTo(account: string, row: z.output<Row>): void {
    void this.#enqueue(() => this.#save(account, (rows) => [row, ...rows]));
  }

  /** No switch after this; resolves when the last change is written. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Rewrites one account's list, keeping the others as the file has them. */
  async #save(account: string, change: (rows: z.output<Row>[]) => z.output<Row>[]): Promise<void> {
    try {
      const saved = await this.#file.read();
      saved.profiles[account] = change(saved.profiles[account] ?? []).slice(0, this.#options.keep);
      await this.#file.write(saved);
    } catch (error) {
      this.#options.warn(`${this.#options.label} could not be saved in ${this.#file.path} (${(error as Error).message}); ${this.#options.whenUnsaved}`);
    }
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
