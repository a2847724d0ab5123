// The live methods the multistream, bridge and safety-copy work adds to the contract, as this panel
// calls them. Typed here only until those branches are merged; then the slice calls bridge().live directly.
import type { LiveState } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';

export type NewDestination = { readonly kind: 'channel'; readonly channelId: string } | { readonly kind: 'url'; readonly label: string; readonly url: string; readonly key: string };

export interface SafetyCopyChange {
  readonly enabled?: boolean;
  readonly folder?: string;
  readonly uploadWhenDone?: boolean;
}

interface LiveExtrasCalls {
  addDestination(destination: NewDestination): Promise<LiveState>;
  removeDestination(id: string): Promise<LiveState>;
  setDestinationEnabled(id: string, enabled: boolean): Promise<LiveState>;
  reconnectDestination(id: string): Promise<LiveState>;
  setBridge(bridge: { enabled: boolean; windowSeconds: number }): Promise<LiveState>;
  setSafetyCopy(change: SafetyCopyChange): Promise<LiveState>;
  uploadSafetyCopies(): Promise<LiveState>;
}

export function liveExtras(): LiveExtrasCalls {
  return bridge().live as unknown as LiveExtrasCalls;
}
