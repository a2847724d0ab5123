// The copy tracker against the sandbox over real HTTP: a copy followed until the platform made it; a run
// of failed asks ends the following with a sentence; the list saved per profile and read again by a new
// tracker (after a restart) that follows an unfinished copy to the end; a damaged file set aside and told;
// and served as the copies namespace: a copy started and announced as an event, a profile switch showing that profile's.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract, unwrap, type Contract, type CopyProgress, type Implementation, type SessionInfo, type VideoCopy } from '../../../../preload/contract.js';
import { createDispatcher } from '../../../../main/dispatch.js';
import { ContractEvents } from '../../../../main/typed-emitter.js';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { COPY_POLL_FAILURES, CopyTracker, KEPT_COPIES } from '../../../../main/admin/video-tools/copy-tracker.js';
import { createVideoTools } from '../../../../main/admin/video-tools/video-tools.js';
import type { TrimCopyService } from '../../../../main/admin/video-tools/trim-copy-service.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { passwordToken } from '../../../support/sandbox-client.js';

const POLL_MS = 40;

let sandbox: Sandbox;
let trimCopy: TrimCopyService;
let launch: string;
let dir: string;
let trackers: CopyTracker[];

beforeAll(async () => {
  sandbox = await startSandbox({ copyMs: 500 });
  const user: AccessToken = { type: 'bearer', accessToken: await passwordToken(sandbox), expiresAt: null, scopes: [] };
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => user }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  trimCopy = createVideoTools(async () => createPlatformApi(caller)).trim;
  launch = sandbox.admin.store.data.videos.find((video) => video.title === 'Launch stream')!.id;
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copy-tracker-'));
  trackers = [];
});

afterEach(async () => {
  for (const tracker of trackers) await tracker.close();
  await rm(dir, { recursive: true, force: true });
});

