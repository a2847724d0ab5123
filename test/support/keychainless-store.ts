// For facade tests that keep no secret: the app's store as it runs without a keychain (memory only).
import { FallbackSecretStore } from '../../main/vault/fallback-secret-store.js';
import { KeychainUnavailableError, type KeychainStore } from '../../main/vault/secret-store.js';

export function keychainlessStore(): FallbackSecretStore {
  const refuse = async (): Promise<never> => {
    throw new KeychainUnavailableError('module-missing', 'this test runs without a keychain');
  };
  const keychain: KeychainStore = { check: refuse, get: refuse, set: refuse, delete: refuse, list: refuse };
  return new FallbackSecretStore(keychain);
}
