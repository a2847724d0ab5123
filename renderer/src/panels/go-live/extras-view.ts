// The encoder-drop bridge as the panel shows it, read from the live state. Until the bridge's part of
// the contract is merged, a core that does not report it reads as "off", so the section shows its default.
import type { LiveState } from '../../../../preload/contract.js';

export interface BridgeView {
  readonly available: boolean;
  readonly enabled: boolean;
  readonly windowSeconds: number;
  /** ms since the epoch, while the relay sends the holding slate. */
  readonly holdingUntil: number | null;
}

interface BridgeFields {
  readonly bridge?: { enabled?: boolean; windowSeconds?: number; holdingUntil?: number | null } | null;
}

/** Times in the live state are ms since the epoch, or seconds in older fields: both read as ms. */
export function toMs(time: number): number {
  return time < 100_000_000_000 ? time * 1000 : time;
}

export function bridgeOf(live: LiveState): BridgeView {
  const bridge = (live as LiveState & BridgeFields).bridge;
  return {
    available: bridge !== undefined && bridge !== null,
    enabled: bridge?.enabled ?? false,
    windowSeconds: bridge?.windowSeconds ?? 60,
    holdingUntil: bridge?.holdingUntil == null ? null : toMs(bridge.holdingUntil),
  };
}
