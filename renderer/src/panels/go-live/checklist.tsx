// The steps to go live, each with its state: signed in, channel, ingest fetched, encoder, target. The core
// words them from the one on-air state; an encoder lost is re-timed here each second, as the alarm is.
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { useNow } from '../../use-now';
import { formatDuration } from './time-format';

export function Checklist() {
  const { checklist, lostSince } = useLiveStore(
    useShallow((state) => ({ checklist: state.live?.checklist, lostSince: state.live?.air.alarm?.kind === 'encoder-lost' ? state.live.air.alarm.since : null })),
  );
  const nowMs = useNow(lostSince !== null);
  if (!checklist) return null;
  const lost = lostSince === null ? null : `Lost ${formatDuration((Math.max(nowMs, lostSince) - lostSince) / 1000)} ago`;
  return (
    <ol className="checklist" data-testid="checklist">
      {checklist.map((item) => {
        const detail = item.step === 'encoder-connected' && item.state === 'failed' && lost !== null ? lost : item.detail;
        return (
          <li key={item.step} className={`check check-${item.state}`} data-step={item.step} data-state={item.state}>
            <span className="check-mark" aria-hidden="true">
              {item.state === 'ok' ? '✓' : item.state === 'failed' ? '✕' : item.state === 'running' ? '…' : '○'}
            </span>
            <span>{item.label}</span>
            {detail && <span className="check-detail">{detail}</span>}
          </li>
        );
      })}
    </ol>
  );
}
