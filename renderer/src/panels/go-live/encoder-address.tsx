// Where the encoder publishes: the local ingest's address and stream key (shown on demand, renewable), and
// its port, which the streamer changes here. A port taken by another program is never a dead end: the
// words come with the next free port to use in one click.
import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LiveState } from '../../../../preload/contract.js';
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
          {ingest.url ?? (ingest.error ? 'not listening' : 'starting…')} {ingest.url && <CopyButton text={ingest.url} label="server address" />}
        </dd>
        {ingest.note && (
          <dd className="warning" role="note" data-testid="ingest-note">
            {ingest.note} <UseFreePort port={ingest.freePort} />
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
      {ingest.error && (
        <p className="error" role="alert" data-testid="ingest-error">
          {ingest.error} <UseFreePort port={ingest.freePort} />
        </p>
      )}
      <IngestPort ingest={ingest} onAir={onAir} />
    </>
  );
}

/** "Use 1936": the free port offered beside the words about a taken one. */
function UseFreePort({ port }: { port: number | null }) {
  const { disabled, setIngestPort } = useLiveStore(useShallow((state) => ({ disabled: state.busy !== null, setIngestPort: state.setIngestPort })));
  if (port === null) return null;
  return (
    <button type="button" className="button button-small" disabled={disabled} onClick={() => void setIngestPort(port)} title={`Moves the local ingest to port ${port} now and keeps it for the next start.`}>
      Use {port}
    </button>
  );
}

/** The saved port: a change moves the ingest at once (not while live) and is kept for the next start. */
function IngestPort({ ingest, onAir }: { ingest: LiveState['ingest']; onAir: boolean }) {
  const { busy, setIngestPort } = useLiveStore(useShallow((state) => ({ busy: state.busy, setIngestPort: state.setIngestPort })));
  /** What the streamer typed, until used; null follows the saved port. */
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (ingest.savedPort === null ? '' : String(ingest.savedPort));
  const typed = Number(shown);
  const valid = shown !== '' && Number.isInteger(typed) && typed >= 1 && typed <= 65535;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setDraft(null);
    void setIngestPort(typed);
  };
  return (
    <form className="live-setting" onSubmit={submit} aria-label="Ingest port" data-testid="ingest-port-form">
      <label className="inline-field">
        Port
        <input type="number" className="seconds-input" min={1} max={65535} value={shown} disabled={busy !== null || onAir} onChange={(event) => setDraft(event.target.value)} aria-invalid={!valid} data-testid="ingest-port" />
        <button type="submit" className="button button-small" disabled={busy !== null || onAir || !valid || (draft === null && ingest.runPort === null && ingest.error === null)}>
          {busy === 'port' ? 'Moving…' : 'Use this port'}
        </button>
      </label>
      {!valid && <p className="hint">A port is a whole number from 1 to 65535 (above 1023 unless the app runs as an administrator).</p>}
      {onAir && <p className="hint">End the stream to move the local ingest to another port: the encoder would be cut off.</p>}
      {ingest.runPort !== null && ingest.runPort !== ingest.savedPort && (
        // This run's port came from the command that started it (`ui --ingest-port`): the saved one waits for the next plain start.
        <p className="hint" data-testid="ingest-run-port">
          This run was started with its own ingest port ({ingest.runPort === 0 ? 'any free one' : ingest.runPort}); your saved port applies from the next start. A port used here applies now and is saved.
        </p>
      )}
    </form>
  );
}
