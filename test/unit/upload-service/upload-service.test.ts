import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { UploadSettingsStore } from '../../../main/settings/upload-settings.js';
import { UploadService, doneMessage, type UploadServiceOptions } from '../../../main/upload-service/upload-service.js';
import { QueueBusyError } from '../../../main/uploads/queue-lock.js';
import { UploadRefusedError } from '../../../main/uploads/upload-types.js';
import type { Vault } from '../../../main/vault/vault.js';
import { CompanionError, type Contract, type Notice, type UploadsChange } from '../../../preload/contract.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import { FakeQueueOpener, fakeRow } from './fake-upload-queue.js';

type Status = 'signed-in' | 'signed-out' | 'expired';

class FakeSession {
  readonly events = new ContractEvents<Contract>();
  refusals = 0;
  dialect: 'spec' | 'current' = 'spec';
  constructor(
    public status: Status,
    public profileName = 'sandbox',
    public userName: string | null = 'demo',
  ) {}

  currentStatus(): Status {
    return this.status;
  }

  async tokenRefused(): Promise<void> {
    this.refusals += 1;
    this.status = 'expired';
  }
}

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'upload-service-'));
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

function rig(status: Status = 'signed-in', options: Partial<UploadServiceOptions> = {}) {
  const session = new FakeSession(status);
  const opener = new FakeQueueOpener();
  const changes: UploadsChange[] = [];
  const notices: Notice[] = [];
  const logged: string[] = [];
  const service = new UploadService({
    session,
    dataDir,
    platformCaller: async () => {
      throw new Error('no platform in these tests');
    },
    vaultFor: () => ({}) as Vault,
    settings: new UploadSettingsStore(dataDir, () => {}),
    logger: createLogger({ sink: { write: (line: string) => logged.push(line) }, level: 'debug' }),
    notify: (notice) => notices.push(notice),
    openQueue: opener.open,
    batchMs: 250,
    ...options,
  });
  service.events.on('uploads', (change) => changes.push(change));
  return { service, session, opener, changes, notices, logged };
}

