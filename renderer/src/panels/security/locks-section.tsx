// The channel's locks: the password viewers must give, where the player may be embedded, and whether the
// channel shows on the platform's own website. A lock the plan lacks shows its note instead of controls.
import { useState, type FormEvent } from 'react';
import type { ChannelSecurity } from '../../../../preload/contract.js';
import { useSecurityStore } from '../../state/security-slice';
import { useShallow } from 'zustand/react/shallow';

const MAX_PASSWORD = 100;
const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/i;

function PlanNote({ note, testId }: { note: string | null; testId: string }) {
  return (
    <p className="hint plan-note" role="status" data-testid={testId}>
      {note}
    </p>
  );
}

function PasswordLock({ security }: { security: ChannelSecurity }) {
  const { busy, setPassword, removePassword } = useSecurityStore(
    useShallow((state) => ({ busy: state.busy, setPassword: state.setPassword, removePassword: state.removePassword })),
  );
  const [password, setPasswordText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = password.trim() === '' ? 'Enter a password.' : password.length > MAX_PASSWORD ? `The password is at most ${MAX_PASSWORD} characters.` : null;
    setProblem(found);
    if (!found && (await setPassword(password))) setPasswordText('');
  }

  return (
    <section className="security-block" aria-labelledby="password-lock-title" data-testid="password-lock">
      <h3 id="password-lock-title">Password</h3>
      <p className="muted" data-testid="password-state">
        {security.passwordEnabled ? 'Viewers need a password to watch.' : 'No password: anyone can watch.'}
      </p>
      <form className="inline-form" aria-label="Channel password" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={busy !== null}>
          <label className="field">
            {security.passwordEnabled ? 'New password' : 'Password'}
            <input type="password" autoComplete="new-password" value={password} onChange={(event) => setPasswordText(event.target.value)} data-testid="password-input" />
          </label>
          <button type="submit" className="button button-primary" data-testid="password-save">
            {security.passwordEnabled ? 'Change password' : 'Require password'}
          </button>
          {security.passwordEnabled && (
            <button type="button" className="button" onClick={() => void removePassword()} data-testid="password-remove">
              Remove password
            </button>
          )}
        </fieldset>
        {problem && (
          <p className="error" role="alert" data-testid="password-problem">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}

function EmbedLock({ security }: { security: ChannelSecurity }) {
  const { busy, setEmbedLock, addAllowedUrl, clearAllowedUrls } = useSecurityStore(
    useShallow((state) => ({ busy: state.busy, setEmbedLock: state.setEmbedLock, addAllowedUrl: state.addAllowedUrl, clearAllowedUrls: state.clearAllowedUrls })),
  );
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const embed = security.embed;

  async function add(event: FormEvent) {
    event.preventDefault();
    const found = WEB_ADDRESS.test(url.trim()) ? null : 'Enter one full http or https address, like https://example.com/blog.';
    setProblem(found);
    if (!found && (await addAllowedUrl(url.trim()))) setUrl('');
  }

  return (
    <section className="security-block" aria-labelledby="embed-lock-title" data-testid="embed-lock">
      <h3 id="embed-lock-title">Embedding</h3>
      {!embed.included ? (
        <PlanNote note={embed.planNote} testId="embed-plan-note" />
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={embed.locked} disabled={busy !== null} onChange={(event) => void setEmbedLock(event.target.checked)} data-testid="embed-locked" />
            Only these addresses may embed the player
          </label>
          {embed.locked && (
            <>
              {embed.allowedUrls.length === 0 ? (
                <p className="muted">No address yet: add the pages that may show your player.</p>
              ) : (
                <ul className="allowed-urls" data-testid="allowed-urls">
                  {embed.allowedUrls.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              )}
              <form className="inline-form" aria-label="Allowed address" onSubmit={(event) => void add(event)} noValidate>
                <fieldset disabled={busy !== null}>
                  <label className="field field-wide">
                    Address
                    <input type="url" value={url} placeholder="https://example.com/blog" onChange={(event) => setUrl(event.target.value)} data-testid="allowed-url-input" />
                  </label>
                  <button type="submit" className="button" data-testid="allowed-url-add">
                    Allow
                  </button>
                  {embed.allowedUrls.length > 0 && (
                    <button type="button" className="button" onClick={() => void clearAllowedUrls()} data-testid="allowed-urls-clear">
                      Remove all
                    </button>
                  )}
                </fieldset>
                {problem && (
                  <p className="error" role="alert" data-testid="allowed-url-problem">
                    {problem}
                  </p>
                )}
              </form>
            </>
          )}
        </>
      )}
    </section>
  );
}

function PageLock({ security }: { security: ChannelSecurity }) {
  const { busy, setPageLock } = useSecurityStore(
    useShallow((state) => ({ busy: state.busy, setPageLock: state.setPageLock })),
  );
  return (
    <section className="security-block" aria-labelledby="page-lock-title" data-testid="page-lock">
      <h3 id="page-lock-title">Platform page</h3>
      {!security.page.included ? (
        <PlanNote note={security.page.planNote} testId="page-plan-note" />
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={security.page.locked} disabled={busy !== null} onChange={(event) => void setPageLock(event.target.checked)} data-testid="page-locked" />
            Hide the channel and its videos on the platform&apos;s website
          </label>
          <p className="muted">Viewers can then only watch players embedded on other sites.</p>
        </>
      )}
    </section>
  );
}

export function LocksSection({ security }: { security: ChannelSecurity }) {
  return (
    <section aria-labelledby="locks-title">
      <h2 id="locks-title">Locks</h2>
      <PasswordLock security={security} />
      <EmbedLock security={security} />
      <PageLock security={security} />
    </section>
  );
}
