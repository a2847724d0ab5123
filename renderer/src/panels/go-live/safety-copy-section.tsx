// The local safety copy: on or off, its folder, "upload when done", the file being written and its size,
// the disk-space warning, and after the broadcast, the copies to upload in one click.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SafetyCopyChoice } from '../../../../preload/contract.js';
import { useLiveStore } from '../../state/live-slice';
import { formatBytes } from './time-format';

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function SafetyCopySection() {
  const { copy, onAir, busy, setSafetyCopy, uploadSafetyCopies } = useLiveStore(
    useShallow((state) => ({
      copy: state.live?.safetyCopy,
      onAir: state.live?.phase === 'live' || state.live?.phase === 'starting',
      busy: state.busy,
      setSafetyCopy: state.setSafetyCopy,
      uploadSafetyCopies: state.uploadSafetyCopies,
    })),
  );
  /** What the streamer typed, until saved; null follows the saved folder. */
  const [draft, setDraft] = useState<string | null>(null);
  if (!copy) return null;
  const folder = draft ?? copy.folder ?? '';
  const typedFolder = folder.trim() === '' ? null : folder.trim();
  const save = (change: Partial<SafetyCopyChoice>) => {
    setDraft(null);
    void setSafetyCopy({ enabled: copy.enabled, folder: typedFolder, uploadWhenDone: copy.uploadWhenDone, ...change });
  };
  const toUpload = copy.files.filter((file) => !file.queued);
  return (
    <fieldset className="live-setting" data-testid="safety-copy">
      <legend>Safety copy on this computer</legend>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={copy.enabled} disabled={busy !== null || (typedFolder === null && !copy.enabled)} onChange={(event) => save({ enabled: event.target.checked })} data-testid="safety-copy-switch" />
        Write the stream to a file while live (no re-encoding)
      </label>
      <div className="inline-field path-field">
        <label htmlFor="safety-copy-folder">Folder</label>
        <input id="safety-copy-folder" type="text" value={folder} spellCheck={false} placeholder="/home/you/Videos/safety" onChange={(event) => setDraft(event.target.value)} data-testid="safety-copy-folder" />
        <button type="button" className="button button-small" disabled={busy !== null || typedFolder === null || typedFolder === copy.folder} onClick={() => save({})}>
          Save
        </button>
      </div>
      {typedFolder === null && !copy.enabled && <p className="hint">Choose a folder first: the copy is written there.</p>}
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={copy.uploadWhenDone} disabled={busy !== null} onChange={(event) => save({ uploadWhenDone: event.target.checked })} data-testid="safety-copy-upload-when-done" />
        Upload it as a video when the broadcast ends
      </label>
      {copy.currentFile && (
        <p data-testid="safety-copy-current">
          Writing {fileName(copy.currentFile)} — {formatBytes(copy.bytes)}
          {copy.freeBytes !== null && <span className="hint"> ({formatBytes(copy.freeBytes)} free)</span>}
        </p>
      )}
      {copy.warning && (
        <p className="warning" role="alert" data-testid="safety-copy-warning">
          {copy.warning}
        </p>
      )}
      {!onAir && copy.files.length > 0 && (
        <div data-testid="safety-copy-files">
          <ul className="safety-copy-files">
            {copy.files.map((file) => (
              <li key={file.path}>
                {fileName(file.path)} <span className="hint">{formatBytes(file.bytes)}</span>
                {file.queued && <span className="hint"> · in the upload queue</span>}
              </li>
            ))}
          </ul>
          {toUpload.length > 0 && (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void uploadSafetyCopies()} data-testid="safety-copy-upload">
              Upload the copy
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
