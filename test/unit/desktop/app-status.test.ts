import { describe, expect, it } from 'vitest';
import { appStatus, AppStatusTracker, OFFLINE_STATUS } from '../../../main/desktop/app-status.js';
import { PlatformWaits } from '../../../main/app-service/platform-waits.js';
import { platformWait } from '../../../main/platform/rate-limit-gate.js';
import type { AppStatus, Contract } from '../../../preload/contract.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { liveState, onAir, reconnecting, totals } from './status-fixtures.js';

describe('appStatus', () => {
  it('is offline with nothing running', () => {
    expect(appStatus(null, null)).toEqual(OFFLINE_STATUS);
    expect(appStatus(liveState(), totals({ unfinished: 0 }))).toMatchObject({ indicator: 'offline', live: 'offline', summary: 'Offline', channel: 'Main' });
  });

  it('says live, then reconnecting while the active target is not publishing', () => {
    expect(appStatus(onAir(), null)).toMatchObject({ indicator: 'live', live: 'live', summary: 'Live on Main' });
    expect(appStatus(reconnecting(), null)).toMatchObject({ indicator: 'live', live: 'reconnecting', summary: 'Live, reconnecting on Main' });
  });

  it('reads the one on-air state, not the relay phase: an encoder lost while live says so, and a failed start says why', () => {
    const alarm = { kind: 'encoder-lost', since: 5_000, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: { word: 'for', from: 0, until: 65_000 }, youCan: 'Check the encoder.' } as const;
    // The relay still calls it live (the bridge holds): the header follows the air, not the phase.
    expect(appStatus(onAir(), null).live).toBe('live');
    expect(appStatus({ ...onAir(), air: { status: 'trouble', liveSince: 1_000, alarm, movedOn: null } }, null)).toMatchObject({ indicator: 'live', live: 'reconnecting', summary: 'Live — encoder lost on Main' });
    expect(appStatus(liveState({ phase: 'live', air: { status: 'off-air', liveSince: null, alarm: null, movedOn: null } }), null).live).toBe('offline');
    const refused = { ...alarm, kind: 'key-refused', title: 'The platform refused the stream key', countdown: null } as const;
    expect(appStatus(liveState({ phase: 'failed', air: { status: 'off-air', liveSince: null, alarm: refused, movedOn: null } }), null).summary).toBe('The stream failed — the platform refused the stream key');
    expect(appStatus(liveState({ phase: 'starting' }), null)).toMatchObject({ indicator: 'live', live: 'starting', summary: 'Going live on Main' });
  });

  it('puts recording above live, and live above uploading', () => {
    expect(appStatus(onAir('a', { state: 'recording' }), totals())).toMatchObject({ indicator: 'recording', recording: true, summary: 'Live on Main, recording, uploading 2 files (25%)' });
    expect(appStatus(onAir(), totals()).indicator).toBe('live');
    expect(appStatus(liveState(), totals({ unfinished: 1, paused: 'sign-in' }))).toMatchObject({ indicator: 'uploading', uploads: { unfinished: 1, percent: 25, paused: true }, summary: 'Uploads paused 1 file (25%)' });
  });

  it('tells a failed stream without claiming a channel is on air', () => {
    expect(appStatus(liveState({ phase: 'failed' }), null)).toMatchObject({ indicator: 'offline', live: 'failed', summary: 'The stream failed' });
  });
});

describe('AppStatusTracker', () => {
  it('reports only changes (the chosen channel counts), not every stats tick or upload byte', () => {
    const seen: AppStatus[] = [];
    const tracker = new AppStatusTracker([]);
    tracker.events.on('appStatus', (status) => seen.push(status));
    tracker.liveChanged(liveState());
    tracker.liveChanged(onAir());
    tracker.liveChanged(onAir());
    tracker.uploadsChanged(totals({ bytes: 250 }));
    tracker.uploadsChanged(totals({ bytes: 251 }));
    tracker.uploadsChanged(totals({ bytes: 400 }));
    tracker.uploadsChanged(null);
    expect(seen.map((status) => status.summary)).toEqual(['Offline', 'Live on Main', 'Live on Main, uploading 2 files (25%)', 'Live on Main, uploading 2 files (40%)', 'Live on Main']);
    expect(tracker.status.summary).toBe('Live on Main');
  });

  it('follows the live and uploads events of its sources itself', () => {
    const live = new ContractEvents<Contract>();
    const uploads = new ContractEvents<Contract>();
    const tracker = new AppStatusTracker([live, uploads]);
    const seen: string[] = [];
    tracker.events.on('appStatus', (status) => seen.push(status.summary));
    live.emit('live', onAir());
    uploads.emit('uploads', { reset: false, available: true, reason: null, rows: [], removed: [], totals: totals({ bytes: 250 }) });
    uploads.emit('uploads', { reset: true, available: false, reason: null, rows: [], removed: [], totals: totals({ bytes: 250 }) });
    expect(seen).toEqual(['Live on Main', 'Live on Main, uploading 2 files (25%)', 'Live on Main']);
  });

  it("shows the platform's longest wait under way while it lasts, from the waits it follows itself", () => {
    const waits = new PlatformWaits();
    const tracker = new AppStatusTracker([], waits);
    const seen: (string | null)[] = [];
    tracker.events.on('appStatus', (status) => seen.push(status.waiting?.message ?? null));
    const short = waits.report(platformWait('GET /a', 5000, 1000, '429'));
    const long = waits.report(platformWait('PUT /b', 23_000, 1000, 'budget'));
    expect(tracker.status.waiting).toEqual({ seconds: 23, endpoint: 'PUT /b', until: 24_000, message: 'The platform asks us to wait 23 s (PUT /b).' });
    expect(tracker.status.summary).toBe('Offline');
    long();
    long();
    short();
    expect(seen).toEqual(['The platform asks us to wait 5 s (GET /a).', 'The platform asks us to wait 23 s (PUT /b).', 'The platform asks us to wait 5 s (GET /a).', null]);
    expect(tracker.status).toEqual(OFFLINE_STATUS);
  });
});
