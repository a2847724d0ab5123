// Builds the renderer's bridge from the contract over an ipcRenderer-shaped object, so a method added to
// the contract reaches the renderer with no change here. Kept free of 'electron' so tests can fake the IPC.
import {
  buildNamespaces,
  CompanionError,
  isEventName,
  type ContractShape,
  type EnvelopeBridge,
  type EventName,
  type EventPayload,
  type Unsubscribe,
} from './contract-kit.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipc-channels.js';

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The part of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

export function createIpcBridge<C extends ContractShape>(contract: C, ipcRenderer: IpcRendererLike): EnvelopeBridge<C> {
  const namespaces = buildNamespaces(contract, (path) => (...args: unknown[]) => ipcRenderer.invoke(INVOKE_CHANNEL, path, args));

  function on<E extends EventName<C>>(event: E, listener: (payload: EventPayload<C, E>) => void): Unsubscribe {
    if (!isEventName(contract, event)) {
      throw new CompanionError('bad_request', `There is no event called ${JSON.stringify(event)}.`);
    }
    const forward: IpcListener = (_ipcEvent, name, payload) => {
      if (name !== event) return;
      try {
        listener(payload as EventPayload<C, E>);
      } catch (error) {
        // Every subscription shares the channel: one failing panel must not starve the others,
        // and rethrowing later still puts the error in the console.
        queueMicrotask(() => {
          throw error;
        });
      }
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  }

  return { ...namespaces, on } as unknown as EnvelopeBridge<C>;
}
