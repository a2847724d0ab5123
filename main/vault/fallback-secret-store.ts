// Secrets go to the OS keychain when it can keep them, else into this process's memory for this run only:
// never onto disk. No keychain is a mode the app runs in, announced through `status`, not a crash.
//
// - A keychain call unanswered after `promptAfterMs` is most likely a prompt (macOS, KWallet, a locked GNOME
//   keyring): the status says "waiting" until it answers or `giveUpAfterMs` passes, then memory takes over.
// - Memory holds only what the keychain could not take, so reads look there first.
// - When the keychain comes back, what memory holds moves into it and new secrets go there. It is asked again
//   every `recheckEveryMs` when asking cannot raise a prompt (no bus, no Secret Service), on every new secret
//   when the keychain was locked or refused (the moment a prompt belongs to), and on `retry()`.
import { keychainError, KeychainUnavailableError, type KeychainProblem, type KeychainStore, type SecretStore } from './secret-store.js';

export type KeychainState =
  | { readonly mode: 'checking' }
  | { readonly mode: 'keychain' }
  /** A keychain call waits for an answer (a prompt, most likely); memory takes over at `giveUpAt` (epoch ms). */
  | { readonly mode: 'waiting'; readonly giveUpAt: number }
  | { readonly mode: 'memory'; readonly problem: KeychainProblem; readonly reason: string };

export interface FallbackOptions {
  readonly promptAfterMs?: number;
  readonly giveUpAfterMs?: number;
  readonly recheckEveryMs?: number;
  readonly now?: () => number;
}

export const DEFAULT_GIVE_UP_AFTER_MS = 60_000;

/** Asking again cannot raise a prompt: nothing answers at all. */
const QUIET_PROBLEMS: ReadonlySet<KeychainProblem> = new Set(['no-session-bus', 'no-secret-service']);
/** A keychain that is there but said no: a new secret is the moment to ask it again. */
const ASK_ON_WRITE_PROBLEMS: ReadonlySet<KeychainProblem> = new Set(['locked', 'no-keyring', 'refused']);

type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

export class FallbackSecretStore implements SecretStore {
  readonly #keychain: KeychainStore;
  readonly #memory = new Map<string, string>();
  readonly #listeners = new Set<(state: KeychainState) => void>();
  readonly #promptAfterMs: number;
  readonly #giveUpAfterMs: number;
  readonly #recheckEveryMs: number;
  readonly #now: () => number;
  #state: KeychainState = { mode: 'checking' };
  #ready: Promise<void> | null = null;
  /** Keychain calls past `promptAfterMs` and not yet answered. */
  #waiting = 0;
  #recheckTimer: NodeJS.Timeout | null = null;
  #rechecking: Promise<void> | null = null;
  #closed = false;

  constructor(keychain: KeychainStore, options: FallbackOptions = {}) {
    this.#keychain = keychain;
    this.#promptAfterMs = options.promptAfterMs ?? 1_500;
    this.#giveUpAfterMs = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS;
    this.#recheckEveryMs = options.recheckEveryMs ?? 15_000;
    this.#now = options.now ?? Date.now;
  }

  get state(): KeychainState {
    return this.#state;
  }

