// The active profile's tokens, and the one place the app gets one: the user's token (from a sign-in, kept in
// the vault, "expired" once it runs out or the platform refuses it) and the application's client-credentials
// token (asked for when missing or about to run out, one request at a time). It wakes the session when the
// user token enters its last hour and when it runs out. A renewable sign-in (today's platform's refresh
// tokens) is renewed here: before the token runs out, and once when the platform refuses it.
import type { AccessToken } from '../platform/access-token.js';

/** The vault as the keeper uses it: one profile's tokens. */
export interface TokenVault {
  token(kind: 'user' | 'client'): Promise<AccessToken | null>;
  saveToken(kind: 'user' | 'client', token: AccessToken): Promise<void>;
  deleteToken(kind: 'user' | 'client'): Promise<unknown>;
}

export interface TokenKeeperOptions {
  /** The active profile's vault (it changes when the profile does). */
  readonly vault: () => TokenVault;
  /** Asks the platform for a client-credentials token; null when this profile cannot (no client secret). */
  readonly clientGrant: () => Promise<AccessToken | null>;
  /** Called when the user token enters its last hour and when it runs out (the session tells the windows). */
  readonly onDeadline: () => void;
  /**
   * Renews a user token that is about to run out or was refused (a refresh-token grant): resolves to the token
   * to use from now on, already kept in the vault (the hook keeps it there under its own lock, since another
   * process of the profile may renew too), or null when this sign-in cannot be renewed. Absent, or null, for
   * a sign-in that cannot be renewed (the spec's dialect): the token then simply expires.
   */
  readonly renew?: (token: AccessToken) => Promise<AccessToken | null>;
  readonly now?: () => number;
}

export type UserTokenStatus = 'signed-out' | 'expired' | 'signed-in';

/** The user token counts as expiring soon in its last hour. */
export const EXPIRES_SOON_SECONDS = 3600;
/** A client token this close to its end is replaced before use; so is a user token that can be renewed. */
const RENEW_MARGIN_SECONDS = 60;

export class TokenKeeper {
  readonly #options: TokenKeeperOptions;
  #user: AccessToken | null = null;
  /** The platform answered 401 to the current user token. */
  #refused = false;
  #clientRequest: Promise<AccessToken | null> | null = null;
  #renewal: Promise<AccessToken | null> | null = null;
  #timers: NodeJS.Timeout[] = [];

  constructor(options: TokenKeeperOptions) {
    this.#options = options;
  }

  /** Reads the active profile's user token (after a profile switch or at start). */
  async load(): Promise<void> {
    this.#refused = false;
    this.#user = await this.#options.vault().token('user');
    this.#schedule();
  }

  /** The user token as it is, expired or not (for what the session shows). */
  get user(): AccessToken | null {
    return this.#user;
  }

