// Main's half of Electron IPC: contract calls in over one invoke channel, contract events out over one
// event channel. Every call's sender frame is checked before anything is dispatched.
import type { Envelope, Unsubscribe } from '../../preload/contract.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../preload/ipc-channels.js';
import type { Dispatcher } from '../dispatch.js';

/** The part of an invoke event the sender check reads (Electron's IpcMainInvokeEvent). */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's IpcMain (or a WebContents' scoped `ipc`) the wrapper uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<Envelope>): void;
  removeHandler(channel: string): void;
}

/** The part of Electron's WebContents that receives events. */
export interface WebContentsLike {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** Where contract events come from: the core's merged service events fit this. */
export interface ContractEventSource {
  subscribe(listener: (event: string, payload: unknown) => void): Unsubscribe;
}

export interface IpcConnection {
  readonly ipcMain: IpcMainLike;
  readonly dispatch: Dispatcher;
  readonly events: ContractEventSource;
  readonly isTrustedSender: (url: string | undefined) => boolean;
  /** The windows that receive events, asked on every event so windows opened later are included. */
  readonly windows: () => readonly WebContentsLike[];
}

export function connectIpc(connection: IpcConnection): () => void {
  const { ipcMain, dispatch, events, isTrustedSender, windows } = connection;

  ipcMain.handle(INVOKE_CHANNEL, async (event, method, args) => {
    if (!isTrustedSender(event.senderFrame?.url)) return forbidden(event.senderFrame?.url);
    return dispatch(method, args);
  });

  const unsubscribe = events.subscribe((name, payload) => {
    for (const contents of windows()) {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, name, payload);
    }
  });

  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}

function forbidden(url: string | undefined): Envelope {
  const from = url === undefined ? 'a frame that is gone' : JSON.stringify(url);
  return { ok: false, error: { code: 'forbidden', message: `Calls from ${from} are not accepted; only the app itself may call the companion.` } };
}
