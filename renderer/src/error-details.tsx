import { errorDetails } from './state/request-outcome';

/** The technical detail behind an error's words (the call, the system's error code), folded away until asked for. */
export function ErrorDetails({ words, details = errorDetails(words) }: { words: string; details?: string | undefined }) {
  if (details === undefined || details === words) return null;
  return (
    <details className="error-details">
      <summary>Details</summary>
      <pre>{details}</pre>
    </details>
  );
}
