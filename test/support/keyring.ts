// Tests that touch the keychain run against the throwaway GNOME Keyring of scripts/with-keyring.mjs, never
// against a developer's own keyring, and never skip: outside the harness they fail and say how to run them.
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';

/** Set by scripts/with-keyring.mjs to the temporary HOME it made. */
const KEYRING_HOME_VARIABLE = 'COMPANION_TEST_KEYRING_HOME';

const HOW_TO_RUN = 'Run `npm test`, or `node scripts/with-keyring.mjs npx vitest run <files>`, which start a private D-Bus session with an unlocked GNOME Keyring and a temporary HOME.';

export function requireKeyring(): void {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error(`This test needs a real keychain, but DBUS_SESSION_BUS_ADDRESS is unset: it was run outside the keyring harness. ${HOW_TO_RUN}`);
  }
  // A desktop session has a bus too, with the developer's own keyring on it: that one is not for tests.
  const harnessHome = process.env[KEYRING_HOME_VARIABLE];
  if (harnessHome === undefined || harnessHome !== homedir()) {
    throw new Error(`This test stores secrets in a keychain and runs only inside the keyring harness, not on your own session bus. ${HOW_TO_RUN}`);
  }
}

export interface SecretToolResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `secret-tool` (libsecret-tools): an independent look into the keychain, not through keytar. */
export function secretTool(args: readonly string[]): SecretToolResult {
  const result = spawnSync('secret-tool', args, { encoding: 'utf8', timeout: 15_000 });
  if (result.error) throw new Error(`secret-tool could not run: install the Debian package libsecret-tools (npm test installs it). ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
