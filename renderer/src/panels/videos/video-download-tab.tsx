// The video's MP4 and FLV files: ask the platform to make one, watch it go from pending to available (read
// again every second), see the 24-hour window, and save it to a folder on the computer running the app. The
// saved files stay listed after a restart (a cut one goes on by itself); a running one can be cancelled and
// an ended one taken off the list.
import { useEffect, useState } from 'react';
import type { VideoDownloadable, VideoDownloadTransfer, VideoFileFormat } from '../../../../preload/contract.js';
import { formatExpiry } from '../../format-expiry';
import { useVideoDownloadStore, VIDEO_FILE_FORMATS } from '../../state/video-download-slice';
import { CopyButton } from '../copy-button';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { formatBytes } from './format-clock';
import { useShallow } from 'zustand/react/shallow';

const PENDING_POLL_MS = 1000;

function statusWords(file: VideoDownloadable | null): string {
  if (file === null) return 'Checking…';
  if (file.status === 'unavailable') return 'Not made yet.';
  if (file.status === 'pending') return 'The platform is making the file…';
  if (file.expiresAt === null) return 'Ready; the link does not expire.';
  return `Ready until ${new Date(file.expiresAt * 1000).toLocaleString()} (${formatExpiry(file.expiresAt)}).`;
}

function TransferRow({ transfer, canReveal }: { transfer: VideoDownloadTransfer; canReveal: boolean }) {
  const { reveal, cancel, remove } = useVideoDownloadStore(
    useShallow((state) => ({ reveal: state.reveal, cancel: state.cancel, remove: state.remove })),
  );
  const amount = transfer.total === null ? formatBytes(transfer.bytes) : `${formatBytes(transfer.bytes)} of ${formatBytes(transfer.total)}`;
  return (
    <li className={`download-transfer download-${transfer.state}`} data-testid="download-transfer">
      <span className="download-format">{transfer.format.toUpperCase()}</span>
      {transfer.state === 'running' && (
        <>
          <progress value={transfer.bytes} max={transfer.total ?? undefined} aria-label={`Saving ${transfer.file}`} /> <span>{amount}</span>
          {transfer.resumes > 0 && <span className="hint"> (picked up again {transfer.resumes}×)</span>}{' '}
          <button type="button" className="button button-small" onClick={() => void cancel(transfer.id)} data-testid="download-cancel">
            Cancel
          </button>
        </>
      )}
      {transfer.state === 'complete' && (
        <span data-testid="download-saved">
          Saved {formatBytes(transfer.bytes)} to <code>{transfer.file}</code> <CopyButton text={transfer.file} label="the file's path" />
          {canReveal && (
            <button type="button" className="button button-small" onClick={() => void reveal(transfer.id)}>
              Show in folder
            </button>
          )}
        </span>
      )}
      {transfer.state === 'failed' && (
        <span className="error" role="alert" data-testid="download-failed">
          {transfer.failure}
        </span>
      )}
      {transfer.state === 'cancelled' && (
        <span data-testid="download-cancelled">
          Cancelled after {amount}. What arrived is kept beside <code>{transfer.file}</code>; saving this file again picks up where it stopped.
        </span>
      )}
      {transfer.state !== 'running' && (
        <>
          {' '}
          <button type="button" className="button button-small" onClick={() => void remove(transfer.id)} data-testid="download-remove">
            Remove from list
          </button>
        </>
      )}
    </li>
  );
}

function FormatRow({ format, file, folder }: { format: VideoFileFormat; file: VideoDownloadable | null; folder: string }) {
  const { busy, request, save, poll, canReveal } = useVideoDownloadStore(
    useShallow((state) => ({ busy: state.busy, request: state.request, save: state.save, poll: state.poll, canReveal: state.canReveal })),
  );
  const pending = file?.status === 'pending';

  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(() => void poll(format), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, poll, format]);

  const label = format.toUpperCase();
  return (
    <tr data-testid={`download-${format}`}>
      <th scope="row">{label}</th>
      <td data-testid={`download-${format}-status`}>{statusWords(file)}</td>
      <td className="button-row">
        {file?.status !== 'available' && (
          <button type="button" className="button button-small" disabled={busy !== null || pending || file === null} onClick={() => void request(format)} data-testid={`download-${format}-request`}>
            {busy === format ? 'Asking…' : `Make the ${label} file`}
          </button>
        )}
        {file?.status === 'available' && (
          <>
            <button type="button" className="button button-small button-primary" disabled={busy !== null} onClick={() => void save(format, folder)} data-testid={`download-${format}-save`}>
              {busy === format ? 'Starting…' : 'Save to this computer'}
            </button>
            {/* Browser mode only: a link the browser itself can download; Electron keeps the window on the app. */}
            {!canReveal && file.downloadUrl !== null && (
              <a className="button button-small" href={file.downloadUrl} target="_blank" rel="noreferrer" data-testid={`download-${format}-link`}>
                Open the link
              </a>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

export function VideoDownloadTab({ videoId }: VideoTabProps) {
  const { files, defaultFolder, canReveal, transfers, error, planNote, load } = useVideoDownloadStore(
    useShallow((state) => ({ files: state.files, defaultFolder: state.defaultFolder, canReveal: state.canReveal, transfers: state.transfers, error: state.error, planNote: state.planNote, load: state.load })),
  );
  const [folder, setFolder] = useState('');

  useEffect(() => {
    void load(videoId);
  }, [videoId, load]);

  const mine = Object.values(transfers).filter((transfer) => transfer.videoId === videoId);
  return (
    <div className="video-download" data-testid="video-download">
      <p className="hint">
        The platform makes a file to download on request. Once it is ready, its link works for 24 hours.
      </p>
      <PanelOutcome testId="download" error={error} planNote={planNote} done={null} />
      <label className="field field-wide">
        Save into the folder (on the computer running the app)
        <input value={folder} placeholder={defaultFolder ?? ''} onChange={(event) => setFolder(event.target.value)} data-testid="download-folder" />
      </label>
      <table className="download-table">
        <tbody>
          {VIDEO_FILE_FORMATS.map((format) => (
            <FormatRow key={format} format={format} file={files[format]} folder={folder} />
          ))}
        </tbody>
      </table>
      {mine.length > 0 && (
        <ul className="download-transfers" aria-label="Saved files">
          {mine.map((transfer) => (
            <TransferRow key={transfer.id} transfer={transfer} canReveal={canReveal} />
          ))}
        </ul>
      )}
    </div>
  );
}
