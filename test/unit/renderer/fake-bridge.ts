// A fake bridge for the renderer's tests, injected as main.tsx injects the real one (connectBridge): the
// slices' actions call its fakes and the slices that follow events subscribe to it. Each test lists the
// methods it sets answers on; any other method rejects, naming itself, so a missing fake is plain to see.
import { vi, type Mock } from 'vitest';
import type { CompanionBridge, CompanionEvent, CompanionEventName } from '../../../preload/contract.js';
import { connectBridge } from '../../../renderer/src/bridge/connect-bridge';

/** The fakes a test sets answers on, by namespace and method: `{ live: { channels: vi.fn() } }`. */
export type BridgeFakes = Record<string, Record<string, Mock>>;

export interface FakeBridge<F extends BridgeFakes> {
  /** The fakes, as the test listed them (to set answers and check calls). */
  readonly companion: F;
  /** Plays an event main would send; throws if no slice subscribed to it. */
  emit<E extends CompanionEventName>(event: E, payload: CompanionEvent<E>): void;
  /** Unsubscribes the slices and takes the bridge away again. */
  disconnect(): void;
}

/** Builds a CompanionBridge from `fakes` and connects the slices to it. */
export function connectFakeBridge<F extends BridgeFakes>(fakes: F): FakeBridge<F> {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const unlisted = (name: string) => vi.fn(() => Promise.reject(new Error(`The fake bridge has no ${name}: list it in the test's fakes.`)));
  const namespaces = new Proxy(fakes as BridgeFakes, {
    get: (all, namespace) =>
      typeof namespace !== 'string'
        ? undefined
        : new Proxy((all[namespace] ??= {}), {
            get: (methods, method) => (typeof method !== 'string' ? undefined : (methods[method] ??= unlisted(`${namespace}.${method}`))),
          }),
  });
  const on = (event: string, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  };
  const bridge = new Proxy(namespaces, { get: (target, name) => (name === 'on' ? on : Reflect.get(target, name)) }) as unknown as CompanionBridge;
  const disconnect = connectBridge(bridge);
  return {
    companion: fakes,
    emit(event, payload) {
      const subscribed = listeners.get(event);
      if (!subscribed?.size) throw new Error(`No slice follows the ${event} event.`);
      for (const listener of subscribed) listener(payload);
    },
    disconnect,
  };
}