describe('UploadService: the queue follows the sign-in', () => {
  it('opens and starts the profile queue when the app starts signed in, and tells the windows', async () => {
    const { service, opener, changes } = rig('signed-in');
    await service.open();
    expect(opener.opened).toHaveLength(1);
    expect(opener.last.profile).toBe('sandbox');
    expect(opener.last.options.dataDir).toBe(dataDir);
    expect(opener.last.calls).toEqual(['start']);
    expect(changes.at(-1)).toMatchObject({ reset: true, available: true, reason: null });
    expect((await service.state()).available).toBe(true);
  });

  it('has no queue while signed out, says why, and refuses queue actions with a sentence', async () => {
    const { service, opener } = rig('signed-out');
    await service.open();
    expect(opener.opened).toHaveLength(0);
    const state = await service.state();
    expect(state).toMatchObject({ available: false, reason: { code: 'signed-out' }, rows: [] });
    expect(state.totals).toMatchObject({ files: 0, concurrency: 2, speedLimit: null });
    expect(() => service.pauseAll()).toThrow(CompanionError);
    await expect(service.add({ paths: ['/x.mp4'], channelId: '1' })).rejects.toMatchObject({ code: 'sign_in_needed', message: expect.stringContaining('Sign in') });
  });

  it('opens on sign-in, closes on sign-out, swaps on a profile switch', async () => {
    const { service, session, opener, changes } = rig('signed-out');
    await service.open();
    session.status = 'signed-in';
    await service.sessionChanged();
    expect(opener.opened.map((queue) => queue.profile)).toEqual(['sandbox']);

    session.profileName = 'studio';
    await service.sessionChanged();
    expect(opener.opened[0]!.closed).toBe(true);
    expect(opener.opened.map((queue) => queue.profile)).toEqual(['sandbox', 'studio']);

    session.status = 'signed-out';
    await service.sessionChanged();
    expect(opener.last.closed).toBe(true);
    expect(changes.at(-1)).toMatchObject({ reset: true, available: false, reason: { code: 'signed-out' } });
  });

  it("gives another user of the profile a queue of their own, and the first user theirs back; a name learned later keeps the queue open", async () => {
    const { service, session, opener } = rig('signed-in');
    session.userName = null;
    await service.open();
    expect(opener.opened).toHaveLength(1);
    expect(opener.last.options.user).toBeNull();

    // The platform told the name after the queue opened: the folder had no owner, so it is demo's; no reopening.
    session.userName = 'demo';
    await service.sessionChanged();
    expect(opener.opened).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dataDir, 'uploads', 'sandbox', 'owner.json'), 'utf8'))).toEqual({ user: 'demo' });

    session.status = 'signed-out';
    session.userName = null;
    await service.sessionChanged();
    session.status = 'signed-in';
    session.userName = 'rival';
    await service.sessionChanged();
    expect(opener.opened).toHaveLength(2);
    expect(opener.opened[0]!.closed).toBe(true);
    expect(opener.last.options).toMatchObject({ profile: 'sandbox', user: 'rival' });

    // Switched straight to demo (an expired sign-in renewed as the other account): rival's queue closes.
    session.userName = 'demo';
    await service.sessionChanged();
    expect(opener.opened).toHaveLength(3);
    expect(opener.opened[1]!.closed).toBe(true);
    expect(opener.last.options.user).toBe('demo');
  });

  it('keeps the queue of an expired sign-in open (its rows stay visible; the queue waits for the sign-in)', async () => {
    const { service, opener } = rig('expired');
    await service.open();
    expect(opener.opened).toHaveLength(1);
    expect(opener.last.calls).toEqual(['start']);
  });

  it('on a sign-in pause: marks the sign-in refused, asks for a sign-in, and lets the queue go on after the next one', async () => {
    const { service, session, opener, notices } = rig('signed-in');
    await service.open();
    opener.last.options.onEvent({ event: 'paused', reason: 'sign-in', message: 'The platform refused the sign-in.' });
    expect(session.refusals).toBe(1);
    expect(notices).toEqual([{ level: 'warning', panel: 'uploads', message: expect.stringContaining('Sign in again') }]);

    await service.sessionChanged(); // the session now reads expired: nothing to resume yet
    expect(opener.last.calls).not.toContain('signedIn');
    session.status = 'signed-in';
    await service.sessionChanged();
    expect(opener.last.calls).toContain('signedIn');
    expect(opener.opened).toHaveLength(1);
  });

  it('tells the end of a batch as a notice with the counts', async () => {
    const { service, opener, notices } = rig();
    await service.open();
    opener.last.options.onEvent({ event: 'done', complete: 12, failed: 1, cancelled: 0, rejected: 2 });
    expect(notices).toEqual([{ level: 'warning', panel: 'uploads', message: 'Uploads done: 12 uploaded, 1 failed, 2 rejected. Retry the failed ones from the Uploads panel.' }]);
    opener.last.options.onEvent({ event: 'done', complete: 3, failed: 0, cancelled: 1, rejected: 0 });
    expect(notices[1]).toEqual({ level: 'info', panel: 'uploads', message: 'Uploads done: 3 uploaded, 0 failed, 0 rejected, 1 cancelled.' });
    expect(doneMessage({ complete: 1, failed: 0, rejected: 0, cancelled: 0 })).toBe('Uploads done: 1 uploaded, 0 failed, 0 rejected.');
  });

  it('closes the queue on shutdown and ignores what a closed queue still reports', async () => {
    const { service, opener, changes, notices } = rig();
    await service.open();
    const queue = opener.last;
    await service.close();
    expect(queue.closed).toBe(true);
    const before = changes.length;
    queue.setRow(fakeRow('late'));
    queue.options.onEvent({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes.length).toBe(before);
    expect(notices).toEqual([]);
  });
});

