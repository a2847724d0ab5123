// The broadcast as the platform and the relay see it: the channel's status, viewers, the encoder's stream.
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';

export function OnAirFacts() {
  const { channelStatus, viewers, encoder } = useLiveStore(useShallow((state) => ({ channelStatus: state.live?.channelStatus ?? null, viewers: state.live?.viewers ?? null, encoder: state.live?.encoder ?? null })));
  return (
    <dl className="facts">
      <dt>Channel</dt>
      <dd data-testid="channel-status">{channelStatus === 'live' ? 'Live' : channelStatus === 'offair' ? 'Off air' : '—'}</dd>
      <dt>Viewers</dt>
      <dd>{viewers ?? '—'}</dd>
      <dt>Encoder</dt>
      <dd data-testid="encoder-status">
        {encoder?.connected
          ? [encoder.codecs, encoder.bitrateKbps !== null && `${Math.round(encoder.bitrateKbps)} kb/s`, encoder.fps !== null && `${encoder.fps} fps`, encoder.keyframeIntervalSeconds !== null && `keyframe every ${encoder.keyframeIntervalSeconds} s`]
              .filter(Boolean)
              .join(' · ')
          : 'not connected'}
      </dd>
    </dl>
  );
}
