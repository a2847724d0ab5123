// Hooks: the platform calls a server when a channel goes live or off air or a video is created or deleted.
// Register per event, see whether the recipient has answered the handshake, remove. With the sandbox
// profile the app itself is a recipient: its built-in receiver shows every call and checks its signature.
import './hooks-panel.css';
import { useEffect, useState, type FormEvent } from 'react';
import { HOOK_EVENTS, type HookDelivery, type HookEventName, type HookRow } from '../../../preload/contract.js';
import { useHooksStore } from '../state/hooks-slice';
import { useSessionStore } from '../state/session-slice';
import { ChannelSelect } from './channel-select';
import { ConfirmButton } from './confirm-button';
import { CopyButton } from './copy-button';
import { PanelOutcome, SignInFirst } from './panel-parts';
import { TableHead } from './table-head';
import { useShallow } from 'zustand/react/shallow';

const EVENT_MEANINGS: Record<HookEventName, string> = {
  'channel.status.live': 'the channel goes live',
  'channel.status.offair': 'the channel goes off air',
  'video.create': 'a video is created (uploaded or recorded)',
  'video.deleted': 'a video is deleted',
};

const STATUS_WORDS: Record<NonNullable<HookRow['status']> | 'none', string> = {
  none: 'Not registered',
  pending: 'Waiting for the handshake',
  active: 'Active',
  suspended: 'Suspended: the recipient stopped answering. Register again.',
};

/** While a handshake is awaited the hooks are read again this often (the receiver's own event is faster). */
const PENDING_REFRESH_MS = 1500;

function recipientProblem(recipient: string): string | null {
  if (recipient.trim() === '') return 'Enter the address that receives the calls.';
  try {
    const url = new URL(recipient.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Falls through to the sentence below.
  }
  return 'The recipient must be a full http:// or https:// address, like https://example.com/hooks.';
}

function RegisterForm({ receiverUrl }: { receiverUrl: string | null }) {
  const register = useHooksStore((store) => store.register);
  const busy = useHooksStore((store) => store.busy);
  const [event, setEvent] = useState<HookEventName>('channel.status.live');
  const [recipient, setRecipient] = useState(receiverUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const found = recipientProblem(recipient);
    setProblem(found);
    if (!found) await register(event, recipient.trim());
  }

  return (
    <form className="hook-register" aria-label="Register a hook" onSubmit={(submitted) => void submit(submitted)} noValidate>
      <fieldset disabled={busy !== null}>
        <label className="field">
          Event
          <select value={event} onChange={(changed) => setEvent(changed.target.value as HookEventName)} data-testid="hook-event">
            {HOOK_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}: {EVENT_MEANINGS[name]}
              </option>
            ))}
          </select>
        </label>
        <label className="field field-wide">
          Recipient address
          <input type="url" value={recipient} onChange={(changed) => setRecipient(changed.target.value)} placeholder="https://example.com/hooks" data-testid="hook-recipient" />
        </label>
        {receiverUrl && recipient !== receiverUrl && (
          <button type="button" className="link-button" onClick={() => setRecipient(receiverUrl)}>
            Use the built-in receiver
          </button>
        )}
        <button type="submit" className="button button-primary" data-testid="hook-register">
          {busy === event ? 'Registering…' : 'Register'}
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="hook-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

