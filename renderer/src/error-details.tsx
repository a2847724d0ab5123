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
