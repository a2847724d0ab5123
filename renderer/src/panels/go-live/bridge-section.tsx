// The encoder-drop bridge: while the encoder is away, a prominent countdown of the holding window; and
// its setting (on or off, how many seconds to hold).
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { countdown } from './time-format';
import { useNow } from '../../use-now';

/** As the live contract takes it. */
const MIN_SECONDS = 1;
const MAX_SECONDS = 3600;

/** "Encoder lost — holding for 0:47", while the relay sends the holding slate. */
export function BridgeCountdown() {
  const { holdingSince, holdingUntil } = useLiveStore(useShallow((state) => ({ holdingSince: state.live?.bridge.holdingSince ?? null, holdingUntil: state.live?.bridge.holdingUntil ?? null })));
  const nowMs = useNow();
  if (holdingUntil === null) return null;
  // The clock ticks once a second: a reading older than the holding's start would count from before it.
  return (
    <div className="bridge-banner" role="alert" data-testid="bridge-countdown">
      <strong>Encoder lost — holding for {countdown(holdingUntil, Math.max(nowMs, holdingSince ?? nowMs))}</strong>
      <span>Your viewers see the holding card; the stream goes back to your encoder as soon as it reconnects.</span>
    </div>
  );
}

export function BridgeSetting() {
  const { bridge, busy, setBridge } = useLiveStore(useShallow((state) => ({ bridge: state.live?.bridge, busy: state.busy, setBridge: state.setBridge })));
  /** What the streamer typed, until saved; null follows the saved window. */
  const [draft, setDraft] = useState<string | null>(null);
  if (!bridge) return null;
  const seconds = draft ?? String(bridge.windowSeconds);
  const typed = Number(seconds);
  const valid = Number.isInteger(typed) && typed >= MIN_SECONDS && typed <= MAX_SECONDS;
  const save = (enabled: boolean) => {
    if (!valid) return;
    setDraft(null);
    void setBridge({ enabled, windowSeconds: typed });
  };
  return (
    <fieldset className="live-setting" data-testid="bridge-setting">
      <legend>When the encoder drops</legend>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={bridge.enabled} disabled={busy !== null || !valid} onChange={(event) => save(event.target.checked)} data-testid="bridge-switch" />
        Keep the stream up with a holding card
      </label>
      <label className="inline-field">
        for
        <input
          type="number"
          className="seconds-input"
          min={MIN_SECONDS}
          max={MAX_SECONDS}
          value={seconds}
          disabled={busy !== null}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => typed !== bridge.windowSeconds && save(bridge.enabled)}
          aria-invalid={!valid}
          data-testid="bridge-seconds"
        />
        seconds
      </label>
      {!valid && <p className="hint">Between {MIN_SECONDS} and {MAX_SECONDS} seconds.</p>}
    </fieldset>
  );
}
