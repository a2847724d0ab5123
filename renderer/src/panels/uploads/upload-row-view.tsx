import { memo, useState } from 'react';
import type { UploadRow } from '../../../../preload/contract.js';
import { useNow } from '../../use-now';
import { barOf, fileName, formatBytes, formatEta, formatSpeed, stateLabel } from './upload-format';

export interface RowActions {
  pause(id: string): void;
  resume(id: string): void;
  cancel(id: string): void;
  retry(id: string): void;
  edit(id: string): void;
}

/** The queue pauses or cancels a file until its `ready` is on its way to the platform, not after. */
const STOPPABLE = new Set<UploadRow['state']>(['waiting', 'initialising', 'transferring']);

/** Title, description and protection can change until the platform has the file (then they are the video's, edited in the library). */
export function editable(row: UploadRow): boolean {
  return row.videoId === null && (row.state === 'waiting' || row.state === 'paused' || row.state === 'failed');
}

/** One file of the queue: a fixed-height row of the virtual table. */
export const UploadRowView = memo(function UploadRowView({
  row,
  index,
  top,
  editing,
  actions,
  still,
}: {
  row: UploadRow;
  /** Its place in the list shown, from 0. */
  index: number;
  /** Where it sits in the list, in pixels. */
  top: number;
  /** Its details are open in the editor. */
  editing: boolean;
  actions: RowActions;
  /**
   * The list is not being scrolled. A row that comes into view during a scroll (11 new rows a frame in a
   * fling) is drawn without its buttons and progress bar, half of its cost, until the scroll rests
   * (upload-table.tsx); a row drawn whole stays whole.
   */
  still: boolean;
}) {
  const [whole, setWhole] = useState(still);
  if (still && !whole) setWhole(true);
  const { share, label } = barOf(row);
  const transferring = row.state === 'transferring';
  return (
    <div role="row" aria-rowindex={index + 2} className={`upload-row upload-row-${row.state}`} style={{ top }} data-state={row.state} data-testid="upload-row">
      <div role="cell" className="upload-cell-title">
        <span className="upload-title" title={row.title}>
          {row.title}
        </span>
        {row.retry ? (
          <RetryNote retry={row.retry} />
        ) : row.failure ? (
          <FailureReason reason={row.failure} />
        ) : (
          <span className="upload-file" title={row.file}>
            {fileLine(row)}
          </span>
        )}
      </div>
      <div role="cell" className="upload-cell-state" data-testid="upload-state">
        {row.retry ? 'Retrying' : stateLabel(row)}
      </div>
      <div role="cell">
        {whole && (
          <div className="bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
            <div className={`bar-fill bar-fill-${row.state}`} style={{ width: `${share * 100}%` }} />
          </div>
        )}
      </div>
      <div role="cell" className="upload-cell-number">
        {row.bytes > 0 && row.bytes < row.size ? `${formatBytes(row.bytes)} / ${formatBytes(row.size)}` : formatBytes(row.size)}
      </div>
      <div role="cell" className="upload-cell-number">
        {transferring ? formatSpeed(row.speed) : '—'}
      </div>
      <div role="cell" className="upload-cell-number">
        {transferring ? formatEta(row.etaSeconds) : '—'}
      </div>
      <div role="cell" className="upload-cell-actions">
        {whole && <RowButtons row={row} editing={editing} actions={actions} />}
      </div>
    </div>
  );
});

/** The file's name, its video once it has one, and a private upload said so: one text (a row drawn in a scroll is laid out whole). */
function fileLine(row: UploadRow): string {
  return `${fileName(row.file)}${row.videoId ? ` · video ${row.videoId}` : ''}${row.protect === 'private' ? ' · private' : ''}`;
}

/** What can be done to one file now. */
function RowButtons({ row, editing, actions }: { row: UploadRow; editing: boolean; actions: RowActions }) {
  return (
    <>
      {STOPPABLE.has(row.state) && (
        <button type="button" className="button button-small" onClick={() => actions.pause(row.id)}>
          Pause
        </button>
      )}
      {row.state === 'paused' && (
        <button type="button" className="button button-small" onClick={() => actions.resume(row.id)}>
          Resume
        </button>
      )}
      {row.state === 'failed' && (
        <button type="button" className="button button-small" onClick={() => actions.retry(row.id)} data-testid="retry-row">
          Retry
        </button>
      )}
      {editable(row) && (
        <button type="button" className="button button-small" onClick={() => actions.edit(row.id)} aria-pressed={editing} aria-label={`Edit ${row.title}`}>
          Edit
        </button>
      )}
      {(STOPPABLE.has(row.state) || row.state === 'paused' || row.state === 'failed') && (
        <button type="button" className="button button-small" onClick={() => actions.cancel(row.id)} aria-label={`Cancel ${row.title}`}>
          Cancel
        </button>
      )}
    </>
  );
}

/**
 * Why the file failed, on one line in the fixed-height row, and the whole of it when opened: it unfolds
 * over the rows below (the table's body scrolls to it), so no reason is ever cut off for good.
 */
function FailureReason({ reason }: { reason: string }) {
  return (
    <details className="upload-failure" data-testid="upload-failure">
      <summary>
        <span className="upload-failure-line">{reason}</span>
      </summary>
      <p className="upload-failure-whole">{reason}</p>
    </details>
  );
}

/** A step that failed for a reason that may pass, waiting to be tried again: when, which attempt, why. */
function RetryNote({ retry }: { retry: NonNullable<UploadRow['retry']> }) {
  const seconds = Math.max(0, Math.ceil((retry.at - useNow()) / 1000));
  const text = `Retrying ${seconds > 0 ? `in ${seconds} s` : 'now'} (attempt ${retry.attempt}): ${retry.reason}`;
  return (
    <span className="upload-retry" title={text} data-testid="upload-retry">
      {text}
    </span>
  );
}
