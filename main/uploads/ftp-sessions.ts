// Logged-in FTP control connections kept between files, so that the login is not paid for every file.
// Measured on loopback against the sandbox (200 files of 1 MiB, 4 at once, before this module): a login
// was 40 ms of the 92 ms each file held its slot with pure-ftpd, 66 of 170 ms with the sandbox's own
// server; on a link 40 ms away it is 5 round trips (connect and welcome, USER, PASS, TYPE I, OPTS UTF8)
// where basic-ftp's `access` takes 9 (it also asks FEAT, STRU and OPTS twice, which an upload needs none of).
//
// Spec part B gives every upload its own FTP details (host, port, user, password); the sandbox hands out
// a login per video, a platform may hand out the same one to every upload (the bench's pure-ftpd does).
// So: a connection is only ever used again for the same four details; a connection that the server
// dropped while it waited is never handed out (basic-ftp marks it closed), and one dropped unseen is
// caught by the transfer, which logs in again once (ftp-transfer.ts). With details of its own for each
// video, `prepare` logs in for the next file while the current one is on its way, when its upload is
// begun; with the same details, the connection of the file before is enough and no second one is opened.
import { Client } from 'basic-ftp';
import { abortable } from './abortable.js';

/** Where to log in: the four FTP details of an upload. */
export interface FtpLogin {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
}

/** One logged-in connection lent to a transfer. */
export interface FtpLease {
  readonly client: Client;
  /** It waited, logged in, before this transfer: the server may have dropped it unseen. */
  readonly waited: boolean;
  /** Ends the loan: a connection that did its transfer well is kept for the next file of the same login. */
  release(reusable: boolean): void;
}

export type FtpOpen = (login: FtpLogin, timeoutMs: number, signal: AbortSignal) => Promise<Client>;

export interface FtpSessionsOptions {
  /** Control and data connection inactivity, in ms. */
  readonly timeoutMs: number;
  /** A connection kept waiting longer than this is logged out. */
  readonly idleMs?: number;
  /** Connections kept waiting (prepared ones included) at most: the oldest goes first. */
  readonly maxWaiting?: number;
  /** Replaces the login (unit tests). */
  readonly open?: FtpOpen;
}

interface Waiting {
  readonly key: string;
  readonly client: Client;
  readonly timer: NodeJS.Timeout;
  /** It carried a file already (else it was prepared for one to come). */
  readonly used: boolean;
}

const DEFAULT_IDLE_MS = 30_000;
/** The queue's most files at once (CONCURRENCY_RANGE.max). */
const DEFAULT_MAX_WAITING = 8;

/**
 * Connect, log in, binary mode: what spec part B's upload needs of a session. UTF-8 names are asked for
 * too (a server that does not know OPTS says so, and that is fine), in case the platform's `path` is not
 * ASCII: a round trip per login, which a kept or prepared login pays off the slot's path.
 */
