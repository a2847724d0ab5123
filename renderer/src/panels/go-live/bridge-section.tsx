// The encoder-drop bridge's setting (on or off, how many seconds to hold); while it holds, the control
// strip's alarm counts down its window (control-strip.tsx).
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';

/** As the live contract takes it. */
const MIN_SECONDS = 1;
const MAX_SECONDS = 3600;

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
