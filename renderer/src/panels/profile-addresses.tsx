// The active platform profile's addresses, changed where a sign-in that found nothing there says so: the
// API's and the sign-in page's. Opened with the sign-in page's field focused (the one a failed sign-in names).
// The Settings panel shows them too, for the other errors that say to check the profile's address.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../state/session-slice';
import { ErrorMessage } from '../error-details';

/** `showError`: where the panel does not show the session's errors itself (Settings). */
export function ProfileAddressesForm({ onDone, showError = false }: { onDone: () => void; showError?: boolean }) {
  const { platform, profile, busy, error, save } = useSessionStore(
    useShallow((state) => ({ platform: state.session?.platform ?? null, profile: state.session?.profile ?? '', busy: state.busy, error: state.error, save: state.setProfileAddresses })),
  );
  const [apiUrl, setApiUrl] = useState(platform?.apiUrl ?? '');
  const [authUrl, setAuthUrl] = useState(platform?.authUrl ?? '');
  const signInField = useRef<HTMLInputElement>(null);
  useEffect(() => signInField.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ apiUrl, authUrl })) onDone();
  };
  return (
    <form className="live-setting" noValidate onSubmit={(event) => void submit(event)} aria-label={`Addresses of the profile ${profile}`} data-testid="profile-addresses">
      <label className="field field-wide">
        Sign-in page address (authorization server)
        <input type="url" ref={signInField} value={authUrl} disabled={busy} onChange={(event) => setAuthUrl(event.target.value)} required />
      </label>
      <label className="field field-wide">
        API address
        <input type="url" value={apiUrl} disabled={busy} onChange={(event) => setApiUrl(event.target.value)} required />
      </label>
      {showError && error && (
        <ErrorMessage error={error} />
      )}
      <p className="hint">Whoever runs the platform gives both (for a platform on this computer, http:// is fine; elsewhere, https://).</p>
      <button type="submit" className="button button-primary" disabled={busy}>
        Save addresses
      </button>{' '}
      <button type="button" className="button" disabled={busy} onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** Settings: which platform the active profile talks to, and the way to change its addresses. */
export function PlatformProfileSection() {
  const { session } = useSessionStore(useShallow((state) => ({ session: state.session })));
  const [editing, setEditing] = useState(false);
  if (!session) return null;
  const signedIn = session.status !== 'signed-out';
  return (
    <>
      <h2>Platform profile</h2>
      <dl className="facts" data-testid="platform-profile">
        <dt>Profile</dt>
        <dd>{session.profileKind === 'sandbox' ? `${session.profile} (the local sandbox that comes with the app)` : session.profile}</dd>
        <dt>API address</dt>
        <dd>{session.platform?.apiUrl ?? 'not known yet'}</dd>
        <dt>Sign-in page address</dt>
        <dd>{session.platform?.authUrl ?? 'not known yet'}</dd>
      </dl>
      {session.profileKind === 'platform' &&
        (signedIn ? (
          <p className="hint">Sign out (Sign in panel) to change the addresses: your sign-in belongs to the platform at these ones.</p>
        ) : editing ? (
          <ProfileAddressesForm onDone={() => setEditing(false)} showError />
        ) : (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Change addresses
          </button>
        ))}
    </>
  );
}
