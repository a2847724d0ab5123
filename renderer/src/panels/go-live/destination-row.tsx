// One destination's health: state (with the last failure's reason in words), bitrate, send buffer and
// its time to drain, reconnects, a countdown to the next try; and what the streamer can do about it.
import { memo } from 'react';
import { ConfirmButton } from '../confirm-button';
import { failureWords, type DestinationView } from './destination-view';
import { countdown, formatBytes, formatKbps } from './time-format';

export interface DestinationRowActions {
  reconnect(id: string): void;
  setEnabled(id: string, enabled: boolean): void;
  remove(id: string): void;
}

function stateWords(destination: DestinationView): string {
  if (!destination.enabled) return 'off';
  if (destination.congested) return `${destination.state}, its link cannot keep up`;
  return destination.state === 'stopped' ? 'stopped (gave up)' : destination.state;
}

export const DestinationRow = memo(function DestinationRow({ destination, nowMs, busy, actions }: { destination: DestinationView; nowMs: number; busy: boolean; actions: DestinationRowActions }) {
  const { id, label, lastFailure, nextRetryAt } = destination;
  const waiting = nextRetryAt !== null && nextRetryAt > nowMs;
  return (
    <tr data-testid="destination-row" data-destination={id} data-state={destination.state} className={destination.congested ? 'destination-congested' : undefined}>
      <th scope="row">{label}</th>
      <td>
        <span className={`destination-state destination-state-${destination.enabled ? destination.state : 'off'}`}>{stateWords(destination)}</span>
        {lastFailure && (
          <span className="destination-failure" data-testid="destination-failure" title={lastFailure.reason}>
            Last failure: {failureWords(lastFailure.kind)} ({lastFailure.reason})
          </span>
        )}
        {waiting && (
          <span className="destination-retry" data-testid="destination-retry">
            Next try in {countdown(nextRetryAt, nowMs)}
          </span>
        )}
      </td>
      <td data-testid="destination-bitrate">{formatKbps(destination.bitrateKbps)}</td>
      <td>
        {destination.state === 'live' || destination.sendBufferBytes > 0 ? formatBytes(destination.sendBufferBytes) : '—'}
        {destination.drainSeconds !== null && destination.drainSeconds > 0 && <span className="hint"> ({destination.drainSeconds.toFixed(1)} s to drain)</span>}
        {(destination.droppedFrames > 0 || destination.droppedGops > 0) && (
          <span className="warning" data-testid="destination-dropped">
            {' '}
            {destination.droppedFrames} frames and {destination.droppedGops} GOPs dropped
          </span>
        )}
      </td>
      <td>{destination.reconnects}</td>
      <td className="destination-actions">
        <button type="button" className="button button-small" disabled={busy || !destination.enabled} onClick={() => actions.reconnect(id)} aria-label={`Reconnect now: ${label}`}>
          Reconnect now
        </button>
        {!destination.main && (
          <>
            <label className="switch">
              <input type="checkbox" role="switch" checked={destination.enabled} disabled={busy} onChange={(event) => actions.setEnabled(id, event.target.checked)} aria-label={`Send to ${label}`} />
              <span aria-hidden="true">{destination.enabled ? 'On' : 'Off'}</span>
            </label>
            <ConfirmButton label="Remove" ariaLabel={`Remove ${label}`} question={`Remove ${label}? Its stream key is forgotten too.`} confirmLabel="Yes, remove" disabled={busy} onConfirm={() => actions.remove(id)} />
          </>
        )}
      </td>
    </tr>
  );
});