  /** Every change of state, in order. */
  onChange(listener: (state: KeychainState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The first check of the keychain (also started by the first secret asked for). */
  ready(): Promise<void> {
    this.#ready ??= this.#check();
    return this.#ready;
  }

  /** Asks the keychain again now (the banner's button; after unlocking it). */
  async retry(): Promise<KeychainState> {
    await this.ready();
    if (this.#state.mode === 'memory') await this.#recheck();
    return this.#state;
  }

  /** Stops asking the keychain again; what memory holds stays until the process ends. */
  close(): void {
    this.#closed = true;
    this.#stopRechecks();
  }

  async get(account: string): Promise<string | null> {
    await this.ready();
    const remembered = this.#memory.get(account);
    if (remembered !== undefined) return remembered;
    if (!this.#usesKeychain()) return null;
    const read = await this.#attempt(() => this.#keychain.get(account));
    return read.ok ? read.value : null;
  }

  async set(account: string, value: string): Promise<void> {
    await this.ready();
    if (this.#state.mode === 'memory' && ASK_ON_WRITE_PROBLEMS.has(this.#state.problem)) await this.#recheck();
    if (this.#usesKeychain()) {
      const written = await this.#attempt(() => this.#keychain.set(account, value));
      if (written.ok) {
        this.#memory.delete(account);
        return;
      }
    }
    this.#memory.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    await this.ready();
    const remembered = this.#memory.delete(account);
    if (!this.#usesKeychain()) return remembered;
    const deleted = await this.#attempt(() => this.#keychain.delete(account));
    return remembered || (deleted.ok && deleted.value);
  }

  async list(): Promise<string[]> {
    await this.ready();
    const accounts = new Set(this.#memory.keys());
    if (this.#usesKeychain()) {
      const listed = await this.#attempt(() => this.#keychain.list());
      if (listed.ok) for (const account of listed.value) accounts.add(account);
    }
    return [...accounts];
  }

  #usesKeychain(): boolean {
    return this.#state.mode === 'keychain' || this.#state.mode === 'waiting';
  }

  async #check(): Promise<void> {
    const checked = await this.#attempt(() => this.#keychain.check());
    if (checked.ok) this.#setState({ mode: 'keychain' });
  }

  /** One keychain call, watched: slow is "waiting", too slow or failed is memory mode. */
  async #attempt<T>(call: () => Promise<T>): Promise<Attempt<T>> {
    let pending: Promise<T>;
    try {
      pending = call();
    } catch (error) {
      return this.#failed(error);
    }
    let counted = false;
    const promptTimer = setTimeout(() => {
      counted = true;
      this.#waiting += 1;
      // Also while in memory mode: asking a locked keychain again may raise its prompt.
      this.#setState({ mode: 'waiting', giveUpAt: this.#now() - this.#promptAfterMs + this.#giveUpAfterMs });
    }, this.#promptAfterMs);
    let giveUpTimer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'gave-up'>((resolve) => {
      giveUpTimer = setTimeout(() => resolve('gave-up'), this.#giveUpAfterMs);
    });
    const answered = pending.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const outcome = await Promise.race([answered, gaveUp]);
    clearTimeout(promptTimer);
    clearTimeout(giveUpTimer);
    if (counted) this.#waiting -= 1;

    if (outcome === 'gave-up') {
      // A late answer means the prompt was answered after all: the keychain may take secrets again.
      void answered.then((late) => {
        if (late.ok && this.#state.mode === 'memory' && this.#state.problem === 'no-answer') void this.#recheck();
      });
      const seconds = Math.round(this.#giveUpAfterMs / 1000);
      this.#fallBack('no-answer', `the keychain did not answer within ${seconds} s (a prompt to unlock it may be waiting)`);
      return { ok: false };
    }
    if (!outcome.ok) return this.#failed(outcome.error);
    if (this.#state.mode === 'waiting' && this.#waiting === 0) this.#setState({ mode: 'keychain' });
    return outcome;
  }

  #failed(error: unknown): Attempt<never> {
    // Wrong arguments (an empty account, say) are the caller's mistake, not the keychain's.
    if (error instanceof TypeError) throw error;
    const unavailable = error instanceof KeychainUnavailableError ? error : keychainError(error);
    this.#fallBack(unavailable.problem, unavailable.reason);
    return { ok: false };
  }

  #fallBack(problem: KeychainProblem, reason: string): void {
    const state = this.#state;
    if (state.mode !== 'memory' || state.problem !== problem || state.reason !== reason) this.#setState({ mode: 'memory', problem, reason });
    if (QUIET_PROBLEMS.has(problem)) this.#startRechecks();
    else this.#stopRechecks();
  }

  /** Asks the keychain whether it can keep secrets now; if so, what memory holds moves there. */
  #recheck(): Promise<void> {
    this.#rechecking ??= (async () => {
      try {
        const checked = await this.#attempt(() => this.#keychain.check());
        if (!checked.ok) return;
        this.#stopRechecks();
        for (const [account, value] of [...this.#memory]) {
          const moved = await this.#attempt(() => this.#keychain.set(account, value));
          if (!moved.ok) return;
          // Unless it changed meanwhile: then the newer value stays where it was put.
          if (this.#memory.get(account) === value) this.#memory.delete(account);
        }
        this.#setState({ mode: 'keychain' });
      } finally {
        this.#rechecking = null;
      }
    })();
    return this.#rechecking;
  }

  #startRechecks(): void {
    if (this.#recheckTimer !== null || this.#closed) return;
    this.#recheckTimer = setInterval(() => void this.#recheck(), this.#recheckEveryMs);
    // Rechecks never keep a process (a finished command) alive.
    this.#recheckTimer.unref();
  }

  #stopRechecks(): void {
    if (this.#recheckTimer !== null) clearInterval(this.#recheckTimer);
    this.#recheckTimer = null;
  }

  #setState(state: KeychainState): void {
    this.#state = state;
    for (const listener of [...this.#listeners]) listener(state);
  }
}
