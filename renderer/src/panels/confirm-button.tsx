// A button for what cannot be undone: the first click asks, in words that name the thing, and only the
// second ("Yes, …") does it. "Keep" or Escape leaves everything as it was.
import { useState } from 'react';

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  disabled,
  ariaLabel,
  onConfirm,
}: {
  label: string;
  /** What the streamer is about to lose, e.g. "Remove the manager ana@example.com?" */
  question: string;
  confirmLabel: string;
  disabled?: boolean;
  ariaLabel?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button button-small" disabled={disabled} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="button button-small button-end"
        disabled={disabled}
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button button-small" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
