// A new playlist's title, checked before it is sent (1 to 100 characters on one line).
import { useState, type FormEvent } from 'react';
import { PLAYLIST_TITLE_MAX } from '../../../../preload/contract.js';

export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'Give the playlist a title.';
  if (trimmed.length > PLAYLIST_TITLE_MAX) return `The title is ${trimmed.length} characters long; make it at most ${PLAYLIST_TITLE_MAX}.`;
  return null;
}

export function NewPlaylistForm({ whose, busy, onCreate }: { whose: string; busy: boolean; onCreate: (title: string) => Promise<boolean> }) {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const found = titleProblem(title);
    setProblem(found);
    if (!found && (await onCreate(title.trim()))) setTitle('');
  }

  return (
    <form className="collection-form" aria-label="New playlist" onSubmit={(submitted) => void submit(submitted)} noValidate>
      <fieldset disabled={busy}>
        <label className="field field-wide">
          New playlist ({whose})
          <input value={title} onChange={(changed) => setTitle(changed.target.value)} placeholder="Best of this week" data-testid="new-playlist-title" />
        </label>
        <button type="submit" className="button button-primary">
          {busy ? 'Creating…' : 'Create playlist'}
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="new-playlist-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
