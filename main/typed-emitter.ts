// A small typed event hub for contract events: the facade emits, the IPC and WebSocket wrappers listen.
import type { ContractShape, EventName, EventPayload, Unsubscribe } from '../preload/contract.js';

export type AnyEventListener<C extends ContractShape> = <E extends EventName<C>>(event: E, payload: EventPayload<C, E>) => void;

export class ContractEvents<C extends ContractShape> {
  readonly #listeners = new Set<AnyEventListener<C>>();

  emit<E extends EventName<C>>(event: E, payload: EventPayload<C, E>): void {
    for (const listener of [...this.#listeners]) listener(event, payload);
  }

  /** One event's payloads. */
  on<N extends EventName<C>>(event: N, listener: (payload: EventPayload<C, N>) => void): Unsubscribe {
    return this.subscribe((name, payload) => {
      if ((name as string) === event) listener(payload as unknown as EventPayload<C, N>);
    });
  }

  /** Every event, in order: what a transport forwards to its clients. */
  subscribe(listener: AnyEventListener<C>): Unsubscribe {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
