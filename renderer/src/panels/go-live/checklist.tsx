// The steps to go live, each with its state: signed in, channel, ingest fetched, encoder, target.
import { useLiveStore } from '../../state/live-slice';

export function Checklist() {
  const checklist = useLiveStore((state) => state.live?.checklist);
  if (!checklist) return null;
  return (
    <ol className="checklist" data-testid="checklist">
      {checklist.map((item) => (
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
