// The contract over one WebSocket: calls in, results and events out. Browser mode's counterpart of main/app's IPC wrapper.
import type { WebSocket } from 'ws';
import type { ClientMessage, ContractShape, ServerMessage } from '../../preload/contract.js';
import type { Dispatcher } from '../dispatch.js';
import type { ContractEventSource } from '../typed-emitter.js';

export function attachContractSocket<C extends ContractShape>(
  socket: WebSocket,
  dispatch: Dispatcher,
  events: ContractEventSource<C>,
  onFailure: (where: string, error: unknown) => void = () => undefined,
): void {
  const send = (message: ServerMessage): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const unsubscribe = events.subscribe((event, payload) => send({ type: 'event', event, payload }));
  socket.on('close', unsubscribe);
  // ws emits 'error' for a malformed frame (bad opcode, invalid UTF-8, a payload past maxPayload) and
  // closes the socket itself; without a listener that event would be thrown and end the app.
  socket.on('error', (error) => onFailure('browser mode socket (malformed frame, closed)', error));

  socket.on('message', (data, isBinary) => {
    const message = isBinary ? null : parseClientMessage(String(data));
    if (!message) {
      // A peer that speaks something else is not our renderer: it gets nothing further.
      socket.close(1008, 'malformed message');
      return;
    }
    dispatch(message.method, message.args)
      .then((envelope) => send({ type: 'result', id: message.id, envelope }))
      .catch((error: unknown) => {
        onFailure(message.method, error);
        socket.close(1011, 'internal error');
      });
  });
}

function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, id, method, args } = value as Record<string, unknown>;
  if (type !== 'call' || !Number.isSafeInteger(id) || typeof method !== 'string' || !Array.isArray(args)) return null;
  return { type, id: id as number, method, args };
}
