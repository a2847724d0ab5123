import { useState, type FormEvent } from 'react';
import { useOwnAdd } from './use-own-add';

/**
 * A file or folder by its path on the computer running the app, or Browse to find it there (from the typed
 * folder, if any). `adding`: an add is under way (Add waits for it); Add says "Adding…" only while the add
 * it started runs (a folder of 10,000 files takes seconds), not for one the folder browser started.
 */
export function PathField({ disabled, adding, onAdd, onBrowse }: { disabled: boolean; adding: boolean; onAdd: (path: string) => void; onBrowse: (from: string | undefined) => void }) {
  const [path, setPath] = useState('');
  const [started, setStarted] = useOwnAdd<true>(adding);
  const addingOurs = started === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() === '') return;
    setStarted(true);
    onAdd(path.trim());
    setPath('');
  };
  return (
    <form className="path-field" onSubmit={submit}>
      <label className="inline-field path-field-label">
        Path
        <input
          type="text"
          value={path}
          disabled={disabled}
          onChange={(event) => setPath(event.target.value)}
          placeholder="/home/you/Videos/stream-2024-05-01 or ~/Videos"
          spellCheck={false}
          data-testid="upload-path"
        />
      </label>
      <button type="submit" className="button" disabled={disabled || adding || path.trim() === ''} aria-busy={addingOurs} data-testid="add-path">
        {addingOurs ? 'Adding…' : 'Add'}
      </button>
      <button type="button" className="button" disabled={disabled} onClick={() => onBrowse(path.trim() === '' ? undefined : path.trim())} data-testid="browse-button">
        Browse…
      </button>
    </form>
  );
}
