import { useEffect, useState } from 'react';
import type { LiveState } from '../../../preload/contract.js';
import { useKeychainStore } from '../state/keychain-slice';
import { useLiveStore } from '../state/live-slice';
import { ChannelSelect } from './channel-select';
import { CopyButton } from './copy-button';
import { useShallow } from 'zustand/react/shallow';

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Checklist({ live }: { live: LiveState }) {
  return (
    <ol className="checklist" data-testid="checklist">
      {live.checklist.map((item) => (
        <li key={item.step} className={`check check-${item.state}`} data-step={item.step} data-state={item.state}>
          <span className="check-mark" aria-hidden="true">
            {item.state === 'ok' ? '✓' : item.state === 'failed' ? '✕' : item.state === 'running' ? '…' : '○'}
          </span>
          <span>{item.label}</span>
          {item.detail && <span className="check-detail">{item.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

function Targets({ live }: { live: LiveState }) {
  if (live.targets.length === 0) return null;
  return (
    <table className="targets" data-testid="targets">
      <thead>
        <tr>
          <th>Ingest</th>
          <th>State</th>
          <th>Bitrate</th>
          <th>Sent</th>
          <th>Reconnects</th>
        </tr>
      </thead>
      <tbody>
        {live.targets.map((target) => (
          <tr key={target.id} className={target.active ? 'target-active' : undefined}>
            <td>
              {target.label}
              {target.active && ' (active)'}
            </td>
            <td title={target.lastError ?? undefined}>{target.failure === 'untrusted' ? 'certificate not trusted' : target.state}</td>
            <td>{target.bitrateKbps === null ? '—' : `${Math.round(target.bitrateKbps)} kb/s`}</td>
            <td>{(target.bytes / 1_000_000).toFixed(1)} MB</td>
            <td>{target.reconnects}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function GoLivePanel() {
  const { live, channels, revealedKey, busy, error, load, chooseChannel, goLive, endLive, reconnectNow, dismissError, toggleRecording, setRecordWhenLive, setAutorecord, revealKey, hideKey, regenerateKey } = useLiveStore(
    useShallow((state) => ({ live: state.live, channels: state.channels, revealedKey: state.revealedKey, busy: state.busy, error: state.error, load: state.load, chooseChannel: state.chooseChannel, goLive: state.goLive, endLive: state.endLive, reconnectNow: state.reconnectNow, dismissError: state.dismissError, toggleRecording: state.toggleRecording, setRecordWhenLive: state.setRecordWhenLive, setAutorecord: state.setAutorecord, revealKey: state.revealKey, hideKey: state.hideKey, regenerateKey: state.regenerateKey })),
  );
  const keyForThisRunOnly = useKeychainStore((state) => state.status?.mode === 'memory');
  const now = useNow();

  useEffect(() => {
    void load();
  }, [load]);

  if (!live) {
    return (
      <section className="panel" aria-labelledby="panel-title">
        <h1 id="panel-title">Go live</h1>
        {error ? <p className="error" role="alert">{error}</p> : <p>Loading…</p>}
      </section>
    );
  }

  const onAir = live.phase === 'live' || live.phase === 'starting';
  const recording = live.recording;
  const elapsed = recording.since === null ? 0 : now - recording.since;
  return (
    <section className="panel" aria-labelledby="panel-title">
      <h1 id="panel-title">Go live</h1>

      <h2>Your encoder</h2>
      <p className="panel-purpose">Point OBS (or any encoder) at this address once; the app relays to your channel and switches ingest servers if one fails.</p>
      <dl className="facts">
        <dt>Server</dt>
        <dd data-testid="ingest-url">
          {live.ingest.url ?? 'starting…'} {live.ingest.url && <CopyButton text={live.ingest.url} label="server address" />}
        </dd>
        {live.ingest.note && (
          <dd className="warning" role="note" data-testid="ingest-note">
            {live.ingest.note}
          </dd>
        )}
        <dt>Stream key</dt>
        <dd>
          <code data-testid="ingest-key">{revealedKey ?? live.ingest.keyMasked ?? '—'}</code>{' '}
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
      {live.ingest.error && <p className="error">{live.ingest.error}</p>}

      <h2>Channel</h2>
      {channels && channels.length > 0 ? (
        <ChannelSelect label="Go live on" channels={channels} chosenId={live.channel?.id ?? null} disabled={busy !== null || onAir} testId="channel-select" onChoose={(id) => void chooseChannel(id)} />
      ) : (
        <p className="hint">{channels ? 'No channels yet.' : 'Sign in to choose a channel.'}</p>
      )}

      <Checklist live={live} />
      {live.nextAction && <p className="next-action" data-testid="next-action">{live.nextAction}</p>}
      {(live.lastError || error) && (
        <p className="error" role="alert" data-testid="live-error">
          {error ?? live.lastError}{' '}
          <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void dismissError()}>
            Dismiss
          </button>
        </p>
      )}

      <div className="live-actions">
        {onAir ? (
          <button type="button" className="button button-big button-end" disabled={busy !== null} onClick={() => void endLive()} data-testid="end-button">
            {busy === 'end' ? 'Ending…' : 'End stream'}
          </button>
        ) : (
          <button type="button" className="button button-big button-primary" disabled={busy !== null} onClick={() => void goLive()} data-testid="go-live-button">
            {busy === 'go-live' ? 'Starting…' : 'Go live'}
          </button>
        )}
        {onAir && (
          <button type="button" className="button" disabled={busy !== null} onClick={() => void reconnectNow()}>
            Reconnect now
          </button>
        )}
        <button type="button" className="button" disabled={busy !== null || !live.channel} onClick={() => void toggleRecording()} data-testid="record-button">
          {recording.state === 'recording' ? `Stop recording ${formatDuration(elapsed)}` : recording.state === 'idle' ? 'Record' : 'Working…'}
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={recording.recordWhenLive} disabled={busy !== null} onChange={(event) => void setRecordWhenLive(event.target.checked)} />
          Record when live
        </label>
        <label className="inline-field">
          Autorecord
          <select
            value={live.autorecord ?? ''}
            disabled={busy !== null || !live.channel}
            onChange={(event) => void setAutorecord(event.target.value as 'disabled' | 'private' | 'public')}
            data-testid="autorecord-select"
            title="The platform records every broadcast of the channel by itself"
          >
            {live.autorecord === null && <option value="">as set on the platform</option>}
            <option value="disabled">off</option>
            <option value="private">private videos</option>
            <option value="public">public videos</option>
          </select>
        </label>
      </div>
      {recording.state === 'recording' && recording.limitSeconds !== null && (
        <p className="hint" data-testid="record-limit">
          Recording stops by itself in {formatDuration(recording.limitSeconds - elapsed)} (the channel's limit is {formatDuration(recording.limitSeconds)}).
        </p>
      )}
      {recording.lastVideo && recording.state === 'idle' && <p className="hint">Last recording: video {recording.lastVideo.id}.</p>}

      <h2>On air</h2>
      <dl className="facts">
        <dt>Channel</dt>
        <dd data-testid="channel-status">{live.channelStatus === 'live' ? 'Live' : live.channelStatus === 'offair' ? 'Off air' : '—'}</dd>
        <dt>Viewers</dt>
        <dd>{live.viewers ?? '—'}</dd>
        <dt>Encoder</dt>
        <dd data-testid="encoder-status">
          {live.encoder?.connected
            ? [live.encoder.codecs, live.encoder.bitrateKbps !== null && `${Math.round(live.encoder.bitrateKbps)} kb/s`, live.encoder.fps !== null && `${live.encoder.fps} fps`, live.encoder.keyframeIntervalSeconds !== null && `keyframe every ${live.encoder.keyframeIntervalSeconds} s`]
                .filter(Boolean)
                .join(' · ')
            : 'not connected'}
        </dd>
      </dl>
      <Targets live={live} />
    </section>
  );
}
