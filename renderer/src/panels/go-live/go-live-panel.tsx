// The Go live panel: the control strip pinned at its top (on air, uptime, input, Go live / End, the alarm),
// the encoder's address, the channel, the checklist, the recorder, what is relayed (facts and the confidence
// monitor's picture), where the stream goes and how each destination is doing, the plots, and the settings
// that keep a broadcast safe (the bridge, the local copy). Each part subscribes to the fields it shows.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LiveState } from '../../../../preload/contract.js';
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
import { ErrorDetails } from '../../error-details';
import { LoadingOrFailed } from '../panel-parts';
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
        <ChannelSelect label="Go live on" id={CHANNEL_SELECT_ID} channels={channels} chosenId={chosenId} disabled={locked} testId="channel-select" onChoose={(id) => void chooseChannel(id)} />
      ) : (
        <p className="hint">{channels ? 'No channels yet.' : 'Sign in to choose a channel.'}</p>
      )}
    </>
  );
}

const CHANNEL_SELECT_ID = 'go-live-channel';
/** Errors whose way out is another channel: none chosen, or the platform has no such channel or says it is not the user's. */
const CHANNEL_ERRORS = new Set(['channel_needed', 'channel_not_found', 'not_found', 'forbidden']);

/** Beside words that ask for a channel: takes the streamer to the channel choice. */
function ChooseChannelButton() {
  const offered = useLiveStore((state) => (state.channels?.length ?? 0) > 0 && state.live?.phase !== 'live' && state.live?.phase !== 'starting');
  if (!offered) return null;
  const focus = () => {
    const select = document.getElementById(CHANNEL_SELECT_ID);
    select?.scrollIntoView({ block: 'center' });
    select?.focus();
  };
  return (
    <button type="button" className="button button-small" onClick={focus}>
      Choose a channel
    </button>
  );
}

function stepState(live: LiveState | null, step: string): string | undefined {
  return live?.checklist.find((one) => one.step === step)?.state;
}

function NextStep() {
  const { nextAction, channelPending, lastError, error, channelError, busy, dismissError } = useLiveStore(
    useShallow((state) => ({
      nextAction: state.live?.nextAction ?? null,
      // Signed in, no channel yet: the next action asks for one.
      channelPending: stepState(state.live, 'signed-in') === 'ok' && stepState(state.live, 'channel-chosen') === 'pending',
      lastError: state.live?.lastError ?? null,
      error: state.error,
      channelError: state.errorCode !== null && CHANNEL_ERRORS.has(state.errorCode),
      busy: state.busy,
      dismissError: state.dismissError,
    })),
  );
  return (
    <>
      {nextAction && (
        <p className="next-action" data-testid="next-action">
          {nextAction} {channelPending && <ChooseChannelButton />}
        </p>
      )}
      {(lastError || error) && (
        <p className="error" role="alert" data-testid="live-error">
          {error?.message ?? lastError} {error !== null && channelError && <ChooseChannelButton />}{' '}
          <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void dismissError()}>
            Dismiss
          </button>
        </p>
      )}
      {error && <ErrorDetails error={error} />}
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
        <LoadingOrFailed error={error} />
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
