// "Copy diagnostics": versions, OS, profile kinds and the end of the logs, built (and redacted) by main,
// put on the clipboard for a bug report.
import { useState } from 'react';
import { bridge } from '../bridge/bridge-registry';
import { shownError } from '../state/request-outcome';

type Outcome = { readonly kind: 'idle' } | { readonly kind: 'working' } | { readonly kind: 'copied' } | { readonly kind: 'failed'; readonly message: string };

export function CopyDiagnostics() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  async function copy(): Promise<void> {
    setOutcome({ kind: 'working' });
    try {
      await navigator.clipboard.writeText(await bridge().app.diagnostics());
      setOutcome({ kind: 'copied' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: shownError(error).message });
    }
  }

  return (
    <>
      <p>
        For a bug report: the app's and system's versions and the end of the logs, with tokens, keys and passwords removed. The log files are in the{' '}
        <code>logs</code> folder beside the settings.
      </p>
      <button type="button" className="button" disabled={outcome.kind === 'working'} onClick={() => void copy()} data-testid="copy-diagnostics">
        {outcome.kind === 'copied' ? 'Copied' : 'Copy diagnostics'}
      </button>
      {outcome.kind === 'failed' && (
        <p className="error" role="alert">
          Could not copy the diagnostics: {outcome.message}
        </p>
      )}
    </>
  );
}
