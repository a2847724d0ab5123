import { useEffect } from 'react';
import { useNow } from './use-now';
import { useConnectionStore } from './state/connection-slice';
import { useKeychainStore } from './state/keychain-slice';
import { ErrorDetails } from './error-details';

/**
 * Persistent while secrets live in memory only (no keychain) or a keychain prompt waits for an answer: the
 * streamer must know a restart forgets the sign-in and keys, why, and what fixes it. Not dismissable.
 */
export function KeychainBanner() {
  const status = useKeychainStore((state) => state.status);
  const retrying = useKeychainStore((state) => state.retrying);
  const retryError = useKeychainStore((state) => state.retryError);
  const load = useKeychainStore((state) => state.load);
  const retry = useKeychainStore((state) => state.retry);
  const connected = useConnectionStore((state) => state.link.kind === 'connected');
  // Asked again after each reconnect: changes sent while the link was down never arrived.
  useEffect(() => {
    if (connected) void load();
  }, [connected, load]);

  if (status?.mode === 'waiting') return <WaitingBanner name={status.name} giveUpAt={status.giveUpAt} />;
  if (status?.mode !== 'memory') return null;
  return (
    <section className="keychain-banner" role="status" aria-label="Keychain">
      <p className="keychain-banner-title">
        <strong>No keychain — sign-ins and keys last until the app quits.</strong>
      </p>
      <p className="keychain-banner-reason">Why: {status.reason}.</p>
      <p className="keychain-banner-fix">Fix: {status.fix}</p>
      <div className="keychain-banner-actions">
        <button type="button" onClick={() => void retry()} disabled={retrying}>
          {retrying ? 'Asking the keychain…' : 'Try the keychain again'}
        </button>
        {retryError && <span className="error">{retryError.message}</span>}
      </div>
      {retryError && <ErrorDetails error={retryError} />}
    </section>
  );
}

function WaitingBanner({ name, giveUpAt }: { name: string; giveUpAt: number }) {
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((giveUpAt - now) / 1000));
  const left = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <section className="keychain-waiting" role="status" aria-label="Keychain">
      <p>
        <strong>Waiting for the keychain…</strong> No answer yet from {name}: if it asks to be unlocked, answer its prompt (it may be
        behind this window). Without an answer, secrets stay in memory for this run in {left}.
      </p>
    </section>
  );
}
