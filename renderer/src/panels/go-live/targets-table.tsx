// The channel's ingest servers in failover order: which one carries the stream, how each is doing.
import { useLiveStore } from '../../state/live-slice';
import { formatKbps } from './time-format';

export function TargetsTable() {
  const targets = useLiveStore((state) => state.live?.targets);
  if (!targets || targets.length === 0) return null;
  return (
    <table className="targets" data-testid="targets">
      <caption className="visually-hidden">The channel's ingest servers</caption>
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
        {targets.map((target) => (
          <tr key={target.id} className={target.active ? 'target-active' : undefined}>
            <td>
              {target.label}
              {target.active && ' (active)'}
            </td>
            <td title={target.lastError ?? undefined}>{target.failure === 'untrusted' ? 'certificate not trusted' : target.state}</td>
            <td>{formatKbps(target.bitrateKbps)}</td>
            <td>{(target.bytes / 1_000_000).toFixed(1)} MB</td>
            <td>{target.reconnects}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
