import type { ReactNode } from 'react';
import type { ShownError } from './state/request-outcome';

/** The technical detail behind an error's words (the call, the system's error code), folded away until asked for. */
export function ErrorDetails({ error }: { error: ShownError }) {
  const { message, details } = error;
  if (details === undefined || details === message) return null;
  return (
    <details className="error-details">
      <summary>Details</summary>
      <pre>{details}</pre>
    </details>
  );
}

/**
 * An error as the app shows it: its words as an alert (after `lead`, before what `children` add beside them:
 * a Dismiss, a way to fix it), and under them its Details, folded.
 */
export function ErrorMessage({ error, testId, lead, children }: { error: ShownError; testId?: string; lead?: string; children?: ReactNode }) {
  return (
    <>
      <p className="error" role="alert" data-testid={testId}>
        {lead}
        {error.message}
        {children}
      </p>
      <ErrorDetails error={error} />
    </>
  );
}
