// Device passwords: generated logins for devices (an encoder, a camera) that should not hold the account's
// own password. The password is shown once, right after it is made.
import { useEffect, useState, type FormEvent } from 'react';
import type { CreatedDevicePassword } from '../../../preload/contract.js';
import { useDevicePasswordsStore } from '../state/device-passwords-slice';
import { ConfirmButton } from './confirm-button';
import { CopyButton } from './copy-button';
import { Pager } from './pager';
import './team-panels.css';
import { TableHead } from './table-head';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../error-details';

const MAX_NAME = 100;

function toSeconds(local: string): number | undefined {
  if (local === '') return undefined;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

function formatTime(seconds: number | null, empty: string): string {
  return seconds === null ? empty : new Date(seconds * 1000).toLocaleString();
}

function createProblem(name: string, from: string, until: string): string | null {
  if (name.trim() === '') return 'Give the device a name, like "Studio encoder".';
  if (name.trim().length > MAX_NAME) return `The device name is at most ${MAX_NAME} characters.`;
  if (from !== '' && toSeconds(from) === undefined) return 'The start time is not a valid date.';
  if (until !== '' && toSeconds(until) === undefined) return 'The end time is not a valid date.';
  const start = toSeconds(from) ?? Math.floor(Date.now() / 1000);
  const end = toSeconds(until);
  if (end !== undefined && end <= start) return 'The end time must be after the start time (leave it empty for no end).';
  return null;
}

function CreateForm() {
  const create = useDevicePasswordsStore((state) => state.create);
  const creating = useDevicePasswordsStore((state) => state.creating);
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [shownProblem, setShownProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = createProblem(name, from, until);
    setShownProblem(found);
    if (found) return;
    if (await create({ deviceName: name.trim(), validFrom: toSeconds(from), validUntil: toSeconds(until) })) {
      setName('');
      setFrom('');
      setUntil('');
    }
  }

  return (
    <form className="device-password-create" aria-label="New device password" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={creating}>
        <label className="field">
          Device name
          <input type="text" name="device-name" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          Valid from (empty: now)
          <input type="datetime-local" name="valid-from" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="field">
          Valid until (empty: no end)
          <input type="datetime-local" name="valid-until" value={until} onChange={(event) => setUntil(event.target.value)} />
        </label>
        <button type="submit" className="button button-primary">
          {creating ? 'Creating…' : 'Create password'}
        </button>
      </fieldset>
      {shownProblem && (
        <p className="error" role="alert" data-testid="create-problem">
          {shownProblem}
        </p>
      )}
    </form>
  );
}

function CreatedOnce({ created }: { created: CreatedDevicePassword }) {
  const forget = useDevicePasswordsStore((state) => state.forgetCreated);
  return (
    <div className="warning created-password" role="status" data-testid="created-password">
      <p>
        Copy the password for <strong>{created.deviceName}</strong> now: it is not shown again.
      </p>
      <dl className="facts">
        <dt>User name</dt>
        <dd>
          <code data-testid="created-user-name">{created.userName}</code> <CopyButton text={created.userName} label="user name" />
        </dd>
        <dt>Password</dt>
        <dd>
          <code data-testid="created-password-value">{created.password}</code> <CopyButton text={created.password} label="password" />
        </dd>
      </dl>
      <button type="button" className="button button-small" onClick={forget}>
        Done, hide it
      </button>
    </div>
  );
}

export function DevicePasswordsPanel() {
  const { page, loading, deleting, created, error, load, remove } = useDevicePasswordsStore(
    useShallow((state) => ({ page: state.page, loading: state.loading, deleting: state.deleting, created: state.created, error: state.error, load: state.load, remove: state.remove })),
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="panel" aria-labelledby="panel-title" data-testid="device-passwords-panel">
      <h1 id="panel-title">Device passwords</h1>
      <p className="panel-purpose">A separate login for each device, so a lost camera never needs your account password changed.</p>
      <CreateForm />
      {created && <CreatedOnce created={created} />}
      {error && (
        <ErrorMessage error={error} testId="device-passwords-error" />
      )}
      {!page ? (
        <p>{loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          {page.items.length === 0 ? (
            <p className="hint">No device passwords{page.page > 1 ? ' on this page' : ''}.</p>
          ) : (
            <table className="device-passwords" data-testid="device-passwords">
              <TableHead columns={['Device', 'User name', 'Created', 'Valid from', 'Valid until']} />
              <tbody>
                {page.items.map((item) => (
                  <tr key={item.userName} data-user-name={item.userName}>
                    <td>{item.deviceName}</td>
                    <td>
                      <code>{item.userName}</code>
                    </td>
                    <td>{formatTime(item.createdAt, '—')}</td>
                    <td>{formatTime(item.validFrom, '—')}</td>
                    <td>{formatTime(item.validUntil, 'no end')}</td>
                    <td>
                      <ConfirmButton
                        label="Delete"
                        ariaLabel={`Delete ${item.deviceName}`}
                        question={`Delete the password of ${item.deviceName}? The device can no longer sign in with it.`}
                        confirmLabel="Yes, delete"
                        disabled={deleting.includes(item.userName)}
                        onConfirm={() => void remove(item.userName)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page.page} hasPrevious={page.hasPrevious} hasNext={page.hasNext} disabled={loading} testId="device-passwords-page" onPage={(next) => void load(next)} />
        </>
      )}
    </section>
  );
}
