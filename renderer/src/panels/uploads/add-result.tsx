import type { AddUploadsResult } from '../../../../preload/contract.js';
import { fileName } from './upload-format';

/** What the last add did: how many files went into the queue, and each one left out with its reason. */
export function AddResult({ result, onDismiss }: { result: AddUploadsResult; onDismiss: () => void }) {
  const left = result.rejected.length;
  return (
    <div className={`add-result${left > 0 ? ' add-result-warning' : ''}`} role="status" data-testid="add-result">
      <div className="add-result-head">
        <span>
          {result.queued === 0 ? 'No file was added.' : `Added ${result.queued} file${result.queued === 1 ? '' : 's'} to the queue.`}
          {left > 0 && ` ${left} left out:`}
        </span>
        <button type="button" className="notice-dismiss" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      </div>
      {left > 0 && (
        <ul className="rejected-files">
          {result.rejected.map((rejection) => (
            <li key={rejection.file} data-testid="rejected-file" title={rejection.file}>
              <strong>{fileName(rejection.file)}</strong>: {rejection.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
