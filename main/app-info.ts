// What the app says about itself (name, version, shell, runtime versions): for the Settings panel and for
// diagnostics, which must work even when the core cannot start (no keychain, say).
import type { AppInfo } from '../preload/contract.js';
import packageJson from '../package.json' with { type: 'json' };

export function describeApp(shell: AppInfo['shell'], shellNote: string | null): AppInfo {
  return {
    name: packageJson.productName,
    version: packageJson.version,
    shell,
    shellNote,
    platform: `${process.platform}-${process.arch}`,
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
    },
  };
}
