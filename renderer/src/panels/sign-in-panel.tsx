import { useEffect, useState } from 'react';
import { formatExpiry } from '../format-expiry';
import { useAppInfoStore } from '../state/app-info-slice';
import { useSessionStore } from '../state/session-slice';
import { useShallow } from 'zustand/react/shallow';
import { ProfileAddressesForm } from './profile-addresses';
import { ErrorMessage } from '../error-details';
import { LoadingOrFailed } from './panel-parts';

export function SignInPanel() {
  const { session, profiles, busy, error, errorCode, load, signIn, signOut, switchProfile } = useSessionStore(
    useShallow((state) => ({
      session: state.session,
      profiles: state.profiles,
      busy: state.busy,
      error: state.error,
      errorCode: state.errorCode,
      load: state.load,
      signIn: state.signIn,
      signOut: state.signOut,
      switchProfile: state.switchProfile,
    })),
  );
  /** The profile's addresses are being changed (after a sign-in found nothing at them, or on request). */
  const [editingAddresses, setEditingAddresses] = useState(false);
  const [offline, setOffline] = useState(false);
  // Browser mode asks for a bearer token through the code flow; a MAC token is a choice there (see below).
  const inBrowser = useAppInfoStore((state) => state.info?.shell === 'browser');
  const [mac, setMac] = useState(false);

  useEffect(() => {
    if (!session) void load();
  }, [session, load]);

  if (!session) {
    return (
      <section className="panel" aria-labelledby="panel-title">
        <h1 id="panel-title">Sign in</h1>
        <LoadingOrFailed error={error} />
      </section>
    );
  }

  const signedIn = session.status === 'signed-in';
  // Today's platform has one way in (code + PKCE, a token that renews itself): no MAC token, no offline scope to choose.
  const today = session.dialect === 'current';
  // Only a platform profile has addresses to change, and only signed out: a sign-in belongs to the platform it was made at.
  const addressesEditable = session.profileKind === 'platform' && !signedIn;
  const editAddresses = (label: string) =>
    addressesEditable &&
    !editingAddresses && (
      <button type="button" className="button button-small" onClick={() => setEditingAddresses(true)}>
        {label}
      </button>
    );
  return (
    <section className="panel" aria-labelledby="panel-title">
      <h1 id="panel-title">Sign in</h1>
      {profiles && profiles.profiles.length > 1 && (
        <label className="field">
          Profile
          <select value={session.profile} disabled={busy} onChange={(event) => void switchProfile(event.target.value)} data-testid="profile-select">
            {profiles.profiles.map((profile) => (
              <option key={profile.name} value={profile.name}>
                {profile.name} {profile.kind === 'sandbox' ? '(local sandbox)' : `(${profile.apiUrl ?? ''})`}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="panel-purpose">
        {session.profileKind === 'sandbox'
          ? 'You are using the local sandbox platform that comes with the app: nothing you do reaches the real platform.'
          : `Platform: ${session.platform?.apiUrl ?? 'not configured'}.`}{' '}
        {editAddresses('Change addresses')}{' '}
        <span data-testid="profile-dialect">
          {today ? 'It speaks the platform as it runs today (sign-in with code + PKCE, uploads in parts, RTMPS).' : 'It speaks the platform as its specification describes it (MAC tokens, FTP uploads).'}
        </span>
      </p>

      {session.lastError && (
        <p className="error" role="alert" data-testid="sign-in-error">
          {session.lastError.message}
        </p>
      )}
      {error && (
        <ErrorMessage error={error}>
          {errorCode === 'platform_unreachable' && <> {editAddresses('Edit the addresses')}</>}
        </ErrorMessage>
      )}
      {addressesEditable && editingAddresses && <ProfileAddressesForm onDone={() => setEditingAddresses(false)} />}

      {signedIn ? (
        <div data-testid="signed-in">
          <dl className="facts">
            <dt>Signed in as</dt>
            <dd data-testid="signed-in-user">{session.user ?? 'a user of this platform'}</dd>
            <dt>Token</dt>
            <dd data-testid="token-type">
              {session.tokenType === 'mac' ? 'MAC (signs every request)' : 'Bearer'}
              {session.scopes.length > 0 && ` · ${session.scopes.join(', ')}`}
            </dd>
            <dt>Expires</dt>
            <dd className={session.expiresSoon ? 'warning' : undefined} data-testid="token-expiry">
              {session.renewable ? `Renews itself before it runs out (this token: ${formatExpiry(session.expiresAt)})` : formatExpiry(session.expiresAt)}
            </dd>
          </dl>
          <button type="button" className="button" disabled={busy} onClick={() => void signOut()}>
            {busy ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      ) : (
        <div data-testid="signed-out">
          <p>{session.status === 'expired' ? 'Your sign-in has expired. Sign in again to go on; paused work resumes afterwards.' : 'You are not signed in.'}</p>
          {!today && (
            <label className="checkbox">
              <input type="checkbox" checked={offline} disabled={busy} onChange={(event) => setOffline(event.target.checked)} />
              Stay signed in (offline access: the token never expires until you sign out or revoke it)
            </label>
          )}
          {inBrowser && !today && (
            <label className="checkbox">
              <input type="checkbox" checked={mac} disabled={busy} onChange={(event) => setMac(event.target.checked)} data-testid="ask-mac" />
              Ask for a MAC token (signs every request)
            </label>
          )}
          {inBrowser && mac && !today && (
            <p className="warning" role="note" data-testid="mac-history-note">
              The platform gives a MAC token only in the address it sends this tab back to, and the browser&apos;s history keeps that address: anyone who can read
              this browser&apos;s history can use the token. Clear the history afterwards, or sign in without a MAC token (the default keeps only a one-time code there).
            </p>
          )}
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void signIn(offline && !today, inBrowser && !today ? (mac ? 'mac' : 'bearer') : undefined)}>
            {busy ? 'Opening the sign-in page…' : 'Sign in'}
          </button>
          {session.sandboxLogin && (
            <p className="hint">
              Sandbox login: <code>{session.sandboxLogin.username}</code> / <code>{session.sandboxLogin.password}</code>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