  status(): UserTokenStatus {
    if (this.#user === null) return 'signed-out';
    return this.#expired(this.#user) ? 'expired' : 'signed-in';
  }

  /** For the platform client: null (so the call asks for a sign-in) when there is none or it ran out. */
  async token(kind: 'user' | 'client'): Promise<AccessToken | null> {
    if (kind === 'client') return this.#clientToken();
    const token = this.#user;
    if (token === null) return null;
    if (this.#options.renew !== undefined && (this.#expired(token) || this.#endsWithin(token, RENEW_MARGIN_SECONDS))) return this.#renewed(token);
    return this.#expired(token) ? null : token;
  }

  /** A sign-in's new token: kept in the vault first, then used. */
  async signedIn(token: AccessToken): Promise<void> {
    await this.#options.vault().saveToken('user', token);
    this.#user = token;
    this.#refused = false;
    this.#schedule();
  }

  /** Sign-out: both tokens leave the vault. */
  async forget(): Promise<void> {
    const vault = this.#options.vault();
    await vault.deleteToken('user');
    await vault.deleteToken('client');
    this.#user = null;
    this.#refused = false;
    this.#schedule();
  }

  /**
   * The platform answered 401 to this user token: a renewable sign-in is renewed once (or the token another
   * call already renewed it to is handed back). Null when there is nothing better to retry with.
   */
  async renewRefused(token: AccessToken): Promise<AccessToken | null> {
    const current = this.#user;
    if (current === null || this.#options.renew === undefined) return null;
    if (current.accessToken !== token.accessToken) return this.#expired(current) ? null : current;
    const fresh = await this.#renewed(current);
    return fresh !== null && fresh.accessToken !== token.accessToken ? fresh : null;
  }

  /** The platform refused the user token (401); true when that changed anything. */
  refused(): boolean {
    if (this.#user === null || this.#refused) return false;
    this.#refused = true;
    return true;
  }

  /** The platform refused the client token: forgotten, so the next client call asks for a fresh one. */
  async clientRefused(): Promise<void> {
    await this.#options.vault().deleteToken('client');
  }

  /** Stops the deadline timers (the app is closing). */
  stop(): void {
    this.#clearTimers();
  }

  /**
   * One renewal at a time, shared by every call that meets the old token: a refresh token may be used once,
   * so two renewals would lose the sign-in. The hook has kept the new token in the vault before it is used.
   */
  #renewed(token: AccessToken): Promise<AccessToken | null> {
    this.#renewal ??= (async () => {
      const fresh = await this.#options.renew!(token).catch(() => null);
      if (fresh === null) return this.#expired(token) ? null : token;
      this.#user = fresh;
      this.#refused = false;
      this.#schedule();
      return fresh;
    })().finally(() => {
      this.#renewal = null;
    });
    return this.#renewal;
  }

  #endsWithin(token: AccessToken, seconds: number): boolean {
    return token.expiresAt !== null && token.expiresAt <= this.#now() + seconds;
  }

  #expired(token: AccessToken): boolean {
    return this.#refused || (token.expiresAt !== null && token.expiresAt <= this.#now());
  }

  /** One request for a client token at a time: concurrent calls share it. */
  #clientToken(): Promise<AccessToken | null> {
    this.#clientRequest ??= this.#freshClientToken().finally(() => {
      this.#clientRequest = null;
    });
    return this.#clientRequest;
  }

  async #freshClientToken(): Promise<AccessToken | null> {
    const vault = this.#options.vault();
    const stored = await vault.token('client');
    if (stored && (stored.expiresAt === null || stored.expiresAt > this.#now() + RENEW_MARGIN_SECONDS)) return stored;
    const token = await this.#options.clientGrant();
    if (token !== null) await vault.saveToken('client', token);
    return token;
  }

  #now(): number {
    return this.#options.now?.() ?? Math.floor(Date.now() / 1000);
  }

  /** Wakes up when the token enters its last hour and when it runs out, so the UI says so in time. */
  #schedule(): void {
    this.#clearTimers();
    const expiresAt = this.#user?.expiresAt;
    if (expiresAt === null || expiresAt === undefined) return;
    const now = this.#now();
    // A renewable sign-in is renewed before its token runs out even while no call needs it, so an idle app
    // does not read "expired" in the morning; the renewal schedules the new token's deadlines.
    const user = this.#user!;
    const renewable = this.#options.renew !== undefined && user.type === 'bearer' && user.refreshToken !== undefined;
    if (renewable && expiresAt - RENEW_MARGIN_SECONDS > now) {
      const timer = setTimeout(() => void this.token('user').finally(() => this.#options.onDeadline()), Math.min((expiresAt - RENEW_MARGIN_SECONDS - now) * 1000, 2 ** 31 - 1));
      timer.unref();
      this.#timers.push(timer);
    }
    for (const at of [expiresAt - EXPIRES_SOON_SECONDS, expiresAt]) {
      if (at <= now) continue;
      // setTimeout cannot wait longer than ~24.8 days; a token expiring later is re-checked then.
      const timer = setTimeout(() => this.#options.onDeadline(), Math.min((at - now) * 1000, 2 ** 31 - 1));
      timer.unref();
      this.#timers.push(timer);
    }
  }

  #clearTimers(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers = [];
  }
}
