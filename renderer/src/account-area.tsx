import { useEffect } from 'react';
import { formatExpiry } from './format-expiry';
import { useNavigationStore } from './state/navigation-slice';
import { useSessionStore } from './state/session-slice';

/** The header's account summary: who, where, and a warning before the token runs out. */
export function AccountArea() {
  const session = useSessionStore((state) => state.session);
  const load = useSessionStore((state) => state.load);
  const open = useNavigationStore((state) => state.open);

  useEffect(() => {
    void load();
  }, [load]);

  if (!session) return null;
  const label =
    session.status === 'signed-in' ? (session.user ?? 'Signed in') : session.status === 'expired' ? 'Sign-in expired' : 'Not signed in';
  const tone = session.status === 'expired' || session.expiresSoon ? 'account account-warning' : 'account';
  const title = session.status === 'signed-in' ? `Profile ${session.profile}; token expires ${formatExpiry(session.expiresAt)}` : `Profile ${session.profile}`;
  return (
    <button type="button" className={tone} onClick={() => open('sign-in')} title={title} data-testid="account-area">
      {label}
      <span className="account-profile">{session.profile}</span>
      {session.status === 'signed-in' && session.expiresSoon && <span className="account-expiry">expires {formatExpiry(session.expiresAt)}</span>}
    </button>
  );
}
