// The bridge the slices' actions call: set once by connectBridge (main.tsx in the app, a fake in tests).
import type { CompanionBridge } from '../../../preload/contract.js';

let current: CompanionBridge | null = null;

/** Makes `next` the bridge the actions call (null: none, as before connectBridge). */
export function setBridge(next: CompanionBridge | null): void {
  current = next;
}

/** The injected bridge; an action run before connectBridge is a bug, so it throws. */
export function bridge(): CompanionBridge {
  if (!current) throw new Error('The bridge is not connected: main.tsx calls connectBridge before the app renders.');
  return current;
}
