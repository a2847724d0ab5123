// What fixes a missing keychain, on the streamer's OS: the sentence the banner, `whoami` and diagnostics show
// after the cause.
import type { KeychainProblem } from './secret-store.js';

/** The OS's keychain, by name, as its users know it. */
export function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service (GNOME Keyring or KWallet)';
}

export function keychainFix(problem: KeychainProblem, platform: NodeJS.Platform): string {
  const later = 'The app notices when it comes back, and new secrets go there.';
  if (problem === 'module-missing') {
    return platform === 'linux'
      ? 'Reinstall the app. From a checkout: `sudo apt-get install -y libsecret-1-dev`, then `npm rebuild keytar`.'
      : 'Reinstall the app: its keychain module is missing or damaged.';
  }
  if (problem === 'no-answer') {
    return `Answer the keychain's prompt (it may be behind another window), then choose "Try the keychain again". ${later}`;
  }
  if (platform === 'darwin') {
    return `Unlock the login keychain in Keychain Access (or allow the app when macOS asks), then choose "Try the keychain again". ${later}`;
  }
  if (platform === 'win32') {
    return `Sign in to Windows with a user account that has a Credential Manager (not a temporary profile), then start the app again.`;
  }
  switch (problem) {
    case 'no-session-bus':
      // The session bus is chosen when the process starts, so this one cannot come back by itself.
      return 'Start the app from a desktop session with a keychain (`sudo apt-get install -y gnome-keyring`); on a headless machine, start it under `dbus-run-session` after `gnome-keyring-daemon --unlock --components=secrets`.';
    case 'no-secret-service':
      return `Install and start a keychain: \`sudo apt-get install -y gnome-keyring\`, then sign in to a desktop session (or start \`gnome-keyring-daemon --unlock --components=secrets\` in this session). ${later}`;
    case 'no-keyring':
      return `Create and unlock a login keyring: open "Passwords and Keys" (seahorse) in a desktop session, or start \`gnome-keyring-daemon --unlock --components=secrets\`, then choose "Try the keychain again". ${later}`;
    case 'locked':
      return `Unlock the login keyring (in "Passwords and Keys", or answer its prompt), then choose "Try the keychain again". ${later}`;
    default:
      return `Check that the keychain lets this app keep secrets (it may have been refused in a prompt), then choose "Try the keychain again". ${later}`;
  }
}
