// Live states and upload totals as the core reports them, for the desktop status, tray and notification tests.
import type { LiveState, UploadTotals } from '../../../preload/contract.js';

type Target = LiveState['targets'][number];

export function target(id: string, state: string, active: boolean): Target {
  return { id, label: `Ingest ${id}`, state, active, bytes: 0, bitrateKbps: null, reconnects: 0, lastSwitchAt: null, lastError: null, failure: null, sendBufferBytes: 0, drainSeconds: null, backlogSeconds: 0, droppedFrames: 0, droppedGops: 0, congested: false };
}

/** The on-air state a phase has when nothing is wrong (on-air-state.ts derives it in the core). */
const AIR_OF_PHASE: Record<LiveState['phase'], LiveState['air']['status']> = { idle: 'off-air', failed: 'off-air', starting: 'starting', live: 'live', ending: 'ending' };

export function liveState(change: Partial<LiveState> = {}, recording: Partial<LiveState['recording']> = {}): LiveState {
  const phase = change.phase ?? 'idle';
  return {
    air: { status: AIR_OF_PHASE[phase], liveSince: phase === 'live' ? 1_000 : null, alarm: null, movedOn: null },
    ingest: { url: 'rtmp://127.0.0.1:1935/live', keyMasked: '****abcd', error: null, note: null, freePort: null, savedPort: 1935, runPort: null },
    channel: { id: '7', title: 'Main', managedFor: null },
    phase: 'idle',
    checklist: [],
    nextAction: null,
    encoder: null,
    targets: [],
    destinations: [],
    channelStatus: null,
    viewers: null,
    recording: { state: 'idle', since: null, limitSeconds: null, recordWhenLive: false, lastVideo: null, ...recording },
    autorecord: null,
    lastError: null,
    history: { stepMs: 2000, endAt: 0, input: [], series: [], marks: [] },
    safetyCopy: { enabled: false, folder: null, uploadWhenDone: false, state: 'off', currentFile: null, bytes: 0, freeBytes: null, warning: null, files: [] },
    bridge: { enabled: true, windowSeconds: 60, holdingSince: null, holdingUntil: null },
    ...change,
  };
}

/** On air through target `a` (or whichever is given), publishing. */
export function onAir(activeId = 'a', recording: Partial<LiveState['recording']> = {}): LiveState {
  return liveState({ phase: 'live', targets: [target('a', activeId === 'a' ? 'live' : 'idle', activeId === 'a'), target('b', activeId === 'b' ? 'live' : 'idle', activeId === 'b')] }, recording);
}

/** Still "live" to the relay, but the active target is reconnecting: on air, in trouble. */
export function reconnecting(activeId = 'a'): LiveState {
  return liveState({
    phase: 'live',
    air: { status: 'trouble', liveSince: 1_000, alarm: null, movedOn: null },
    targets: [target('a', activeId === 'a' ? 'connecting' : 'idle', activeId === 'a'), target('b', activeId === 'b' ? 'connecting' : 'idle', activeId === 'b')],
  });
}

export function totals(change: Partial<UploadTotals> = {}): UploadTotals {
  return { files: 3, complete: 1, failed: 0, unfinished: 2, bytes: 250, size: 1000, speed: 100, etaSeconds: 8, paused: null, concurrency: 2, speedLimit: null, timetable: null, limitedBy: null, ...change };
}
