// What the app is doing, in one small value the tray, the taskbar and browser mode's header all show:
// derived once here from the live state and the upload totals, so every shell says the same thing.
import type { AppStatus, Contract, LiveState, UploadTotals } from '../../preload/contract.js';
import type { PlatformWaits } from '../app-service/platform-waits.js';
import type { PlatformWait } from '../platform/rate-limit-gate.js';
import { ContractEvents, type ContractEventSource } from '../typed-emitter.js';

export const OFFLINE_STATUS: AppStatus = { indicator: 'offline', live: 'offline', recording: false, uploads: null, channel: null, summary: 'Offline', waiting: null };

/** The upload side of the status, or null when nothing is left to send. */
function uploadsPart(totals: UploadTotals | null): AppStatus['uploads'] {
  if (!totals || totals.unfinished === 0) return null;
  // Whole percent: the status changes a hundred times a batch at most, not four times a second.
  const percent = totals.size > 0 ? Math.min(100, Math.floor((totals.bytes / totals.size) * 100)) : 0;
  return { unfinished: totals.unfinished, percent, paused: totals.paused !== null };
}

/** The header's part of the one on-air state (on-air-state.ts): `trouble` is on air with something wrong. */
function livePart(live: LiveState | null): AppStatus['live'] {
  if (!live) return 'offline';
  switch (live.air.status) {
    case 'off-air':
      return live.phase === 'failed' ? 'failed' : 'offline';
    case 'trouble':
      return 'reconnecting';
    case 'starting':
    case 'live':
    case 'ending':
      return live.air.status;
  }
}

const liveWords: Record<AppStatus['live'], string | null> = {
  offline: null,
  starting: 'Going live',
  live: 'Live',
  reconnecting: 'Live, reconnecting',
  ending: 'Ending the stream',
  failed: 'The stream failed',
};

/** "Live — encoder lost": the alarm's title, when there is one. */
function liveText(live: LiveState | null, phase: AppStatus['live']): string | null {
  const alarm = live?.air.alarm;
  if (phase === 'reconnecting' && alarm) return `Live — ${lowerFirst(alarm.title)}`;
  if (phase === 'failed' && alarm) return `The stream failed — ${lowerFirst(alarm.title)}`;
  return liveWords[phase];
}

export function appStatus(live: LiveState | null, totals: UploadTotals | null, wait: PlatformWait | null = null): AppStatus {
  const livePhase = livePart(live);
  const recording = live?.recording.state === 'recording' || live?.recording.state === 'stopping';
  const uploads = uploadsPart(totals);
  // Recording is the strongest claim (the stream is being kept), then being on air, then sending files.
  const onAir = livePhase === 'live' || livePhase === 'reconnecting' || livePhase === 'starting';
  const indicator: AppStatus['indicator'] = recording ? 'recording' : onAir ? 'live' : uploads ? 'uploading' : 'offline';
  const parts: string[] = [];
  const words = liveText(live, livePhase);
  if (words) parts.push(live?.channel && livePhase !== 'failed' ? `${words} on ${live.channel.title}` : words);
  if (recording) parts.push('recording');
  if (uploads) parts.push(`${uploads.paused ? 'uploads paused' : 'uploading'} ${uploads.unfinished} ${uploads.unfinished === 1 ? 'file' : 'files'} (${uploads.percent}%)`);
  const summary = parts.length === 0 ? 'Offline' : capitalise(parts.join(', '));
  const waiting = wait === null ? null : { seconds: wait.seconds, endpoint: wait.endpoint, until: wait.until, message: wait.message };
  return { indicator, live: livePhase, recording, uploads, channel: live?.channel?.title ?? null, summary, waiting };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Encoder lost" reads "encoder lost" after a dash. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sameAppStatus(a: AppStatus, b: AppStatus): boolean {
  return (
    a.summary === b.summary &&
    a.indicator === b.indicator &&
    a.live === b.live &&
    a.recording === b.recording &&
    a.channel === b.channel &&
    a.waiting?.message === b.waiting?.message &&
    a.waiting?.until === b.waiting?.until
  );
}

/**
 * Follows the live and upload events and the platform's rate-limit waits, and emits `appStatus` only when
 * the status changes: the live state is sent every 2 s while live, and the upload totals four times a
 * second, but the status rarely moves.
 */
export class AppStatusTracker {
  readonly events = new ContractEvents<Contract, 'appStatus'>();
  #live: LiveState | null = null;
  #totals: UploadTotals | null = null;
  #wait: PlatformWait | null = null;
  #status: AppStatus = OFFLINE_STATUS;

  /** The sources of the `live` and `uploads` events (the live and upload services, when the shell runs them), and the platform's waits. */
  constructor(sources: readonly ContractEventSource<Contract>[], waits?: PlatformWaits) {
    for (const source of sources) {
      source.on('live', (state) => this.liveChanged(state));
      source.on('uploads', (change) => this.uploadsChanged(change.available ? change.totals : null));
    }
    waits?.onChange((wait) => this.waitChanged(wait));
  }

  get status(): AppStatus {
    return this.#status;
  }

  liveChanged(live: LiveState): void {
    this.#live = live;
    this.#update();
  }

  uploadsChanged(totals: UploadTotals | null): void {
    this.#totals = totals;
    this.#update();
  }

  waitChanged(wait: PlatformWait | null): void {
    this.#wait = wait;
    this.#update();
  }

  #update(): void {
    const next = appStatus(this.#live, this.#totals, this.#wait);
    if (sameAppStatus(next, this.#status)) return;
    this.#status = next;
    this.events.emit('appStatus', next);
  }
}
