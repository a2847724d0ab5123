// Managers: invite other platform users by e-mail, name them, switch them on and off (at most a few
// active at once) and choose which channels each may manage.
import { useEffect, useState, type FormEvent } from 'react';
import type { ManagerRow, ManagersState } from '../../../preload/contract.js';
import { useManagersStore } from '../state/managers-slice';
import { ConfirmButton } from './confirm-button';
import { Pager } from './pager';
import './team-panels.css';
import { TableHead } from './table-head';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../error-details';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MANAGERS_PER_PAGE = 50;
const MAX_ALIAS = 100;

function inviteProblem(email: string, alias: string, managers: readonly ManagerRow[]): string | null {
  if (!EMAIL.test(email.trim())) return 'Enter the e-mail address of a registered platform user, like name@example.com.';
  if (alias.trim().length > MAX_ALIAS) return `The alias is at most ${MAX_ALIAS} characters.`;
  if (managers.some((row) => row.email.toLowerCase() === email.trim().toLowerCase())) return `${email.trim()} is already one of your managers.`;
  return null;
}

function InviteForm({ managers }: { managers: readonly ManagerRow[] }) {
  const invite = useManagersStore((state) => state.invite);
  const inviting = useManagersStore((state) => state.inviting);
  const [email, setEmail] = useState('');
  const [alias, setAlias] = useState('');
  const [shownProblem, setShownProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = inviteProblem(email, alias, managers);
    setShownProblem(found);
    if (found) return;
    if (await invite({ email: email.trim(), alias: alias.trim() || undefined })) {
      setEmail('');
      setAlias('');
    }
  }

  return (
    <form className="manager-invite" aria-label="Invite a manager" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={inviting}>
        <label className="field">
          E-mail address
          <input type="email" name="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        </label>
        <label className="field">
          Alias (optional)
          <input type="text" name="alias" value={alias} maxLength={MAX_ALIAS + 20} onChange={(event) => setAlias(event.target.value)} />
        </label>
        <button type="submit" className="button button-primary">
          {inviting ? 'Inviting…' : 'Invite'}
        </button>
      </fieldset>
      {shownProblem && (
        <p className="error" role="alert" data-testid="invite-problem">
          {shownProblem}
        </p>
      )}
    </form>
  );
}

function AliasEditor({ row, disabled }: { row: ManagerRow; disabled: boolean }) {
  const change = useManagersStore((state) => state.change);
  const [alias, setAlias] = useState(row.alias);
  const tooLong = alias.trim().length > MAX_ALIAS;
  return (
    <form
      className="inline-field"
      aria-label={`Alias of ${row.email}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong && alias.trim() !== row.alias) void change(row.userId, { active: row.active, alias: alias.trim() });
      }}
    >
      <input type="text" aria-label={`Alias of ${row.email}`} value={alias} disabled={disabled} onChange={(event) => setAlias(event.target.value)} aria-invalid={tooLong} />
      <button type="submit" className="button button-small" disabled={disabled || tooLong || alias.trim() === row.alias}>
        Save
      </button>
    </form>
  );
}

function ManagerTable({ state }: { state: ManagersState }) {
  const pending = useManagersStore((store) => store.pending);
  const change = useManagersStore((store) => store.change);
  const setChannel = useManagersStore((store) => store.setChannel);
  const remove = useManagersStore((store) => store.remove);
  const [page, setPage] = useState(1);
  if (state.managers.length === 0) return <p className="hint">No managers yet. Invite someone above.</p>;
  // The platform answers the whole list (up to 500 managers); the table shows one page of it at a time.
  const pages = Math.max(1, Math.ceil(state.managers.length / MANAGERS_PER_PAGE));
  const shown = Math.min(page, pages);
  const rows = state.managers.slice((shown - 1) * MANAGERS_PER_PAGE, shown * MANAGERS_PER_PAGE);
  return (
    <>
      <table className="managers" data-testid="managers">
        <TableHead columns={['Manager', 'Alias', 'Active', 'Channels']} />
        <tbody>
          {rows.map((row) => {
            const busy = pending.includes(row.userId);
            return (
              <tr key={row.userId} data-manager={row.email} data-active={row.active} aria-busy={busy}>
                <td>{row.email}</td>
                <td>
                  {/* Keyed by the alias: a saved or rolled-back alias starts the editor afresh. */}
                  <AliasEditor key={row.alias} row={row} disabled={busy} />
                </td>
                <td>
                  <label className="checkbox">
                    <input type="checkbox" checked={row.active} disabled={busy} onChange={(event) => void change(row.userId, { active: event.target.checked })} />
                    {row.active ? 'Active' : 'Inactive'}
                  </label>
                </td>
                <td>
                  {state.channels.map((channel) => (
                    <label key={channel.id} className="checkbox">
                      <input
                        type="checkbox"
                        aria-label={`${row.email} manages ${channel.title}`}
                        checked={row.channels.includes(channel.id)}
                        disabled={busy}
                        onChange={(event) => void setChannel(row.userId, channel.id, event.target.checked)}
                      />
                      {channel.title}
                    </label>
                  ))}
                </td>
                <td>
                  <ConfirmButton
                    label="Remove"
                    ariaLabel={`Remove ${row.email}`}
                    question={`Remove ${row.email} as a manager? They lose access to all your channels.`}
                    confirmLabel="Yes, remove"
                    disabled={busy}
                    onConfirm={() => void remove(row.userId)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 && <Pager page={shown} hasPrevious={shown > 1} hasNext={shown < pages} testId="managers-page" onPage={setPage} />}
    </>
  );
}

export function ManagersPanel() {
  const { state, loading, error, planNote, load, dismissError } = useManagersStore(
    useShallow((state) => ({ state: state.state, loading: state.loading, error: state.error, planNote: state.planNote, load: state.load, dismissError: state.dismissError })),
  );

  useEffect(() => {
    void load();
  }, [load]);

  const activeCount = state?.managers.filter((row) => row.active).length ?? 0;
  return (
    <section className="panel" aria-labelledby="panel-title" data-testid="managers-panel">
      <h1 id="panel-title">Managers</h1>
      <p className="panel-purpose">People who may manage your channels. Invite a registered platform user by e-mail; they start inactive.</p>
      {planNote && (
        <p className="hint plan-note" role="status" data-testid="plan-note">
          {planNote}
        </p>
      )}
      {error && (
        <ErrorMessage error={error} testId="managers-error">
          {' '}
          <button type="button" className="link-button" onClick={dismissError}>
            Dismiss
          </button>
        </ErrorMessage>
      )}
      {!state ? (
        <p>{loading ? 'Loading…' : ''}</p>
      ) : state.included ? (
        <>
          <InviteForm managers={state.managers} />
          <p className="hint" data-testid="active-count">
            {activeCount} of {state.maxActive} managers active at once
          </p>
          <ManagerTable state={state} />
        </>
      ) : null}
    </section>
  );
}
