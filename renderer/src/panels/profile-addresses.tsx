// The active platform profile's addresses, changed where a sign-in that found nothing there says so: the
// API's and the sign-in page's. Opened with the sign-in page's field focused (the one a failed sign-in names).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../state/session-slice';

export function ProfileAddressesForm({ onDone }: { onDone: () => void }) {
  const { platform, profile, busy, save } = useSessionStore(
    useShallow((state) => ({ platform: state.session?.platform ?? null, profile: state.session?.profile ?? '', busy: state.busy, save: state.setProfileAddresses })),
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
