// Ending a broadcast asks first, then waits a few seconds that Undo can take back: a stray click must not
// take a show off the air. "End now" skips the wait once the streamer is sure.
import { useEffect, useState } from 'react';
import { useNow } from '../../use-now';
import { countdown } from './time-format';

const UNDO_MS = 5000;

type Step = { readonly kind: 'idle' } | { readonly kind: 'confirm' } | { readonly kind: 'ending'; readonly at: number };

export function EndStream({ busy, onEnd }: { busy: boolean; onEnd: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const nowMs = useNow(step.kind === 'ending');
  useEffect(() => {
    if (step.kind !== 'ending') return undefined;
    const timer = setTimeout(() => {
      setStep({ kind: 'idle' });
      onEnd();
    }, step.at - Date.now());
    return () => clearTimeout(timer);
  }, [step, onEnd]);

  if (step.kind === 'idle') {
    return (
      <button type="button" className="button button-big button-end" disabled={busy} onClick={() => setStep({ kind: 'confirm' })} data-testid="end-button">
        {busy ? 'Ending…' : 'End stream'}
      </button>
    );
  }
  if (step.kind === 'confirm') {
    return (
      <div className="end-confirm" role="group" aria-label="End the stream?">
        <span>End the stream? Your viewers see it end.</span>
        <button type="button" className="button button-end" onClick={() => setStep({ kind: 'ending', at: Date.now() + UNDO_MS })} data-testid="end-confirm">
          Yes, end it
        </button>
        <button type="button" className="button" onClick={() => setStep({ kind: 'idle' })}>
          Keep streaming
        </button>
      </div>
    );
  }
  return (
    <div className="end-confirm" role="status" data-testid="end-pending">
      <span>Ending in {countdown(step.at, Math.max(nowMs, step.at - UNDO_MS))}</span>
      <button type="button" className="button button-primary" onClick={() => setStep({ kind: 'idle' })}>
        Undo
      </button>
      <button
        type="button"
        className="button button-end"
        onClick={() => {
          setStep({ kind: 'idle' });
          onEnd();
        }}
      >
        End now
      </button>
    </div>
  );
}
