import { useState } from 'react';
import type { FolderListing } from '../../../../preload/contract.js';
import { formatBytes } from './upload-format';
import { FolderIcon } from '../../icons';
import { useOwnAdd } from './use-own-add';

/**
 * A listing of a folder on the computer running the app: open folders, tick files and folders, add them.
 * Keyed by the folder's path where it is used, so the ticks start empty in each folder. The button that
 * started an add says "Adding…" until it ends (a whole folder of thousands of files takes seconds).
 */
export function FolderBrowser({
  folder,
  busy,
  adding,
  onOpen,
  onAdd,
  onClose,
}: {
  folder: FolderListing;
  busy: boolean;
  adding: boolean;
  onOpen: (path: string) => void;
  onAdd: (paths: string[]) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useOwnAdd<'chosen' | 'folder'>(adding);
  const addingNow = (which: 'chosen' | 'folder') => added === which;
  const add = (which: 'chosen' | 'folder', paths: string[]) => {
    setAdded(which);
    onAdd(paths);
  };
  const toggle = (path: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(path);
    else next.delete(path);
    setChosen(next);
  };
  const videos = folder.entries.filter((entry) => entry.kind === 'file' && entry.supported).length;

  return (
    <div className="folder-browser" data-testid="folder-browser">
      <div className="folder-browser-bar">
        <button type="button" className="button button-small" disabled={busy || folder.parent === null} onClick={() => folder.parent !== null && onOpen(folder.parent)}>
          Up
        </button>
        <code className="folder-path" data-testid="folder-path">
          {folder.path}
        </code>
        <span className="header-spacer" />
        <button type="button" className="button button-small" onClick={onClose}>
          Close
        </button>
      </div>
      {folder.entries.length === 0 ? (
        <p className="hint">This folder is empty.</p>
      ) : (
        <ul className="folder-entries">
          {folder.entries.map((entry) => (
            <li key={entry.path} className={entry.supported ? undefined : 'folder-entry-unsupported'}>
              <label className="folder-entry">
                <input type="checkbox" checked={chosen.has(entry.path)} disabled={busy} onChange={(event) => toggle(entry.path, event.target.checked)} aria-label={`Choose ${entry.name}`} />
                {entry.kind === 'folder' ? (
                  <button type="button" className="link-button" disabled={busy} onClick={() => onOpen(entry.path)}>
                    <FolderIcon /> {entry.name}
                  </button>
                ) : (
                  <span>{entry.name}</span>
                )}
                <span className="hint">{entry.kind === 'file' ? `${formatBytes(entry.size ?? 0)}${entry.supported ? '' : ' · not taken by the platform'}` : ''}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {folder.truncated && <p className="hint">This folder holds more than the app lists; add the whole folder to include everything.</p>}
      <div className="folder-browser-actions">
        <button type="button" className="button button-primary" disabled={busy || chosen.size === 0} aria-busy={addingNow('chosen')} onClick={() => add('chosen', [...chosen])} data-testid="add-chosen">
          {addingNow('chosen') ? 'Adding…' : `Add chosen (${chosen.size})`}
        </button>
        <button type="button" className="button" disabled={busy} aria-busy={addingNow('folder')} onClick={() => add('folder', [folder.path])} data-testid="add-folder">
          {addingNow('folder') ? 'Adding…' : `Add this whole folder${videos > 0 ? ` (${videos} video${videos === 1 ? '' : 's'} here)` : ''}`}
        </button>
      </div>
    </div>
  );
}
