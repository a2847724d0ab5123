// The relay as the live state shows it: the encoder's facts (measured once the relay reports, declared
// before), and the targets by id and label (never a URL, which holds a key), how each is doing and why its
// last attempt failed (`untrusted`: its TLS certificate).
import type { LiveState } from '../../preload/contract.js';
import type { RelayStats } from '../relay/relay-types.js';
import type { PreflightFacts } from './preflight.js';

export function liveEncoder(stats: RelayStats | null, facts: PreflightFacts['encoder']): LiveState['encoder'] {
  if (stats === null) return facts.state === 'connected' ? { connected: true, codecs: facts.codecs, bitrateKbps: null, fps: null, keyframeIntervalSeconds: null } : null;
  const { encoder } = stats;
  return {
    connected: encoder.connected,
    codecs: [encoder.codecs.video, encoder.codecs.audio].filter((codec) => codec !== null).join(' + ') || null,
    bitrateKbps: encoder.bitrateKbps,
    fps: encoder.measuredFps ?? encoder.fps,
    keyframeIntervalSeconds: encoder.keyframeIntervalSeconds,
  };
}

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
    sendBufferBytes: target.sendBufferBytes,
    drainSeconds: target.drainSeconds,
    backlogSeconds: target.backlogSeconds,
    droppedFrames: target.droppedFrames,
    droppedGops: target.droppedGops,
    congested: target.congested,
  }));
}
