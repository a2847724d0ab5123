// The session namespace: sign-in and profiles as the windows ask for them. The account a stream runs on
// cannot be left while the stream is relayed, so signing out and switching ask the live service first.
import { CompanionError, type NamespaceImplementation, type sessionNamespace } from '../../preload/contract.js';
import type { SessionService } from './session-service.js';

export function serveSession(session: SessionService, onAir: () => boolean): NamespaceImplementation<typeof sessionNamespace> {
  const refuseWhileOnAir = (doing: string): void => {
    if (onAir()) throw new CompanionError('live_busy', `End the stream before ${doing}: the stream runs on this account.`);
  };
  return {
    async info() {
      // The sandbox profile's platform starts on demand: asking who is signed in is that demand.
      await session.sandbox();
      return session.info();
    },
    signIn: (options) => session.beginSignIn(options.offline ? ['broadcaster', 'offline'] : ['broadcaster'], options.tokenType),
    async signOut() {
      refuseWhileOnAir('signing out');
      return session.signOut();
    },
    profiles: () => session.profilesInfo(),
    async switchProfile(name) {
      refuseWhileOnAir('switching to another profile');
      return session.switchProfile(name);
    },
    async setProfileAddresses(addresses) {
      if (session.profileKind !== 'platform') throw new CompanionError('bad_request', 'The sandbox profile takes its addresses from the embedded sandbox.');
      if (session.currentStatus() !== 'signed-out') throw new CompanionError('bad_request', "Sign out before changing the platform's addresses: your sign-in belongs to the platform at the current ones.");
      const apiUrl = checkedAddress("The API address", addresses.apiUrl);
      const authUrl = checkedAddress("The sign-in page's address", addresses.authUrl);
      await session.configurePlatformProfile(session.profileName, { apiUrl, authUrl });
      return session.info();
    },
  };
}

/** An http(s) address with nothing after its host and port but a path: what a profile keeps. */
function checkedAddress(what: string, typed: string): string {
  const trimmed = typed.trim();
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    // Said below, with the rest.
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new CompanionError('bad_request', `${what} must be a web address starting with https:// (or http:// for a platform on this computer); "${trimmed}" is not one.`);
  }
  return trimmed.replace(/\/+$/, '');
}
