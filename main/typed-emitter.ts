// Typed contract events: each service emits its own on a ContractEvents hub; the transports (IPC, WebSocket,
// the CLI) subscribe to the merge of every service's hub.
import type { ContractShape, EventName, EventPayload, Unsubscribe } from '../preload/contract.js';

export type AnyEventListener<C extends ContractShape> = <E extends EventName<C>>(event: E, payload: EventPayload<C, E>) => void;

/** Where contract events come from: one service's hub, or the merge of all of them. */
export interface ContractEventSource<C extends ContractShape> {
  /** One event's payloads. */
  on<N extends EventName<C>>(event: N, listener: (payload: EventPayload<C, N>) => void): Unsubscribe;
  /** Every event, in order: what a transport forwards to its clients. */
  subscribe(listener: AnyEventListener<C>): Unsubscribe;
}

/** A hub of contract events; `Own` names the events its owner may emit (a service emits only its own). */
export class ContractEvents<C extends ContractShape, Own extends EventName<C> = EventName<C>> implements ContractEventSource<C> {
  readonly #listeners = new Set<AnyEventListener<C>>();

  emit<E extends Own>(event: E, payload: EventPayload<C, E>): void {
    for (const listener of [...this.#listeners]) listener(event, payload);
  }

  on<N extends EventName<C>>(event: N, listener: (payload: EventPayload<C, N>) => void): Unsubscribe {
    return onlyEvent(this, event, listener);
  }

  subscribe(listener: AnyEventListener<C>): Unsubscribe {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** The services' event sources as one: what the transports subscribe to. */
export function mergeEventSources<C extends ContractShape>(sources: readonly ContractEventSource<C>[]): ContractEventSource<C> {
  const merged: ContractEventSource<C> = {
    on: (event, listener) => onlyEvent(merged, event, listener),
    subscribe(listener) {
      const unsubscribes = sources.map((source) => source.subscribe(listener));
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
    },
  };
  return merged;
}

function onlyEvent<C extends ContractShape, N extends EventName<C>>(source: ContractEventSource<C>, event: N, listener: (payload: EventPayload<C, N>) => void): Unsubscribe {
  return source.subscribe((name, payload) => {
    if ((name as string) === event) listener(payload as unknown as EventPayload<C, N>);
  });
}
