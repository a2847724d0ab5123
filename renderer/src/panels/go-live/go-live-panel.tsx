// The Go live panel: the control strip pinned at its top (on air, uptime, input, Go live / End, the alarm),
// the encoder's address, the channel, the checklist, the recorder, what is relayed (facts and the confidence
// monitor's picture), where the stream goes and how each destination is doing, the plots, and the settings
// that keep a broadcast safe (the bridge, the local copy). Each part subscribes to the fields it shows.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { ChannelSelect } from '../channel-select';
import { AlarmSettings } from './alarm-settings';
import { BridgeSetting } from './bridge-section';
import { Checklist } from './checklist';
import { ConfidenceMonitor } from './confidence-monitor';
import { ControlStrip } from './control-strip';
import { DestinationsSection } from './destinations-section';
import { EncoderAddress } from './encoder-address';
import { RecorderControls } from './live-controls';
import { OnAirFacts } from './on-air-facts';
import { SafetyCopySection } from './safety-copy-section';
import { TargetsTable } from './targets-table';
import './go-live.css';

function ChannelChoice() {
  const { channels, chosenId, locked, chooseChannel } = useLiveStore(
    useShallow((state) => ({
      channels: state.channels,
      chosenId: state.live?.channel?.id ?? null,
      locked: state.busy !== null || state.live?.phase === 'live' || state.live?.phase === 'starting',
      chooseChannel: state.chooseChannel,
    })),
  );
  return (
    <>
      <h2>Channel</h2>
      {channels && channels.length > 0 ? (
        <ChannelSelect label="Go live on" channels={channels} chosenId={chosenId} disabled={locked} testId="channel-select" onChoose={(id) => void chooseChannel(id)} />
      ) : (
        <p className="hint">{channels ? 'No channels yet.' : 'Sign in to choose a channel.'}</p>
      )}
    </>
  );
}

function NextStep() {
  const { nextAction, lastError, error, busy, dismissError } = useLiveStore(
    useShallow((state) => ({ nextAction: state.live?.nextAction ?? null, lastError: state.live?.lastError ?? null, error: state.error, busy: state.busy, dismissError: state.dismissError })),
  );
  return (
    <>
      {nextAction && (
        <p className="next-action" data-testid="next-action">
          {nextAction}
        </p>
      )}
      {(lastError || error) && (
        <p className="error" role="alert" data-testid="live-error">
          {error ?? lastError}{' '}
          <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void dismissError()}>
            Dismiss
          </button>
        </p>
      )}
    </>
  );
}

export function GoLivePanel() {
  const { loaded, error, load } = useLiveStore(useShallow((state) => ({ loaded: state.live !== null, error: state.error, load: state.load })));

  useEffect(() => {
    void load();
  }, [load]);

  if (!loaded) {
    return (
      <section className="panel" aria-labelledby="panel-title">
        <h1 id="panel-title">Go live</h1>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p>Loading…</p>
        )}
      </section>
    );
  }

  return (
    <section className="panel go-live" aria-labelledby="panel-title">
      <h1 id="panel-title">Go live</h1>
      <ControlStrip />
      <EncoderAddress />
      <ChannelChoice />
      <Checklist />
      <NextStep />
      <RecorderControls />
      <h2>On air</h2>
      <OnAirFacts />
      <ConfidenceMonitor />
      <TargetsTable />
      <DestinationsSection />
      <h2>Keep the broadcast safe</h2>
      <BridgeSetting />
      <AlarmSettings />
      <SafetyCopySection />
    </section>
  );
}
