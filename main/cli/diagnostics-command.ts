// `companion diagnostics`: the Settings panel's "Copy diagnostics" text, printed (versions, OS, profile
// kinds, where secrets are kept, the end of the logs; secrets redacted). It reads files and asks the keychain
// only, without starting the core: a broken setup (a platform that does not answer) is when it is needed most.
import { describeApp } from '../app-info.js';
import { diagnosticsReport } from '../log/diagnostics-report.js';
import { ProfileStore } from '../profiles/profiles.js';
import { dataDir, defaultDataDir } from '../settings/data-dir.js';
import { checkDataDir } from '../settings/data-dir-check.js';
import { FallbackSecretStore } from '../vault/fallback-secret-store.js';
import { describeKeychain } from '../vault/keychain-status.js';
import { keytarSecretStore } from '../vault/secret-store.js';
import { vaultServiceFor } from '../vault/vault.js';
import { emitJson, noPositionals, type Command } from './command-context.js';

export const diagnosticsCommand: Command = {
  synopsis: 'diagnostics                print versions and recent logs (secrets redacted) for a bug report',
  options: {},
  // Needed most when the setup is broken: a data folder that cannot be written is one line of the report.
  toleratesUnwritableDataDir: true,
  async run(context, _values, positionals) {
    noPositionals('diagnostics', positionals);
    const saved = await new ProfileStore(dataDir(), (message) => context.logger.warn(message)).load();
    const profiles = {
      active: context.profile ?? saved.active,
      profiles: Object.entries(saved.profiles).map(([name, profile]) => ({ name, kind: profile.kind, dialect: profile.dialect, apiUrl: profile.kind === 'platform' ? profile.apiUrl : null })),
    };
    const keychain = new FallbackSecretStore(keytarSecretStore(vaultServiceFor(dataDir(), defaultDataDir())));
    await keychain.ready();
    keychain.close();
    const text = await diagnosticsReport({ app: describeApp('cli', null), profiles, keychain: describeKeychain(keychain.state), dataDir: dataDirLine(dataDir()), logDirectory: context.logger.directory, redact: context.logger.redact });
    if (context.json) emitJson(context, 'diagnostics', { text });
    else context.out.write(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  },
};

function dataDirLine(directory: string): string {
  try {
    checkDataDir(directory);
    return `Data folder: ${directory} (writable)`;
  } catch (error) {
    return `Data folder: ${error instanceof Error ? error.message : String(error)}`;
  }
}
