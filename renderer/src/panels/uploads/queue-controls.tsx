import { useState } from 'react';
import { UPLOAD_CONCURRENCY, type UploadTotals } from '../../../../preload/contract.js';
import type { UploadsFilter } from '../../state/upload-rows';
import { formatBytes, formatEta, formatSpeed } from './upload-format';

const MEGABYTE = 1024 * 1024;

const count = (value: number): string => value.toLocaleString();

/** The whole queue in one line: files done, bytes, speed, time left. */
export function QueueTotals({ totals }: { totals: UploadTotals }) {
  const parts = [
    `${count(totals.complete)} of ${count(totals.files)} complete`,
    totals.failed > 0 && `${count(totals.failed)} failed`,
    totals.size > 0 && `${formatBytes(totals.bytes)} of ${formatBytes(totals.size)}`,
    totals.speed > 0 && formatSpeed(totals.speed),
    totals.etaSeconds !== null && totals.speed > 0 && `${formatEta(totals.etaSeconds)} left`,
  ].filter(Boolean);
  const share = totals.size > 0 ? Math.min(1, totals.bytes / totals.size) : 0;
  return (
    <div className="queue-totals" data-testid="upload-totals">
      <span>{parts.join(' · ')}</span>
      {totals.unfinished > 0 && (
        <div className="bar bar-wide" role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
          <div className="bar-fill" style={{ width: `${share * 100}%` }} />
        </div>
      )}
      {totals.paused === 'user' && <span className="warning">Paused</span>}
      {totals.paused === 'sign-in' && <span className="warning">Paused until you sign in again</span>}
    </div>
  );
}

/** Pause or resume all, retry the failed ones, clear finished ones, how many at once, the speed limit, the filter. */
export function QueueControls({
  totals,
  filter,
  busy,
  onPauseAll,
  onResumeAll,
  onRetryFailed,
  onClearFinished,
  onConcurrency,
  onSpeedLimit,
  onFilter,
}: {
  totals: UploadTotals;
  filter: UploadsFilter;
  busy: boolean;
  onPauseAll: () => void;
  onResumeAll: () => void;
  onRetryFailed: () => void;
  onClearFinished: (failed: boolean) => void;
  onConcurrency: (concurrency: number) => void;
  onSpeedLimit: (bytesPerSecond: number | null) => void;
  onFilter: (filter: UploadsFilter) => void;
}) {
  const finished = totals.files - totals.unfinished;
  return (
    <div className="queue-controls">
      {totals.paused === null ? (
        // Also with nothing to do: pausing first lets files added next wait until their details are checked.
        <button type="button" className="button" disabled={busy} onClick={onPauseAll} data-testid="pause-all">
          Pause all
        </button>
      ) : (
        <button type="button" className="button button-primary" disabled={busy} onClick={onResumeAll} data-testid="resume-all">
          Resume
        </button>
      )}
      <button type="button" className="button" disabled={busy || totals.failed === 0} onClick={onRetryFailed} data-testid="retry-failed">
        Retry failed
      </button>
      <button type="button" className="button" disabled={busy || finished - totals.failed <= 0} onClick={() => onClearFinished(false)} title="Takes complete and cancelled files off the list">
        Clear finished
      </button>
      <button type="button" className="button" disabled={busy || finished <= 0} onClick={() => onClearFinished(true)} title="Takes complete, cancelled and failed files off the list">
        Clear finished and failed
      </button>
      <label className="inline-field">
        At once
        <select value={totals.concurrency} disabled={busy} onChange={(event) => onConcurrency(Number(event.target.value))} data-testid="concurrency">
          {Array.from({ length: UPLOAD_CONCURRENCY.max - UPLOAD_CONCURRENCY.min + 1 }, (_, index) => UPLOAD_CONCURRENCY.min + index).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <SpeedLimitField key={totals.speedLimit ?? 'none'} limit={totals.speedLimit} disabled={busy} onChange={onSpeedLimit} />
      <label className="checkbox queue-filter">
        <input type="checkbox" checked={filter === 'failed'} onChange={(event) => onFilter(event.target.checked ? 'failed' : 'all')} data-testid="failed-only" />
        Failed only
      </label>
    </div>
  );
}

/** Megabytes per second, empty for no limit; applied on Enter or when the field is left. Keyed by the saved limit. */
function SpeedLimitField({ limit, disabled, onChange }: { limit: number | null; disabled: boolean; onChange: (bytesPerSecond: number | null) => void }) {
  const saved = limit === null ? '' : String(Math.round((limit / MEGABYTE) * 100) / 100);
  const [text, setText] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const trimmed = text.trim();
    if (trimmed === saved) return;
    if (trimmed === '' || Number(trimmed) === 0) {
      setProblem(null);
      onChange(null);
      return;
    }
    const megabytes = Number(trimmed.replace(',', '.'));
    if (!Number.isFinite(megabytes) || megabytes < 0.01) {
      setProblem('Give megabytes per second, like 2 or 0.5; leave it empty for no limit.');
      return;
    }
    setProblem(null);
    onChange(Math.max(1024, Math.round(megabytes * MEGABYTE)));
  };
  return (
    <label className="inline-field" title="For all files together; empty: no limit">
      Limit
      <input
        type="text"
        inputMode="decimal"
        className="speed-limit"
        value={text}
        disabled={disabled}
        placeholder="none"
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        aria-invalid={problem !== null}
        data-testid="speed-limit"
      />
      MB/s
      {problem && <span className="error">{problem}</span>}
    </label>
  );
}
