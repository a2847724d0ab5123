import type { ReactNode } from 'react';
import { ErrorMessage } from '../error-details';
import { useNavigationStore } from '../state/navigation-slice';
import type { ShownError } from '../state/request-outcome';

/** A panel that needs a sign-in, shown signed out: its heading, why, and the way to the Sign-in panel. */
export function SignInFirst({ heading, reason }: { heading: ReactNode; reason: string }) {
  const openPanel = useNavigationStore((state) => state.open);
  return (
    <section className="panel" aria-labelledby="panel-title">
      {heading}
      <p className="next-action">{reason}</p>
      <button type="button" className="button button-primary" onClick={() => openPanel('sign-in')}>
        Sign in
      </button>
    </section>
  );
}

/** What the panel's last request came to: a plan limit, a refusal that says what to do, or what was done. */
export function PanelOutcome({ testId, planNote, error, done }: { testId: string; planNote?: string | null; error: ShownError | null; done: string | null }) {
  return (
    <>
      {planNote && (
        <p className="hint plan-note" role="status" data-testid={`${testId}-plan-note`}>
          {planNote}
        </p>
      )}
      {error && <ErrorMessage error={error} testId={`${testId}-error`} />}
      {done && (
        <p className="done" role="status" data-testid={`${testId}-done`}>
          {done}
        </p>
      )}
    </>
  );
}

/** A panel whose first load has not come: what stopped it (with its Details), or that it is on its way. */
export function LoadingOrFailed({ error }: { error: ShownError | null }) {
  return error ? <ErrorMessage error={error} /> : <p role="status">Loading…</p>;
}
