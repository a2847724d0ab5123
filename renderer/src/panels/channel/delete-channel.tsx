import { useState } from 'react';

/** Delete behind a confirmation that names the channel: the streamer types its title. */
export function DeleteChannel({ title, busy, onDelete }: { title: string; busy: boolean; onDelete: (confirmTitle: string) => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  if (!open) {
    return (
      <button type="button" className="button button-danger" disabled={busy} onClick={() => setOpen(true)} data-testid="channel-delete">
        Delete channel…
      </button>
    );
  }
  return (
    <div className="confirmation" role="alertdialog" aria-labelledby="delete-channel-question" data-testid="channel-delete-confirmation">
      <p id="delete-channel-question">
        Delete the channel <strong>“{title}”</strong>? Its videos go with it, and this cannot be undone. Type the channel&apos;s title to confirm.
      </p>
      <input value={typed} aria-label="Channel title to confirm" onChange={(event) => setTyped(event.target.value)} disabled={busy} data-testid="channel-delete-title" />
      <div className="button-row">
        <button type="button" className="button button-danger" disabled={busy || typed.trim() !== title} onClick={() => onDelete(typed.trim())} data-testid="channel-delete-confirm">
          Delete “{title}”
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            setTyped('');
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
