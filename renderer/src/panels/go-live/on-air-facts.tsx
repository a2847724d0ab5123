// The broadcast as the core's one on-air state tells it (the channel is live while the bridge holds), with
// viewers and the encoder's stream; the encoder's figures are not shown while it is lost.
import { useShallow } from 'zustand/react/shallow';
import type { LiveState } from '../../../../preload/contract.js';
import { useLiveStore } from '../../state/live-slice';
import { useNow } from '../../use-now';
import { formatDuration } from './time-format';

const CHANNEL_WORDS: Record<LiveState['air']['status'], string> = { 'off-air': 'Off air', starting: 'Going live', live: 'Live', trouble: 'Live', ending: 'Ending' };

export function OnAirFacts() {
  const { air, viewers, encoder } = useLiveStore(useShallow((state) => ({ air: state.live?.air ?? null, viewers: state.live?.viewers ?? null, encoder: state.live?.encoder ?? null })));
  const nowMs = useNow();
  const lost = air?.alarm?.kind === 'encoder-lost' ? air.alarm : null;
  return (
    <dl className="facts">
      <dt>Channel</dt>
      <dd data-testid="channel-status">{air ? CHANNEL_WORDS[air.status] : '—'}</dd>
      <dt>Viewers</dt>
      <dd>{viewers ?? '—'}</dd>
      <dt>Encoder</dt>
      <dd data-testid="encoder-status">
        {lost
          ? `lost ${formatDuration((Math.max(nowMs, lost.since) - lost.since) / 1000)} ago`
          : encoder?.connected
            ? [encoder.codecs, encoder.bitrateKbps !== null && `${Math.round(encoder.bitrateKbps)} kb/s`, encoder.fps !== null && `${encoder.fps} fps`, encoder.keyframeIntervalSeconds !== null && `keyframe every ${encoder.keyframeIntervalSeconds} s`]
                .filter(Boolean)
                .join(' · ')
            : 'not connected'}
      </dd>
    </dl>
  );
}