describe('UploadService: another process holds the queue', () => {
  it('says so, and opens the queue once the other process lets go', async () => {
    const { service, opener, changes } = rig('signed-in', { busyRetryMs: 20 });
    opener.busy = new QueueBusyError(4242);
    await service.open();
    const state = await service.state();
    expect(state.available).toBe(false);
    expect(state.reason).toEqual({ code: 'queue-busy', message: expect.stringContaining('pid 4242') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The retries repeat the same reason: the windows heard it once.
    expect(changes.filter((change) => change.reason?.code === 'queue-busy')).toHaveLength(1);

    opener.busy = null;
    await vi.waitFor(() => expect(opener.opened).toHaveLength(1));
    expect(changes.at(-1)).toMatchObject({ reset: true, available: true });
    await service.close();
  });
});

describe('UploadService: the uploads event', () => {
  it('carries only the rows that changed, at most once per interval, with the ids that left', async () => {
    vi.useFakeTimers();
    const { service, opener, changes } = rig();
    await service.open();
    const queue = opener.last;
    for (let index = 0; index < 10_000; index += 1) queue.rowsById.set(`row-${index}`, fakeRow(`row-${index}`));
    changes.length = 0;

    // A burst of progress on two rows, as FTP chunks report it.
    for (let bytes = 1; bytes <= 500; bytes += 1) {
      queue.setRow(fakeRow('row-1', { state: 'transferring', bytes }));
      queue.setRow(fakeRow('row-2', { state: 'transferring', bytes }));
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ reset: false, removed: [] });
    expect(changes[0]!.rows.map((row) => [row.id, row.bytes])).toEqual([
      ['row-1', 500],
      ['row-2', 500],
    ]);

    queue.setRow(fakeRow('row-1', { state: 'transferring', bytes: 600 }));
    queue.removeRow('row-3');
    await vi.advanceTimersByTimeAsync(100);
    expect(changes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(changes).toHaveLength(2);
    expect(changes[1]!.rows.map((row) => row.id)).toEqual(['row-1']);
    expect(changes[1]!.removed).toEqual(['row-3']);
    expect(changes[1]!.totals.files).toBe(9999);

    // A pause changes no row, but the totals.
    queue.paused = 'user';
    queue.options.onEvent({ event: 'paused', reason: 'user', message: 'Uploads are paused.' });
    await vi.advanceTimersByTimeAsync(250);
    expect(changes).toHaveLength(3);
    expect(changes[2]).toMatchObject({ rows: [], removed: [], totals: { paused: 'user' } });
  });
});

describe('UploadService: actions', () => {
  it('passes a refusal of the queue to the window as its sentence, and keeps real failures internal', async () => {
    const { service, opener } = rig();
    await service.open();
    opener.last.setRow(fakeRow('a'));
    opener.last.refuse = new UploadRefusedError('The platform is already processing this file; it cannot be cancelled any more.');
    expect(() => service.cancel('a')).toThrow(new CompanionError('upload_refused', 'The platform is already processing this file; it cannot be cancelled any more.'));
    opener.last.refuse = new TypeError('a bug');
    expect(() => service.cancel('a')).toThrow(TypeError);
    expect(service.retry('a')).toMatchObject({ id: 'a' });
    expect(service.edit('a', { title: 'New title' })).toMatchObject({ title: 'New title' });
    expect(service.clearFinished({ failed: true })).toMatchObject({ files: 1 });
    expect(opener.last.calls).toEqual(['start', 'cancel a', 'cancel a', 'retry a', 'edit a', 'clearFinished true']);
  });

  it('adds full paths, expands ~, and lists relative ones as left out with the reason', async () => {
    const { service, opener } = rig();
    await service.open();
    const result = await service.add({ paths: ['~/Videos/a.mp4', '/data/notes.txt', 'relative/b.mp4'], channelId: '7', protect: 'private' });
    expect(opener.last.calls).toContain(`add ${join(homedir(), 'Videos', 'a.mp4')},/data/notes.txt to 7`);
    expect(result.queued).toBe(1);
    expect(result.rejected).toEqual([
      { file: 'relative/b.mp4', reason: expect.stringContaining('Not a full path') },
      { file: '/data/notes.txt', reason: 'not a video' },
    ]);
  });

  it('saves concurrency and speed limit atomically, applies them to the open queue and to the next one', async () => {
    const { service, session, opener } = rig();
    await service.open();
    await Promise.all([service.setSettings({ concurrency: 5 }), service.setSettings({ speedLimit: 2 * 1024 * 1024 })]);
    expect(JSON.parse(readFileSync(join(dataDir, 'uploads.json'), 'utf8'))).toEqual({ concurrency: 5, speedLimit: 2 * 1024 * 1024, timetable: null, partsInFlight: 3 });
    expect(opener.last.totals()).toMatchObject({ concurrency: 5, speedLimit: 2 * 1024 * 1024 });

    const totals = await service.setSettings({ speedLimit: null });
    expect(totals).toMatchObject({ concurrency: 5, speedLimit: null });

    session.profileName = 'studio';
    session.dialect = 'current';
    await service.sessionChanged();
    expect(opener.last.options.tuning).toMatchObject({ concurrency: 5, speedLimit: null, partsInFlight: 3 });
    // The profile's dialect goes with it: it chooses the upload transport (profile-upload-queue.ts).
    expect(opener.last.options).toMatchObject({ profile: 'studio', dialect: 'current' });
  });
});

describe('UploadService: what holds the speed', () => {
  it('gives the queue the lowest of the streamer\'s limit and the broadcast\'s hold, says which, and gives the bandwidth back', async () => {
    const { service, opener, changes } = rig();
    await service.open();
    await service.setSettings({ speedLimit: 2 * 1024 * 1024 });
    expect((await service.state()).totals).toMatchObject({ speedLimit: 2 * 1024 * 1024, limitedBy: { reason: 'user', bytesPerSecond: 2 * 1024 * 1024 } });

    service.holdForLive(300_000);
    expect(opener.last.speedLimit).toBe(300_000);
    // The streamer's own limit is still what the limit field shows.
    expect((await service.state()).totals).toMatchObject({ speedLimit: 2 * 1024 * 1024, limitedBy: { reason: 'live', bytesPerSecond: 300_000 } });
    await vi.waitFor(() => expect(changes.at(-1)!.totals.limitedBy).toEqual({ reason: 'live', bytesPerSecond: 300_000 }));

    service.holdForLive(null);
    expect(opener.last.speedLimit).toBe(2 * 1024 * 1024);
    await service.setSettings({ speedLimit: null });
    expect(opener.last.speedLimit).toBeNull();
    expect((await service.state()).totals.limitedBy).toBeNull();
    await service.close();
  });

  it("takes this run's limit (`companion upload --limit-rate`) instead of the saved one, the timetable still applying", async () => {
    await new UploadSettingsStore(dataDir, () => {}).update((settings) => {
      settings.speedLimit = 4 * 1024 * 1024;
      settings.timetable = { fullSpeedFrom: '00:00', fullSpeedUntil: '00:00', otherwise: 1024 };
    });
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 12, 0, 0), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { service, opener } = rig('signed-in', { speedLimitForThisRun: 32 * 1024 });
    await service.open();
    expect(opener.last.options.tuning).toMatchObject({ speedLimit: 32 * 1024 });
    expect((await service.state()).totals.limitedBy).toEqual({ reason: 'user', bytesPerSecond: 32 * 1024 });
    await service.setSettings({ timetable: { fullSpeedFrom: '00:00', fullSpeedUntil: '00:01', otherwise: 16 * 1024 } });
    expect(opener.last.speedLimit).toBe(16 * 1024);
    expect((await service.state()).totals.limitedBy).toEqual({ reason: 'timetable', bytesPerSecond: 16 * 1024 });
    await service.close();
  });

  it('saves the timetable and applies it at its boundary, with one timer', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 0, 59, 0), toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { service, opener } = rig();
    await service.open();
    const timetable = { fullSpeedFrom: '01:00', fullSpeedUntil: '07:00', otherwise: 625_000 };
    const totals = await service.setSettings({ timetable });
    expect(totals).toMatchObject({ timetable, limitedBy: { reason: 'timetable', bytesPerSecond: 625_000 } });
    expect(JSON.parse(readFileSync(join(dataDir, 'uploads.json'), 'utf8'))).toMatchObject({ timetable });
    expect(opener.last.speedLimit).toBe(625_000);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(opener.last.speedLimit).toBe(625_000);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(opener.last.speedLimit).toBeNull();
    expect((await service.state()).totals.limitedBy).toBeNull();
    await vi.advanceTimersByTimeAsync(6 * 60 * 60 * 1000);
    expect(opener.last.speedLimit).toBe(625_000);
    await service.setSettings({ timetable: null });
    expect(opener.last.speedLimit).toBeNull();
    await service.close();
  });
});
