// The contract over browser mode's WebSocket: the same Bridge the Electron preload exposes.
// Calls wait for the socket; a dropped socket rejects calls in flight and reconnects with backoff.
import {
  buildNamespaces,
  CompanionError,
  isEventName,
  type ClientMessage,
  type ContractShape,
  type Envelope,
  type EnvelopeBridge,
  type EventName,
  type ServerMessage,
} from '../../../preload/contract.js';

export type LinkState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'connected' }
  | { readonly kind: 'reconnecting'; readonly attempt: number }
  | { readonly kind: 'lost'; readonly reason: string };

/** After this many failed reconnects in a row the app is most likely gone (a restart means a new token). */
const ATTEMPTS_BEFORE_LOST = 6;
const MAX_BACKOFF_MS = 5000;

interface Pending {
  readonly method: string;
  resolve(envelope: Envelope): void;
}

export function createSocketBridge<C extends ContractShape>(
  contract: C,
  url: string,
  onLinkState: (state: LinkState) => void,
): EnvelopeBridge<C> {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let failedAttempts = 0;
  let lastNotice: string | null = null;
  const pending = new Map<number, Pending>();
  const queued: ClientMessage[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  function connect(): void {
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      failedAttempts = 0;
      onLinkState({ kind: 'connected' });
      for (const message of queued.splice(0)) ws.send(JSON.stringify(message));
    });
    ws.addEventListener('message', (event) => receive(String(event.data)));
    ws.addEventListener('close', (event) => {
      socket = null;
      for (const [id, call] of pending) {
        pending.delete(id);
        call.resolve({
          ok: false,
          error: { code: 'disconnected', message: `Lost the connection to the app while running ${call.method}. Try again once it reconnects.` },
        });
      }
      failedAttempts += 1;
      if (failedAttempts > ATTEMPTS_BEFORE_LOST) {
        const reason = event.reason || lastNotice || 'The app is not answering. If you restarted it, open the new address it printed.';
        onLinkState({ kind: 'lost', reason });
      } else {
        onLinkState({ kind: 'reconnecting', attempt: failedAttempts });
      }
      setTimeout(connect, Math.min(MAX_BACKOFF_MS, 250 * 2 ** failedAttempts));
    });
  }

  function receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'result') {
      const call = pending.get(message.id);
      pending.delete(message.id);
      call?.resolve(message.envelope);
    } else if (message.type === 'event') {
      if (message.event === 'notice' && typeof message.payload === 'object' && message.payload !== null) {
        lastNotice = String((message.payload as { message?: unknown }).message ?? '') || lastNotice;
      }
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
    }
  }

  function call(method: string, args: unknown[]): Promise<Envelope> {
    const id = nextId++;
    const message: ClientMessage = { type: 'call', id, method, args };
    return new Promise<Envelope>((resolve) => {
      pending.set(id, { method, resolve });
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else queued.push(message);
    });
  }

  onLinkState({ kind: 'connecting' });
  connect();

  const namespaces = buildNamespaces(contract, (path) => (...args: unknown[]) => call(path, args));
  return {
    ...namespaces,
    on(event: EventName<C>, listener: (payload: never) => void): () => void {
      if (!isEventName(contract, event)) throw new CompanionError('bad_request', `There is no event called ${JSON.stringify(event)}.`);
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => set.delete(entry);
    },
  } as unknown as EnvelopeBridge<C>;
}