function HookTable({ rows }: { rows: readonly HookRow[] }) {
  const { busy, remove, register } = useHooksStore(
    useShallow((state) => ({ busy: state.busy, remove: state.remove, register: state.register })),
  );
  return (
    <table className="hook-table" data-testid="hook-table">
      <TableHead columns={['Event', 'Status', 'Recipient']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.event} data-testid={`hook-row-${row.event}`}>
            <th scope="row">
              <code>{row.event}</code>
              <span className="hint">When {EVENT_MEANINGS[row.event]}</span>
            </th>
            <td className={`hook-status hook-status-${row.status ?? 'none'}`} data-testid={`hook-status-${row.event}`}>
              {STATUS_WORDS[row.status ?? 'none']}
            </td>
            <td className="hook-recipient">{row.recipient === null ? '—' : row.atReceiver ? `${row.recipient} (built-in receiver)` : row.recipient}</td>
            <td className="hook-actions">
              {row.status === 'suspended' && row.recipient !== null && (
                <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void register(row.event, row.recipient!)}>
                  Register again
                </button>
              )}
              {row.status !== null && (
                <ConfirmButton
                  label="Remove"
                  ariaLabel={`Remove the ${row.event} hook`}
                  question={`Remove the ${row.event} hook? The recipient is no longer called.`}
                  confirmLabel="Yes, remove"
                  disabled={busy !== null}
                  onConfirm={() => void remove(row.event)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function describeDelivery(delivery: HookDelivery): string {
  const about = delivery.videoId !== null ? `video ${delivery.videoId}` : delivery.channelId !== null ? `channel ${delivery.channelId}` : 'no channel or video named';
  return `${delivery.kind === 'handshake' ? 'Handshake' : 'Delivery'} · ${delivery.event || 'no event named'} · ${about}`;
}

function Deliveries({ deliveries }: { deliveries: readonly HookDelivery[] }) {
  return (
    <section className="hook-deliveries" aria-labelledby="hook-deliveries-title">
      <h2 id="hook-deliveries-title">Received by the built-in receiver</h2>
      {deliveries.length === 0 ? (
        <p className="hint">Nothing yet. Register a hook with the built-in receiver, then go live or upload or delete a video.</p>
      ) : (
        <ol className="hook-delivery-list" data-testid="hook-deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className={delivery.accepted ? 'hook-delivery-ok' : 'hook-delivery-refused'} data-testid="hook-delivery">
              <time dateTime={new Date(delivery.at).toISOString()}>{new Date(delivery.at).toLocaleTimeString()}</time>
              <span className="hook-delivery-what">{describeDelivery(delivery)}</span>
              <span className="hook-delivery-note">{delivery.note}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function HooksPanel() {
  const { channels, channelId, state, busy, error, done, deliveries, load, choose, refresh } = useHooksStore(
    useShallow((state) => ({ channels: state.channels, channelId: state.channelId, state: state.state, busy: state.busy, error: state.error, done: state.done, deliveries: state.deliveries, load: state.load, choose: state.choose, refresh: state.refresh })),
  );
  const signedIn = useSessionStore((session) => session.session?.status === 'signed-in');
  const pending = state?.hooks.some((row) => row.status === 'pending') ?? false;

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(() => void refresh(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const heading = (
    <>
      <h1 id="panel-title">Hooks</h1>
      <p className="panel-purpose">Have the platform call your server when a channel goes live or off air, or a video is created or deleted.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to manage your channels' hooks." />;

  return (
    <section className="panel panel-hooks" aria-labelledby="panel-title" data-testid="hooks-panel">
      {heading}
      {channels && <ChannelSelect label="Channel" channels={channels} chosenId={channelId} disabled={busy !== null} testId="hooks-channel" onChoose={(id) => void choose(id)} />}
      <PanelOutcome testId="hooks" error={error} done={done} />
      {channels?.length === 0 && <p className="next-action">You have no channels.</p>}
      {state && state.channelId === channelId && (
        <>
          {state.receiverUrl ? (
            <p className="hint" data-testid="hook-receiver">
              This app receives hooks itself at <code>{state.receiverUrl}</code> <CopyButton text={state.receiverUrl} label="receiver address" />: it answers the handshake and checks each
              call&apos;s signature.
            </p>
          ) : (
            <p className="hint">
              The recipient is your own server, reachable from the platform. It must answer the platform&apos;s first call by sending back its <code>X-Hook-Secret</code> header, and
              should check each later call&apos;s <code>X-Hook-Signature</code> (HMAC-SHA1 of the body with that secret).
            </p>
          )}
          <RegisterForm key={state.channelId} receiverUrl={state.receiverUrl} />
          <HookTable rows={state.hooks} />
        </>
      )}
      {(state?.receiverUrl || deliveries.length > 0) && <Deliveries deliveries={deliveries} />}
    </section>
  );
}
