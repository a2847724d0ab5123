import { useState, type FormEvent } from 'react';

/**
 * A file or folder by its path on the computer running the app, or Browse to find it there (from the typed
 * folder, if any). While an add runs (a folder of 10,000 files takes seconds), Add says so.
 */
export function PathField({ disabled, adding, onAdd, onBrowse }: { disabled: boolean; adding: boolean; onAdd: (path: string) => void; onBrowse: (from: string | undefined) => void }) {
  const [path, setPath] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() === '') return;
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
      <button type="submit" className="button" disabled={disabled || adding || path.trim() === ''} aria-busy={adding} data-testid="add-path">
        {adding ? 'Adding…' : 'Add'}
      </button>
      <button type="button" className="button" disabled={disabled} onClick={() => onBrowse(path.trim() === '' ? undefined : path.trim())} data-testid="browse-button">
        Browse…
      </button>
    </form>
  );
}
