// Whose lists of copies and saved files are shown: one name per signed-in account.
import type { SessionInfo } from '../../preload/contract.js';

/**
 * The profile and, when the platform told it, the user (two accounts signed in on one profile keep theirs
 * apart); null while signed out.
 */
export function accountOf(session: SessionInfo): string | null {
  if (session.status === 'signed-out') return null;
  return session.user === null ? session.profile : `${session.profile}/${session.user}`;
}
