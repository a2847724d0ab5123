// Where the encoder publishes: the local ingest's address and stream key (shown on demand, renewable).
import { useShallow } from 'zustand/react/shallow';
import { useKeychainStore } from '../../state/keychain-slice';
import { useLiveStore } from '../../state/live-slice';
import { CopyButton } from '../copy-button';

export function EncoderAddress() {
  const { ingest, onAir, revealedKey, busy, revealKey, hideKey, regenerateKey } = useLiveStore(
    useShallow((state) => ({
      ingest: state.live?.ingest,
      onAir: state.live?.phase === 'live' || state.live?.phase === 'starting',
      revealedKey: state.revealedKey,
      busy: state.busy,
      revealKey: state.revealKey,
      hideKey: state.hideKey,
      regenerateKey: state.regenerateKey,
    })),
  );
  const keyForThisRunOnly = useKeychainStore((state) => state.status?.mode === 'memory');
  if (!ingest) return null;
  return (
    <>
      <h2>Your encoder</h2>
      <p className="panel-purpose">Point OBS (or any encoder) at this address once; the app relays to your channel and switches ingest servers if one fails.</p>
      <dl className="facts">
        <dt>Server</dt>
        <dd data-testid="ingest-url">
          {ingest.url ?? 'starting…'} {ingest.url && <CopyButton text={ingest.url} label="server address" />}
        </dd>
        {ingest.note && (
          <dd className="warning" role="note" data-testid="ingest-note">
            {ingest.note}
          </dd>
        )}
        <dt>Stream key</dt>
        <dd>
          <code data-testid="ingest-key">{revealedKey ?? ingest.keyMasked ?? '—'}</code>{' '}
          {revealedKey ? (
            <>
              <CopyButton text={revealedKey} label="stream key" />{' '}
              <button type="button" className="button button-small" onClick={hideKey}>
                Hide
              </button>
            </>
          ) : (
            <button type="button" className="button button-small" disabled={busy === 'key'} onClick={() => void revealKey()}>
              Show
            </button>
          )}{' '}
          <button type="button" className="button button-small" disabled={busy === 'key' || onAir} onClick={() => void regenerateKey()} title="Makes a new key; the encoder needs the new one.">
            New key
          </button>
        </dd>
        {keyForThisRunOnly && (
          <dd className="warning" role="note" data-testid="ingest-key-note">
            New at each start while there is no keychain (see the banner above): set it in the encoder again after a restart.
          </dd>
        )}
      </dl>
      {ingest.error && <p className="error">{ingest.error}</p>}
    </>
  );
}
