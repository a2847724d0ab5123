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
  };
}
