// The app namespace: what runs (shell, versions), its status, the notices of the start, diagnostics, and
// where secrets are kept this run. Emits `keychain` when that changes.
import type { AppInfo, AppStatus, appNamespace, Contract, KeychainStatus, NamespaceImplementation, Notice } from '../../preload/contract.js';
import { describeApp } from '../app-info.js';
import type { AppStatusTracker } from '../desktop/app-status.js';
import { ContractEvents } from '../typed-emitter.js';
import type { FallbackSecretStore } from '../vault/fallback-secret-store.js';
import { describeKeychain } from '../vault/keychain-status.js';
import type { NoticeBoard } from './notice-board.js';

export interface AppServiceOptions {
  readonly shell: AppInfo['shell'];
  readonly shellNote: string | null;
  /** Where secrets are kept this run: the keychain, or memory when there is none. */
  readonly keychain: FallbackSecretStore;
  readonly notices: NoticeBoard;
  readonly status: AppStatusTracker;
  /** Builds the "copy diagnostics" text (the core knows the profiles, the logs and the redaction). */
  readonly diagnostics: (app: AppInfo) => Promise<string>;
}

export class AppService implements NamespaceImplementation<typeof appNamespace> {
  readonly events = new ContractEvents<Contract, 'keychain'>();
  readonly #options: AppServiceOptions;

  constructor(options: AppServiceOptions) {
    this.#options = options;
    options.keychain.onChange((state) => this.events.emit('keychain', describeKeychain(state)));
  }

  info(): AppInfo {
    return describeApp(this.#options.shell, this.#options.shellNote);
  }

  diagnostics(): Promise<string> {
    return this.#options.diagnostics(this.info());
  }

  startupNotices(): Notice[] {
    return this.#options.notices.startupNotices();
  }

  status(): AppStatus {
    return this.#options.status.status;
  }

  keychain(): KeychainStatus {
    return describeKeychain(this.#options.keychain.state);
  }

  /** Asks the keychain again now (after unlocking or installing one); what memory holds moves there. */
  async retryKeychain(): Promise<KeychainStatus> {
    return describeKeychain(await this.#options.keychain.retry());
  }
}