/** A tracker over the real trim/copy service, counting the status asks and keeping what it announced and reported. */
function tracker() {
  const seen = { changes: [] as VideoCopy[], notices: [] as string[], asks: 0 };
  const made = new CopyTracker({
    trimCopy: {
      copy: (videoId, order) => trimCopy.copy(videoId, order),
      copyStatus: (requestId) => {
        seen.asks++;
        return trimCopy.copyStatus(requestId);
      },
    },
    dataDir: dir,
    session: new ContractEvents<Contract>(),
    onRecovered: (message) => seen.notices.push(message),
    warn: (message) => seen.notices.push(message),
    pollMs: POLL_MS,
  });
  made.events.on('videoCopy', (copy) => seen.changes.push(copy));
  trackers.push(made);
  return { tracker: made, seen };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function savedFile(): Promise<{ profiles: Record<string, VideoCopy[]> }> {
  return JSON.parse(await readFile(join(dir, 'video-copies.json'), 'utf8')) as { profiles: Record<string, VideoCopy[]> };
}

const finished = (seen: { changes: VideoCopy[] }, requestId: string) => seen.changes.some((copy) => copy.requestId === requestId && copy.finishedAt !== null);

const unfinishedRow = (requestId: string): VideoCopy => ({
  requestId,
  sourceVideoId: launch,
  title: 'Forgotten part',
  start: 0,
  end: 30,
  startedAt: 1_000,
  finishedAt: null,
  progress: { requestId, finished: false, videoId: null, videoUrl: null },
  failure: null,
});

describe('the copy tracker', () => {
  it('follows a copy until the platform has made it, announces each change, saves the list and then stops asking', async () => {
    const { tracker: copies, seen } = tracker();
    await copies.accountChanged('sandbox');
    const started = await copies.copy(launch, { start: 60, end: 120, title: 'Launch highlight' });
    expect(seen.changes).toMatchObject([{ requestId: started.requestId, sourceVideoId: launch, title: 'Launch highlight', start: 60, end: 120, finishedAt: null, failure: null }]);
    await until(() => finished(seen, started.requestId), 'the copy to finish');
    const done = copies.list()[0]!;
    expect(done).toMatchObject({ requestId: started.requestId, finishedAt: expect.any(Number), failure: null, progress: { finished: true, videoId: expect.stringMatching(/^\d+$/) } });
    expect(sandbox.admin.store.data.videos.find((video) => video.id === done.progress.videoId)).toMatchObject({ title: 'Launch highlight' });
    const asks = seen.asks;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
    expect(seen.asks).toBe(asks);
    await copies.close();
    expect((await savedFile()).profiles.sandbox).toEqual([done]);
  });

  it('stops following after a run of failed asks, with a sentence saying why', async () => {
    await writeFile(join(dir, 'video-copies.json'), JSON.stringify({ profiles: { sandbox: [unfinishedRow('no-such-request')] } }));
    const { tracker: copies, seen } = tracker();
    await copies.accountChanged('sandbox');
    await until(() => seen.changes.length === 1, 'the copy to be given up on');
    expect(seen.changes[0]).toMatchObject({ requestId: 'no-such-request', finishedAt: null });
    expect(seen.changes[0]!.failure).toMatch(/^The app stopped following this copy after 5 failed asks in a row: The platform no longer knows this copy/);
    expect(seen.asks).toBe(COPY_POLL_FAILURES);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
    expect(seen.asks).toBe(COPY_POLL_FAILURES);
    await copies.close();
    expect((await savedFile()).profiles.sandbox![0]!.failure).toBe(seen.changes[0]!.failure);
  });

  it('after a restart lists the finished copies and follows an unfinished one to the end', async () => {
    const before = tracker();
    await before.tracker.accountChanged('sandbox');
    const first = await before.tracker.copy(launch, { start: 0, end: 20, title: 'First part' });
    await until(() => finished(before.seen, first.requestId), 'the first copy to finish');
    const second = await before.tracker.copy(launch, { start: 30, end: 50, title: 'Second part' });
    // The app quits while the platform still makes the second copy.
    await before.tracker.close();
    expect((await savedFile()).profiles.sandbox!.map((copy) => [copy.requestId, copy.finishedAt === null])).toEqual([
      [second.requestId, true],
      [first.requestId, false],
    ]);

    const after = tracker();
    await after.tracker.accountChanged('sandbox');
    expect(after.tracker.list().map((copy) => copy.title)).toEqual(['Second part', 'First part']);
    await until(() => finished(after.seen, second.requestId), 'the second copy to finish after the restart');
    expect(after.tracker.list()[0]).toMatchObject({ requestId: second.requestId, progress: { finished: true, videoId: expect.stringMatching(/^\d+$/) } });
    expect(after.seen.notices).toEqual([]);
  });

  it("keeps each profile's copies apart, none while signed out, and only the newest ones", async () => {
    const old = Array.from({ length: KEPT_COPIES }, (_, index) => ({ ...unfinishedRow(`old-${index}`), finishedAt: 2_000, progress: { requestId: `old-${index}`, finished: true, videoId: '1', videoUrl: null } }));
    await writeFile(join(dir, 'video-copies.json'), JSON.stringify({ profiles: { sandbox: old, rival: [{ ...unfinishedRow('rival-1'), failure: 'Given up.' }] } }));
    const { tracker: copies } = tracker();
    await copies.accountChanged('rival');
    expect(copies.list().map((copy) => copy.requestId)).toEqual(['rival-1']);
    await copies.accountChanged(null);
    expect(copies.list()).toEqual([]);
    await expect(copies.copy(launch, { start: 0, end: 20, title: 'Signed out' })).rejects.toMatchObject({ code: 'sign_in_needed' });
    await copies.accountChanged('sandbox');
    const started = await copies.copy(launch, { start: 0, end: 20, title: 'Newest' });
    expect(copies.list()).toHaveLength(KEPT_COPIES);
    expect(copies.list()[0]!.requestId).toBe(started.requestId);
    expect(copies.list().at(-1)!.requestId).toBe(`old-${KEPT_COPIES - 2}`);
    await copies.close();
    const saved = await savedFile();
    expect(saved.profiles.sandbox).toHaveLength(KEPT_COPIES);
    expect(saved.profiles.rival!.map((copy) => copy.requestId)).toEqual(['rival-1']);
  });

  it('sets a damaged file aside, starts with an empty list and says so', async () => {
    await writeFile(join(dir, 'video-copies.json'), '{"profiles": {"sandbox": [');
    const { tracker: copies, seen } = tracker();
    await copies.accountChanged('sandbox');
    expect(copies.list()).toEqual([]);
    const backups = (await readdir(dir)).filter((file) => file.startsWith('video-copies.json.corrupt-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(dir, backups[0]!), 'utf8')).toBe('{"profiles": {"sandbox": [');
    expect(seen.notices).toEqual([expect.stringMatching(/^The followed video copies \(video-copies\.json\) could not be read .* the damaged file was kept as .*video-copies\.json\.corrupt-/)]);
    expect(await savedFile()).toEqual({ profiles: {} });
  });

  it('as the copies namespace: copies.copy goes through the tracker, its rows arrive as videoCopy events, and a profile switch lists that profile', async () => {
    const earlier = { ...unfinishedRow('sandbox-0'), title: 'Earlier', finishedAt: 2_000, progress: { requestId: 'sandbox-0', finished: true, videoId: '1', videoUrl: null } };
    await writeFile(join(dir, 'video-copies.json'), JSON.stringify({ profiles: { sandbox: [earlier], rival: [{ ...unfinishedRow('rival-1'), failure: 'Given up.' }] } }));
    const sessions = new ContractEvents<Contract>();
    const announced: VideoCopy[] = [];
    const servedTracker = new CopyTracker({
      trimCopy,
      dataDir: dir,
      session: sessions,
      onRecovered: () => undefined,
      warn: () => undefined,
      pollMs: POLL_MS,
    });
    trackers.push(servedTracker);
    // Called as the windows call it: "copies.<method>" through the dispatcher.
    const dispatch = createDispatcher(contract, { copies: servedTracker } as unknown as Implementation<Contract>);
    const call = async <T>(method: string, ...args: unknown[]): Promise<T> => unwrap(await dispatch(method, args)) as T;
    servedTracker.events.on('videoCopy', (copy) => announced.push(copy));
    const session = (profile: string, status: SessionInfo['status'], user: string | null = null): SessionInfo => ({
      profile,
      profileKind: 'sandbox',
      platform: null,
      status,
      user,
      tokenType: null,
      scopes: [],
      expiresAt: null,
      expiresSoon: false,
      renewable: false,
      dialect: 'spec',
      lastError: null,
      sandboxLogin: null,
    });

    sessions.emit('session', session('sandbox', 'signed-in'));
    await until(() => servedTracker.list().length === 1, "the sandbox profile's copies");
    const started = await call<CopyProgress>('copies.copy', launch, { start: 0, end: 20, title: 'Through the dispatcher' });
    expect(announced).toMatchObject([{ requestId: started.requestId, finishedAt: null }]);
    await until(() => announced.some((copy) => copy.requestId === started.requestId && copy.finishedAt !== null), 'the finished event');
    expect((await call<VideoCopy[]>('copies.list')).map((copy) => copy.title)).toEqual(['Through the dispatcher', 'Earlier']);

    sessions.emit('session', session('rival', 'signed-in'));
    await until(() => servedTracker.list()[0]?.requestId === 'rival-1', "the rival profile's copies");
    expect(await call<VideoCopy[]>('copies.list')).toMatchObject([{ requestId: 'rival-1', failure: 'Given up.' }]);
    sessions.emit('session', session('rival', 'signed-out'));
    await until(() => servedTracker.list().length === 0, 'no copies while signed out');
    await expect(call('copies.copy', launch, { start: 0, end: 20, title: 'Signed out' })).rejects.toMatchObject({ code: 'sign_in_needed' });

    // Two accounts on one profile keep their lists apart once the platform told the user names.
    sessions.emit('session', session('sandbox', 'signed-in', 'demo'));
    await until(() => servedTracker.list().length === 0, "demo's own (empty) list");
    await call('copies.copy', launch, { start: 0, end: 20, title: "Demo's" });
    sessions.emit('session', session('sandbox', 'signed-out'));
    sessions.emit('session', session('sandbox', 'signed-in', 'someone-else'));
    await until(() => servedTracker.list().length === 0, "someone else's (empty) list");
    sessions.emit('session', session('sandbox', 'signed-in', 'demo'));
    await until(() => servedTracker.list()[0]?.title === "Demo's", "demo's list again");
    await servedTracker.close();
    expect((await savedFile()).profiles.sandbox!.map((copy) => copy.title)).toEqual(['Through the dispatcher', 'Earlier']);
    expect((await savedFile()).profiles['sandbox/demo']!.map((copy) => copy.title)).toEqual(["Demo's"]);
  });
});
