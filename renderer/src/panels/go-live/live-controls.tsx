// Go live / End, Reconnect now, the cloud recorder (record, record when live, autorecord) and its time.
import { useCallback } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { EndStream } from './end-stream';
import { formatDuration } from './time-format';
import { useNow } from '../../use-now';

export function LiveControls() {
  const { phase, hasChannel, recording, autorecord, busy, goLive, endLive, reconnectNow, toggleRecording, setRecordWhenLive, setAutorecord } = useLiveStore(
    useShallow((state) => ({
      phase: state.live?.phase,
      hasChannel: Boolean(state.live?.channel),
      recording: state.live?.recording,
      autorecord: state.live?.autorecord ?? null,
      busy: state.busy,
      goLive: state.goLive,
      endLive: state.endLive,
      reconnectNow: state.reconnectNow,
      toggleRecording: state.toggleRecording,
      setRecordWhenLive: state.setRecordWhenLive,
      setAutorecord: state.setAutorecord,
    })),
  );
  const now = useNow() / 1000;
  const endStream = useCallback(() => void endLive(), [endLive]);
  if (!recording) return null;
  const onAir = phase === 'live' || phase === 'starting';
  const elapsed = recording.since === null ? 0 : now - recording.since;
  return (
    <>
      <div className="live-actions">
        {onAir ? (
          <EndStream busy={busy !== null} onEnd={endStream} />
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
        <button type="button" className="button" disabled={busy !== null || !hasChannel} onClick={() => void toggleRecording()} data-testid="record-button">
          {recording.state === 'recording' ? `Stop recording ${formatDuration(elapsed)}` : recording.state === 'idle' ? 'Record' : 'Working…'}
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={recording.recordWhenLive} disabled={busy !== null} onChange={(event) => void setRecordWhenLive(event.target.checked)} />
          Record when live
        </label>
        <label className="inline-field">
          Autorecord
          <select
            value={autorecord ?? ''}
            disabled={busy !== null || !hasChannel}
            onChange={(event) => void setAutorecord(event.target.value as 'disabled' | 'private' | 'public')}
            data-testid="autorecord-select"
            title="The platform records every broadcast of the channel by itself"
          >
            {autorecord === null && <option value="">as set on the platform</option>}
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
      {recording.lastVideo && recording.state === 'idle' && (
        <p className="hint" data-testid="last-recording">
          Last recording:{' '}
          <a href={recording.lastVideo.url} target="_blank" rel="noreferrer">
            video {recording.lastVideo.id}
          </a>
          .
        </p>
      )}
    </>
  );
}
