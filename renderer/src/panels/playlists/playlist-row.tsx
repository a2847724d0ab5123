// One playlist in the list: open it, rename it in place, delete it after asking.
import { useState, type FormEvent } from 'react';
import type { PlaylistRow as Playlist } from '../../../../preload/contract.js';
import { ConfirmButton } from '../confirm-button';
import { formatDuration } from './format-duration';
import { titleProblem } from './new-playlist-form';

export function PlaylistRow({
  playlist,
  isOpen,
  busy,
  onOpen,
  onRename,
  onDelete,
}: {
  playlist: Playlist;
  isOpen: boolean;
  busy: boolean;
  onOpen: () => void;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(playlist.title);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const found = titleProblem(title);
    setProblem(found);
    if (!found && (await onRename(title.trim()))) setRenaming(false);
  }

  return (
    <tr data-playlist={playlist.title} aria-current={isOpen ? 'true' : undefined} aria-busy={busy}>
      <th scope="row">
        {renaming ? (
          <form className="playlist-rename" aria-label={`Rename ${playlist.title}`} onSubmit={(submitted) => void submit(submitted)} noValidate>
            <fieldset disabled={busy}>
              <input aria-label="Playlist title" value={title} onChange={(changed) => setTitle(changed.target.value)} autoFocus />
              <button type="submit" className="button button-small">
                Save
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  setRenaming(false);
                  setTitle(playlist.title);
                  setProblem(null);
                }}
              >
                Cancel
              </button>
            </fieldset>
            {problem && (
              <p className="error" role="alert">
                {problem}
              </p>
            )}
          </form>
        ) : (
          <button type="button" className="link-button" aria-label={`Open ${playlist.title}`} onClick={onOpen}>
            {playlist.title}
          </button>
        )}
      </th>
      <td>{formatDuration(playlist.totalDuration)}</td>
      <td>{new Date(playlist.updatedAt * 1000).toLocaleDateString()}</td>
      <td className="collection-row-actions">
        {!renaming && (
          <button type="button" className="button button-small" disabled={busy} aria-label={`Rename ${playlist.title}`} onClick={() => setRenaming(true)}>
            Rename
          </button>
        )}
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${playlist.title}`}
          question={`Delete the playlist “${playlist.title}”? Its videos stay; only the playlist goes.`}
          confirmLabel="Yes, delete"
          disabled={busy}
          onConfirm={onDelete}
        />
      </td>
    </tr>
  );
}
