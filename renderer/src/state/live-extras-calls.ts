// The bridge's live method as this panel calls it. Typed here only until the bridge's branch is merged;
// then the slice calls bridge().live.setBridge directly.
import type { LiveState } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';

interface LiveBridgeCalls {
  setBridge(bridge: { enabled: boolean; windowSeconds: number }): Promise<LiveState>;
}

export function liveBridgeCalls(): LiveBridgeCalls {
  return bridge().live as unknown as LiveBridgeCalls;
}
