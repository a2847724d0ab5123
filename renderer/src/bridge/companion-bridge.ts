// The renderer's one way to reach main: the preload's window.companion in Electron, else browser mode's socket.
// main.tsx chooses it once and hands it to connectBridge; nothing here runs at import.
import { bridgeFromEnvelopes, contract, type CompanionBridge, type CompanionTransport } from '../../../preload/contract.js';
import { useConnectionStore } from '../state/connection-slice';
import { createSocketBridge } from './socket-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    readonly companion?: CompanionTransport;
  }
}

function pickTransport(): CompanionTransport {
  if (window.companion) {
    useConnectionStore.getState().setLink({ kind: 'connected' }, 'electron');
    return window.companion;
  }
  const socketUrl = new URL('ws', window.location.href);
  socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  return createSocketBridge(contract, socketUrl.href, (state) => useConnectionStore.getState().setLink(state, 'browser'));
}

/** The bridge of this window: Electron's preload if present, else a socket to browser mode's server (opened now). */
export function chooseBridge(): CompanionBridge {
  return bridgeFromEnvelopes(contract, pickTransport());
}