export async function openFtpSession(login: FtpLogin, timeoutMs: number, signal: AbortSignal): Promise<Client> {
  signal.throwIfAborted();
  const client = new Client(timeoutMs);
  const abort = (): void => client.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    await client.connect(login.host, login.port);
    await client.login(login.user, login.password);
    await client.send('TYPE I');
    await client.sendIgnoringError('OPTS UTF8 ON');
    return client;
  } catch (error) {
    client.close();
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

export class FtpSessions {
  readonly #options: FtpSessionsOptions;
  readonly #open: FtpOpen;
  /** Logged in and free, oldest first. */
  #waiting: Waiting[] = [];
  /** Logins under way for files to come, by login. */
  readonly #preparing = new Map<string, Promise<void>>();
  /** Connections lent out, by login. */
  readonly #lent = new Map<string, number>();
  readonly #closing = new AbortController();
  /** Logins made (prepared ones among them), for the bench and the tests. */
  logins = 0;

  constructor(options: FtpSessionsOptions) {
    this.#options = options;
    this.#open = options.open ?? openFtpSession;
  }

  /**
   * A file of this login comes soon: log in now, unless a connection of the same login is free, lent out
   * (it is free again before long) or being opened: those are enough.
   */
  prepare(login: FtpLogin): void {
    const key = keyOf(login);
    if (this.#closing.signal.aborted || this.#maxWaiting === 0) return;
    this.#dropUsedOtherThan(key);
    if (this.#preparing.has(key) || (this.#lent.get(key) ?? 0) > 0 || this.#waiting.some((session) => session.key === key)) return;
    if (this.#waiting.length + this.#preparing.size >= this.#maxWaiting) return;
    this.logins += 1;
    const opening = this.#open(login, this.#options.timeoutMs, this.#closing.signal).then(
      (client) => this.#keep(key, client, false),
      // The file's own transfer logs in again and meets the problem itself, with its retries.
      () => undefined,
    );
    this.#preparing.set(key, opening.finally(() => this.#preparing.delete(key)));
  }

  /** A logged-in connection for `login`: a free one of the same login, the one being prepared, or a new login. */
  async take(login: FtpLogin, signal: AbortSignal, options: { fresh?: boolean } = {}): Promise<FtpLease> {
    const key = keyOf(login);
    this.#dropUsedOtherThan(key);
    if (options.fresh !== true) {
      const preparing = this.#preparing.get(key);
      if (preparing !== undefined) await abortable(preparing, signal);
      const kept = this.#takeWaiting(key);
      if (kept !== null) return this.#lend(key, kept, true);
    }
    this.logins += 1;
    const client = await this.#open(login, this.#options.timeoutMs, signal);
    return this.#lend(key, client, false);
  }

  /** Logs out of every free connection; lent ones are closed by their transfers (aborted when the queue closes). */
  close(): void {
    this.#closing.abort();
    for (const session of this.#waiting) this.#drop(session);
    this.#waiting = [];
  }

  get #maxWaiting(): number {
    return this.#options.maxWaiting ?? DEFAULT_MAX_WAITING;
  }

  #lend(key: string, client: Client, waited: boolean): FtpLease {
    this.#lent.set(key, (this.#lent.get(key) ?? 0) + 1);
    // A free connection does not keep the process alive (unref'd in #keep); a lent one does.
    client.ftp.socket.ref();
    let released = false;
    return {
      client,
      waited,
      release: (reusable) => {
        if (released) return;
        released = true;
        const lent = (this.#lent.get(key) ?? 1) - 1;
        if (lent > 0) this.#lent.set(key, lent);
        else this.#lent.delete(key);
        if (reusable) this.#keep(key, client, true);
        else client.close();
      },
    };
  }

  /** Keeps a logged-in connection for the next file of its login, for a while. */
  #keep(key: string, client: Client, used: boolean): void {
    if (client.closed || this.#closing.signal.aborted || this.#maxWaiting === 0) {
      client.close();
      return;
    }
    client.ftp.socket.unref();
    const session: Waiting = {
      key,
      client,
      used,
      timer: setTimeout(() => {
        this.#waiting = this.#waiting.filter((other) => other !== session);
        this.#drop(session);
      }, this.#options.idleMs ?? DEFAULT_IDLE_MS).unref(),
    };
    this.#waiting.push(session);
    while (this.#waiting.length > this.#maxWaiting) this.#drop(this.#waiting.shift()!);
  }

  /** The newest free connection of the login that the server has not closed; closed ones are let go. */
  #takeWaiting(key: string): Client | null {
    for (let index = this.#waiting.length - 1; index >= 0; index -= 1) {
      const session = this.#waiting[index]!;
      if (session.key !== key) continue;
      this.#waiting.splice(index, 1);
      clearTimeout(session.timer);
      if (!session.client.closed) return session.client;
      session.client.close();
    }
    return null;
  }

  /**
   * Another login is wanted: the platform hands out a login per video, so a used connection of another
   * login will not carry a file again (a retry of its file logs in anew). Letting it go keeps the
   * connections to the server at those in use and those prepared, for servers that limit them per address.
   */
  #dropUsedOtherThan(key: string): void {
    const [other, kept] = partition(this.#waiting, (session) => session.used && session.key !== key);
    this.#waiting = kept;
    for (const session of other) this.#drop(session);
  }

  #drop(session: Waiting): void {
    clearTimeout(session.timer);
    // QUIT is a courtesy: the server logs the session out at once rather than at its own timeout.
    if (!session.client.closed) session.client.send('QUIT').catch(() => undefined).finally(() => session.client.close());
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

function keyOf(login: FtpLogin): string {
  return JSON.stringify([login.host, login.port, login.user, login.password]);
}
