// The keychain's state as the streamer reads it: the OS's keychain by name, or why there is none and what
// fixes it on this OS.
import type { KeychainStatus } from '../../preload/contract.js';
import { keychainFix, keychainName } from './keychain-advice.js';
import type { KeychainState } from './fallback-secret-store.js';

export function describeKeychain(state: KeychainState, platform: NodeJS.Platform = process.platform): KeychainStatus {
  switch (state.mode) {
    case 'checking':
      return { mode: 'checking' };
    case 'keychain':
      return { mode: 'keychain', name: keychainName(platform) };
    case 'waiting':
      return { mode: 'waiting', name: keychainName(platform), giveUpAt: state.giveUpAt };
    case 'memory':
      return { mode: 'memory', problem: state.problem, reason: state.reason, fix: keychainFix(state.problem, platform) };
  }
}

/** One line for a terminal or a log: where this run's secrets are. */
export function keychainLine(status: KeychainStatus): string {
  switch (status.mode) {
    case 'checking':
      return 'Secrets: checking the keychain…';
    case 'keychain':
      return `Secrets: in ${status.name}.`;
    case 'waiting':
      return `Secrets: waiting for ${status.name} to answer (unlock it if it asks); memory takes over in ${Math.max(0, Math.round((status.giveUpAt - Date.now()) / 1000))} s.`;
    case 'memory':
      return `Secrets: in memory for this run only (no keychain: ${status.reason}). Sign-ins and keys last until the app quits. ${status.fix}`;
  }
}
