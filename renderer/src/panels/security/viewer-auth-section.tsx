// Viewer authentication (the platform's hash lock): viewers sign in through the streamer's own service,
// which answers the player with a hashed response. Set it (basic or advanced) with the service's entry
// point and a shared secret, see what is set, remove it; and a helper that shows how the service must
// build the response, with a calculator to check the service's output against.
import { useEffect, useState, type FormEvent } from 'react';
import type { HashLockChange } from '../../../../preload/contract.js';
import { useViewerAuthStore } from '../../state/viewer-auth-slice';
import { authInputProblem, authResponse, type AuthParameter } from './auth-hash';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../../error-details';

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/i;

function HashLockForm({ hasLock }: { hasLock: boolean }) {
  const { busy, save } = useViewerAuthStore(
    useShallow((state) => ({ busy: state.busy, save: state.save })),
  );
  const [type, setType] = useState<HashLockChange['type']>('advanced');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = !WEB_ADDRESS.test(url.trim())
      ? 'Enter the full http or https address where your authentication flow starts.'
      : secret === ''
        ? 'Enter the shared secret your service uses to build the hash.'
        : null;
    setProblem(found);
    if (!found && (await save({ type, url: url.trim(), secret }))) setSecret('');
  }

  return (
    <form className="inline-form" aria-label="Viewer authentication" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={busy}>
        <label className="field">
          Kind
          <select value={type} onChange={(event) => setType(event.target.value === 'basic' ? 'basic' : 'advanced')} data-testid="hash-lock-type">
            <option value="advanced">Advanced</option>
            <option value="basic">Basic</option>
          </select>
        </label>
        <label className="field field-wide">
          Entry point of your authentication service
          <input type="url" value={url} placeholder="https://auth.example.com/start" onChange={(event) => setUrl(event.target.value)} data-testid="hash-lock-url" />
        </label>
        <label className="field">
          Shared secret
          <input type="password" autoComplete="off" value={secret} onChange={(event) => setSecret(event.target.value)} data-testid="hash-lock-secret" />
        </label>
        <button type="submit" className="button button-primary" data-testid="hash-lock-save">
          {hasLock ? 'Replace' : 'Turn on'}
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="hash-lock-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

function HashCalculator() {
  const [parameters, setParameters] = useState<AuthParameter[]>([
    { name: 'user', value: 'viewer@example.com' },
    { name: 'time', value: '1700000000' },
  ]);
  const [secret, setSecret] = useState('');
  const [expire, setExpire] = useState('');
  const hashExpire = expire.trim() === '' ? null : Number(expire.trim());
  const input = { parameters, secret, hashExpire };
  const problem = authInputProblem(input);
  const result = problem === null ? authResponse(input) : null;
  const edit = (index: number, change: Partial<AuthParameter>) => setParameters(parameters.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));

  return (
    <section className="hash-helper" aria-labelledby="hash-helper-title" data-testid="hash-helper">
      <h3 id="hash-helper-title">How your service answers the player</h3>
      <ol className="hash-steps">
        <li>The player shows your entry point in a frame; the viewer signs in there.</li>
        <li>
          Your service redirects to <code>{'{player_url}'}/embed/hashlock/pass?hash=…</code> with a JSON object: the parameters you choose, in
          order, optionally <code>hashExpire</code> (a Unix time), and <code>hash</code>.
        </li>
        <li>
          <code>hash</code> is the MD5 of the parameter values in the same order, then <code>hashExpire</code> if used, then the shared secret,
          joined by <code>|</code>. On failure the service sends <code>hash=false</code>.
        </li>
      </ol>
      <p className="muted">Test calculator: nothing here is sent anywhere.</p>
      <table className="hash-parameters">
        <tbody>
          {parameters.map((parameter, index) => (
            <tr key={index}>
              <td>
                <input aria-label={`Parameter ${index + 1} name`} value={parameter.name} onChange={(event) => edit(index, { name: event.target.value })} data-testid={`hash-param-name-${index}`} />
              </td>
              <td>
                <input aria-label={`Parameter ${index + 1} value`} value={parameter.value} onChange={(event) => edit(index, { value: event.target.value })} data-testid={`hash-param-value-${index}`} />
              </td>
              <td>
                <button type="button" className="button button-small" onClick={() => setParameters(parameters.filter((_, at) => at !== index))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button-small" onClick={() => setParameters([...parameters, { name: `param${parameters.length + 1}`, value: '' }])}>
        Add a parameter
      </button>
      <div className="inline-form">
        <label className="field">
          Shared secret
          <input type="password" autoComplete="off" value={secret} onChange={(event) => setSecret(event.target.value)} data-testid="hash-calc-secret" />
        </label>
        <label className="field">
          hashExpire (optional, Unix seconds)
          <input inputMode="numeric" value={expire} onChange={(event) => setExpire(event.target.value)} data-testid="hash-calc-expire" />
        </label>
      </div>
      {problem ? (
        <p className="hint" data-testid="hash-calc-problem">
          {problem}
        </p>
      ) : (
        result && (
          <dl className="hash-result">
            <dt>Hashed text (ends with the secret, shown as •••)</dt>
            <dd>
              <code data-testid="hash-calc-text">{`${result.hashedText.slice(0, result.hashedText.length - secret.length)}${'•'.repeat(3)}`}</code>
            </dd>
            <dt>hash</dt>
            <dd>
              <code data-testid="hash-calc-hash">{result.hash}</code>
            </dd>
            <dt>Response</dt>
            <dd>
              <code data-testid="hash-calc-json">{result.json}</code>
            </dd>
          </dl>
        )
      )}
    </section>
  );
}

export function ViewerAuthSection({ channelId }: { channelId: string }) {
  const { lock, loaded, busy, error, done, load, remove } = useViewerAuthStore(
    useShallow((state) => ({ lock: state.lock, loaded: state.loaded, busy: state.busy, error: state.error, done: state.done, load: state.load, remove: state.remove })),
  );
  useEffect(() => {
    void load(channelId);
  }, [channelId, load]);

  return (
    <section aria-labelledby="viewer-auth-title" data-testid="viewer-auth">
      <h2 id="viewer-auth-title">Viewer authentication</h2>
      <p className="muted">Viewers sign in through your own service before they can watch.</p>
      {error && (
        <ErrorMessage error={error} testId="viewer-auth-error" />
      )}
      {done && (
        <p className="done" role="status" data-testid="viewer-auth-done">
          {done}
        </p>
      )}
      {loaded && (
        <p data-testid="hash-lock-state">
          {lock ? (
            <>
              On ({lock.type}): <code>{lock.url}</code>{' '}
              <button type="button" className="button button-small" disabled={busy} onClick={() => void remove()} data-testid="hash-lock-remove">
                Turn off
              </button>
            </>
          ) : (
            'Off: no sign-in needed.'
          )}
        </p>
      )}
      <HashLockForm hasLock={lock !== null} />
      <HashCalculator />
    </section>
  );
}
