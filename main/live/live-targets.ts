// The relay's targets as the live state shows them: ids and labels (never a URL, which holds a key), how
// each is doing, and why its last attempt failed (`untrusted`: its TLS certificate).
import type { LiveState } from '../../preload/contract.js';
import type { RelayStats } from '../relay/relay-types.js';

export function liveTargets(stats: RelayStats | null): LiveState['targets'] {
  return (stats?.targets ?? []).map((target) => ({
    id: target.id,
    label: target.label,
    state: target.state,
    active: target.active,
    bytes: target.bytes,
    bitrateKbps: target.bitrateKbps,
    reconnects: target.reconnects,
    lastSwitchAt: target.lastSwitchAt === null ? null : Math.floor(target.lastSwitchAt / 1000),
    lastError: target.lastError,
    failure: target.lastFailure,
  }));
}
