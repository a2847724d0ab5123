// Where secrets live: the OS keychain through keytar (macOS Keychain, Windows Credential Vault, the Secret
// Service on Linux: GNOME Keyring, KWallet). There is deliberately no file fallback: when the keychain is
// missing, the app says so and keeps secrets in memory only.
import type * as Keytar from 'keytar';

/** Accounts of one service. Values are opaque strings; the vault gives them meaning. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when there was something to delete. */
  delete(account: string): Promise<boolean>;
  list(): Promise<string[]>;
}

export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(
    /** Why, in a phrase: shown inside the sentence for the streamer. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      `No keychain is available: ${reason}. Secrets are never stored in clear, so sign-in cannot be remembered. ` +
        'On Linux, install and unlock GNOME Keyring (gnome-keyring) or another Secret Service.',
      options,
    );
  }
}

// Loaded from ESM, the CommonJS module arrives as `default`.
type KeytarApi = typeof Keytar.default;

export function keytarSecretStore(service: string): SecretStore {
  requireText('service', service);
  // One probe per store, shared by concurrent first calls; its verdict (either way) is kept for the store's life.
  let ready: Promise<KeytarApi> | null = null;

  async function probe(): Promise<KeytarApi> {
    let keytar: KeytarApi;
    try {
      // Lazily, so that merely importing the vault never loads a native module that may be missing or
      // built for another runtime.
      keytar = (await import('keytar')).default;
    } catch (error) {
      throw new KeychainUnavailableError(`the keychain module (keytar) could not be loaded (${describe(error)})`, { cause: error });
    }
    try {
      // Harmless and read-only, yet it needs a working backend: on Linux it reaches the Secret Service over D-Bus.
      await keytar.findCredentials(service);
    } catch (error) {
      throw new KeychainUnavailableError(`the keychain service did not answer (${describe(error)})`, { cause: error });
    }
    return keytar;
  }

  async function withKeytar<T>(operation: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    ready ??= probe();
    const keytar = await ready;
    try {
      return await operation(keytar);
    } catch (error) {
      // Arguments are checked before keytar sees them, so what rejects here is the backend itself: on Linux a
      // libsecret/D-Bus error (the daemon went away, the collection is locked or missing).
      throw new KeychainUnavailableError(`the keychain refused the request (${describe(error)})`, { cause: error });
    }
  }

  return {
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
      return withKeytar(async (keytar) => (await keytar.findCredentials(service)).map((credential) => credential.account));
    },
  };
}

/** keytar refuses empty strings with a generic error; say which argument it was. */
function requireText(name: string, value: string): void {
  if (value === '') throw new TypeError(`The keychain ${name} must not be empty.`);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/, '');
}
