// The local safety copy: on or off, its folder, "upload when done", the file being written and its size,
// the disk-space warning, and after the broadcast, the copies to upload in one click.
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { safetyCopyOf } from './extras-view';
import { formatBytes } from './time-format';

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function SafetyCopySection() {
  const { live, onAir, busy, setSafetyCopy, uploadSafetyCopies } = useLiveStore(
    useShallow((state) => ({
      live: state.live,
      onAir: state.live?.phase === 'live' || state.live?.phase === 'starting',
      busy: state.busy,
      setSafetyCopy: state.setSafetyCopy,
      uploadSafetyCopies: state.uploadSafetyCopies,
    })),
  );
  const copy = useMemo(() => (live ? safetyCopyOf(live) : null), [live]);
  /** What the streamer typed, until saved; null follows the saved folder. */
  const [draft, setDraft] = useState<string | null>(null);
  if (!copy) return null;
  const folder = draft ?? copy.folder;
  const saveFolder = (change: { enabled?: boolean }) => {
    setDraft(null);
    void setSafetyCopy({ ...change, folder: folder.trim() });
  };
  return (
    <fieldset className="live-setting" data-testid="safety-copy">
      <legend>Safety copy on this computer</legend>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={copy.enabled} disabled={busy !== null || (folder.trim() === '' && !copy.enabled)} onChange={(event) => saveFolder({ enabled: event.target.checked })} data-testid="safety-copy-switch" />
        Write the stream to a file while live (no re-encoding)
      </label>
      <div className="inline-field path-field">
        <label htmlFor="safety-copy-folder">Folder</label>
        <input id="safety-copy-folder" type="text" value={folder} spellCheck={false} placeholder="/home/you/Videos/safety" onChange={(event) => setDraft(event.target.value)} data-testid="safety-copy-folder" />
        <button type="button" className="button button-small" disabled={busy !== null || folder.trim() === '' || folder.trim() === copy.folder} onClick={() => saveFolder({})}>
          Save
        </button>
      </div>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={copy.uploadWhenDone} disabled={busy !== null} onChange={(event) => void setSafetyCopy({ uploadWhenDone: event.target.checked })} data-testid="safety-copy-upload-when-done" />
        Upload it as a video when the broadcast ends
      </label>
      {copy.currentFile && (
        <p data-testid="safety-copy-current">
          Writing {fileName(copy.currentFile)}
          {copy.bytes !== null && ` — ${formatBytes(copy.bytes)}`}
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
                {fileName(file.path)} {file.bytes !== null && <span className="hint">{formatBytes(file.bytes)}</span>}
              </li>
            ))}
          </ul>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void uploadSafetyCopies()} data-testid="safety-copy-upload">
            Upload the copy
          </button>
        </div>
      )}
      {!copy.available && <p className="hint">Not offered by this version of the app yet.</p>}
    </fieldset>
  );
}
