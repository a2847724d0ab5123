// The rows a tracker follows for the signed-in account, kept in a file of the data folder: the download
// tracker's transfers and the copy tracker's copies. AccountLists keeps them per account; on top of that a
// new row goes on top of its account's list, and every new or changed row in use is announced.
import { join } from 'node:path';
import type { z } from 'zod';
import type { Contract } from '../../preload/contract.js';
import { AccountLists, type AccountListsOptions } from '../settings/account-lists.js';
import type { RecoveryReporter } from '../settings/settings-file.js';
import { accountOf } from '../session/account-of.js';
import type { ContractEventSource } from '../typed-emitter.js';

/** What every tracker is given. */
export interface TrackerOptions {
  readonly dataDir: string;
  /** The session's events: the list follows the signed-in account. */
  readonly session: ContractEventSource<Contract>;
  /** Told when a damaged list file was set aside and the list started empty. */
  readonly onRecovered: RecoveryReporter;
  /** Told when the list could not be read or saved (the work goes on; a restart would lose the change). */
  readonly warn: (message: string) => void;
  readonly now?: () => number;
}

/** The tracker's own list: its file, its rows and how they are told apart. */
export interface TrackedFile<Row extends z.ZodType> extends Omit<AccountListsOptions<Row>, 'file' | 'onRecovered' | 'warn' | 'now'> {
  /** The file's name in the data folder. */
  readonly fileName: string;
  /** A row's id in the list. */
  readonly idOf: (row: z.output<Row>) => string;
}

/** What the tracker does as its rows change and as the account changes. */
export interface RowFollower<Row extends z.ZodType> {
  /** Tells the windows of a new or changed row. */
  readonly announce: (row: z.output<Row>) => void;
  /** Another account takes over: the tracker stops the last one's work (its rows stay as the file has them). */
  readonly leaving: () => void;
  /** The account's rows were read: the tracker takes up their unfinished work. */
  readonly loaded: (rows: readonly z.output<Row>[]) => void;
}

export class TrackedRows<Row extends z.ZodType> extends AccountLists<Row> {
  readonly #idOf: (row: z.output<Row>) => string;
  readonly #announce: (row: z.output<Row>) => void;
  readonly #leaving: () => void;
  readonly #loaded: (rows: readonly z.output<Row>[]) => void;

  /** Follows the session's account from the start: each sign-in, sign-out or profile switch moves the list. */
  constructor(tracker: TrackerOptions, file: TrackedFile<Row>, follower: RowFollower<Row>) {
    super({ ...file, file: join(tracker.dataDir, file.fileName), onRecovered: tracker.onRecovered, warn: tracker.warn, now: tracker.now });
    this.#idOf = file.idOf;
    this.#announce = follower.announce;
    this.#leaving = follower.leaving;
    this.#loaded = follower.loaded;
    tracker.session.on('session', (session) => void this.follow(accountOf(session)));
  }

  /** The signed-in account (accountOf: the profile, with the user when known), or null when signed out. */
  follow(account: string | null): Promise<void> {
    return this.switchTo(account, this.#leaving, this.#loaded);
  }

  /**
   * Puts `account`'s new row on top of its list. True when that is the list in use: the row is announced,
   * and `dropped` is told of the rows it pushed off the kept ones. False when the account was signed out or
   * switched (or the tracker closed) while the row was being made: it is saved in that account's list, to
   * be taken up when the account is back.
   */
  add(account: string, row: z.output<Row>, dropped: (row: z.output<Row>) => void): boolean {
    if (this.account !== account || this.closed) {
      this.addTo(account, row);
      return false;
    }
    for (const cut of this.replace([row, ...this.rows])) dropped(cut);
    this.#announce(row);
    return true;
  }

  /** Changes a row and announces it; `save` writes the list too (a passing change such as progress need not). */
  update(id: string, change: Partial<z.output<Row>>, save = true): z.output<Row> | null {
    const current = this.rows.find((row) => this.#idOf(row) === id);
    if (!current) return null;
    const row = { ...current, ...change };
    this.replace(this.rows.map((candidate) => (this.#idOf(candidate) === id ? row : candidate)), save);
    this.#announce(row);
    return row;
  }
}

/**
 * A tracker of rows for the signed-in account (the download tracker, the copy tracker): it keeps its list
 * in its file, follows the session's account, and says what its rows do as they change and as accounts come
 * and go.
 */
export abstract class AccountRowTracker<Row extends z.ZodType> {
  /** The signed-in account's rows, newest first, as the tracker's file keeps them. */
  protected readonly tracked: TrackedRows<Row>;
  readonly #clock: () => number;

  constructor(options: TrackerOptions, file: TrackedFile<Row>) {
    this.#clock = options.now ?? Date.now;
    this.tracked = new TrackedRows(options, file, { announce: (row) => this.announce(row), leaving: () => this.stopWork(), loaded: (rows) => this.loaded(rows) });
  }

  /**
   * The signed-in account: the profile, with the user when known (accountOf); null when signed out. The
   * lists are kept by this name; another account stops the last one's work and takes up this one's.
   */
  accountChanged(account: string | null): Promise<void> {
    return this.tracked.follow(account);
  }

  protected now(): number {
    return this.#clock();
  }

  /** Tells the windows of a new or changed row. */
  protected abstract announce(row: z.output<Row>): void;
  /** Another account takes over, or the tracker closes: the work under way stops (its rows stay as the file has them). */
  protected abstract stopWork(): void;
  /** The account's rows were read: their unfinished work goes on. */
  protected abstract loaded(rows: readonly z.output<Row>[]): void;
}
