// The OS keychain through keytar (macOS Keychain, Windows Credential Vault, the Secret Service on Linux:
// GNOME Keyring, KWallet). There is deliberately no file fallback: when the keychain is missing, the app keeps
// secrets in memory only (fallback-secret-store.ts decides that; this module only says what went wrong).
import type * as Keytar from 'keytar';

/** Accounts of one service. Values are opaque strings; the vault gives them meaning. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when there was something to delete. */
  delete(account: string): Promise<boolean>;
  list(): Promise<string[]>;
}

/** The OS keychain: a SecretStore that can also say whether it can keep a secret right now. */
export interface KeychainStore extends SecretStore {
  /** Resolves when a secret can be written and deleted now; rejects with KeychainUnavailableError. */
  check(): Promise<void>;
}

/** Why the keychain cannot keep secrets, as the streamer needs to know it to fix it. */
export type KeychainProblem =
  | 'module-missing'
  | 'no-session-bus'
  | 'no-secret-service'
  | 'no-keyring'
  | 'locked'
  | 'refused'
  | 'no-answer';

export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(
    readonly problem: KeychainProblem,
    /** What happened, in a phrase: shown inside the sentence for the streamer. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`No keychain is available: ${reason}.`, options);
  }
}

/**
 * The item `check()` writes and deletes lives under its own service, never under the one `list()` searches:
 * a search that meets an item another process deletes a moment later fails ("No such interface
 * org.freedesktop.Secret.Item"), and keytar 7.9's findCredentials can even crash reading its vanished secret.
 * The app and the command line check the keychain at the same time often enough for that to happen.
 */
export const KEYCHAIN_CHECK_ACCOUNT = 'keychain-check';
const checkService = (service: string) => `${service} (keychain check)`;
/** Per process: two processes checking at once must not replace or delete each other's item. */
const checkAccount = `${KEYCHAIN_CHECK_ACCOUNT}-${process.pid}`;

/**
 * An operation that meets an item another process deleted a moment before (libsecret loads the whole
 * collection's items, so any item's churn can do it) is asked again, after 5, 10, 20 … 320 ms (0.6 s in all:
 * a busy keyring with several processes changing items can meet a vanished one a few times in a row).
 */
const VANISHED_ITEM_ATTEMPTS = 8;

// Loaded from ESM, the CommonJS module arrives as `default`.
type KeytarApi = typeof Keytar.default;

export function keytarSecretStore(service: string): KeychainStore {
  requireText('service', service);
  // Loaded once, lazily, so that merely importing the vault never loads a native module that may be missing
  // or built for another runtime. A module that failed to load stays failed for the process's life.
  let loaded: Promise<KeytarApi> | null = null;

  async function load(): Promise<KeytarApi> {
    try {
      return (await import('keytar')).default;
    } catch (error) {
      throw new KeychainUnavailableError('module-missing', `the keychain module (keytar) could not be loaded (${describe(error)})`, { cause: error });
    }
  }

  async function withKeytar<T>(operation: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    loaded ??= load();
    const keytar = await loaded;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await operation(keytar);
      } catch (error) {
        if (attempt < VANISHED_ITEM_ATTEMPTS && isVanishedItem(error)) {
          await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** (attempt - 1)));
          continue;
        }
        // Arguments are checked before keytar sees them, so what rejects here is the backend itself: on Linux a
        // libsecret/D-Bus error (no bus, no Secret Service, a locked or missing collection).
        throw keychainError(error);
      }
    }
  }

  async function check(): Promise<void> {
    await withKeytar(async (keytar) => {
      // A write, not a read: a locked GNOME keyring answers reads with "nothing here" and refuses only writes.
      await keytar.setPassword(checkService(service), checkAccount, 'ok');
      await keytar.deletePassword(checkService(service), checkAccount);
    });
  }

  return {
    check,
    async get(account) {
      requireText('account', account);
      return withKeytar((keytar) => keytar.getPassword(service, account));
    },
    async set(account, value) {
      requireText('account', account);
      requireText('value', value);
      return withKeytar((keytar) => keytar.setPassword(service, account, value));
    },
    async delete(account) {
      requireText('account', account);
      return withKeytar((keytar) => keytar.deletePassword(service, account));
    },
    async list() {
      // keytar 7.9's findCredentials crashes the process (SIGSEGV) on Linux when the service's items are in a
      // locked collection that cannot be unlocked; a write check first refuses such a keyring cleanly.
      await check();
      return withKeytar(async (keytar) => (await keytar.findCredentials(service)).map((credential) => credential.account));
    },
  };
}

/**
 * What a keychain backend's error means. The texts are libsecret's and D-Bus's on Linux (the messages keytar
 * passes on), and the Security framework's on macOS; anything else is a refusal.
 */
export function keychainError(error: unknown): KeychainUnavailableError {
  const message = describe(error);
  const says = (pattern: RegExp) => pattern.test(message);
  const options = { cause: error };
  if (says(/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect|Failed to connect to socket|Connection refused|dbus-launch/i)) {
    return new KeychainUnavailableError('no-session-bus', `there is no desktop session bus (D-Bus) to reach a keychain through (${message})`, options);
  }
  if (says(/org\.freedesktop\.secrets|ServiceUnknown|NameHasNoOwner|not provided by any \.service files/i)) {
    return new KeychainUnavailableError('no-secret-service', `no keychain service (a Secret Service such as GNOME Keyring or KWallet) runs in this session (${message})`, options);
  }
  if (!isVanishedItem(error) && says(/Object does not exist at path .*\/collection\/|No such secret collection|no default collection/i)) {
    return new KeychainUnavailableError('no-keyring', `the keychain service has no login keyring to keep secrets in (${message})`, options);
  }
  if (says(/locked|User interaction is not allowed|interaction not allowed|prompt/i)) {
    return new KeychainUnavailableError('locked', `the keychain is locked and was not unlocked (${message})`, options);
  }
  return new KeychainUnavailableError('refused', `the keychain refused the request (${message})`, options);
}

/**
 * An item found by a search and deleted by another process before it was read: the Secret Service's words for
 * an item path (…/collection/<name>/<n>) that no longer answers. A collection's own path is not this.
 */
export function isVanishedItem(error: unknown): boolean {
  const message = describe(error);
  return /No such interface .?org\.freedesktop\.Secret\.Item|No such secret item at path|Object does not exist at path \S*\/collection\/[^/\s]+\/[^/\s]+/i.test(message);
}

/** keytar refuses empty strings with a generic error; say which argument it was. */
function requireText(name: string, value: string): void {
  if (value === '') throw new TypeError(`The keychain ${name} must not be empty.`);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/, '');
}
