// The download tracker against the sandbox over real HTTP: a file saved whole and its row kept without the
// link; a tracker closed mid-transfer (the app quits) and a new one on the same data folder resuming the
// `.part` with a fresh link to the platform's very bytes; a file whose 24-hour window ended, and a deleted
// video, ending failed with a sentence; a sign-out stopping a transfer that goes on at the next sign-in;
// cancel and remove; profiles kept apart; a damaged file set aside and told; and served as the downloads namespace: a save
// announced as events, a removal announced, a sign-out listing none. The network is slowed (not
// faked) by a fetch that passes the sandbox's real answer on in small, late pieces.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract, unwrap, type Contract, type Implementation, type SessionInfo, type VideoDownloadsState, type VideoDownloadTransfer } from '../../../../preload/contract.js';
import { createDispatcher } from '../../../../main/dispatch.js';
import { ContractEvents } from '../../../../main/typed-emitter.js';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { DownloadTracker, KEPT_DOWNLOADS } from '../../../../main/admin/video-library/download-tracker.js';
import { VideoDownloadService } from '../../../../main/admin/video-library/video-download-service.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { videoExtrasData } from '../../../../sandbox/state/video-extras.js';
import { api, passwordToken } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let token: string;
let service: VideoDownloadService;
let dataDir: string;
let folder: string;
let trackers: DownloadTracker[];

const idOf = (title: string) => sandbox.admin.store.data.videos.find((video) => video.title === title)!.id;

beforeAll(async () => {
  sandbox = await startSandbox({ downloadGenerationMs: 100 });
  token = await passwordToken(sandbox);
  const user: AccessToken = { type: 'bearer', accessToken: token, expiresAt: null, scopes: [] };
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => user }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  service = new VideoDownloadService({ platformApi: async () => createPlatformApi(caller) });
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'download-tracker-data-'));
  folder = await mkdtemp(join(tmpdir(), 'download-tracker-files-'));
  trackers = [];
});

afterEach(async () => {
  for (const tracker of trackers) await tracker.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

/** The real fetch, with each answer's body passed on in pieces of `piece` bytes, one every `delayMs`. */
function slowFetch(piece: number, delayMs: number): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    if (!answer.body) return answer;
    const reader = answer.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        for (let start = 0; start < value.byteLength; start += piece) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          controller.enqueue(value.subarray(start, start + piece));
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** A tracker over the real download service, keeping what it announced, reported and asked the link for. */
function tracker(fetchLink: typeof fetch = fetch) {
  const seen = { changes: [] as VideoDownloadTransfer[], removed: [] as string[], notices: [] as string[], ranges: [] as (string | null)[] };
  const made = new DownloadTracker({
    downloads: { downloadable: (videoId, format) => service.downloadable(videoId, format), target: (videoId, format) => service.target(videoId, format, folder), defaultFolder: folder },
    dataDir,
    session: new ContractEvents<Contract>(),
    onRecovered: (message) => seen.notices.push(message),
    warn: (message) => seen.notices.push(message),
    download: {
      fetch: (input, init) => {
        seen.ranges.push(new Headers(init?.headers).get('range'));
        return fetchLink(input, init);
      },
      retryDelayMs: 10,
    },
    linkRetryMs: 10,
  });
  made.events.on('videoDownload', (transfer) => seen.changes.push(transfer));
  made.events.on('videoDownloadRemoved', ({ id }) => seen.removed.push(id));
  trackers.push(made);
  return { tracker: made, seen };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks the sandbox for the video's MP4 and waits until it is available; answers its link. */
async function madeFile(videoId: string): Promise<string> {
  await service.request(videoId, 'mp4');
  for (let tries = 0; tries < 200; tries++) {
    const file = await service.downloadable(videoId, 'mp4');
    if (file.status === 'available') return file.downloadUrl!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The sandbox never made the file');
}

async function platformSha256(link: string): Promise<string> {
  return createHash('sha256').update(Buffer.from(await (await fetch(link)).arrayBuffer())).digest('hex');
}

async function fileSha256(file: string): Promise<string> {
  return createHash('sha256').update(await readFile(file)).digest('hex');
}

async function savedText(): Promise<string> {
  return readFile(join(dataDir, 'video-downloads.json'), 'utf8');
}

async function savedRows(profile: string): Promise<VideoDownloadTransfer[]> {
  return (JSON.parse(await savedText()) as { profiles: Record<string, VideoDownloadTransfer[]> }).profiles[profile] ?? [];
}

const last = (seen: { changes: VideoDownloadTransfer[] }, id: string) => seen.changes.findLast((change) => change.id === id);

const endedRow = (id: string, overrides: Partial<VideoDownloadTransfer> = {}): VideoDownloadTransfer => ({
  id,
  videoId: '1',
  format: 'mp4',
  file: `/nowhere/${id}.mp4`,
  state: 'complete',
  bytes: 10,
  total: 10,
  resumes: 0,
  failure: null,
  startedAt: 1_000,
  endedAt: 2_000,
  ...overrides,
});

describe('the download tracker', () => {
  it('saves a file whole with the platform\'s bytes and keeps its row, without the link, for the profile', async () => {
    const id = idOf('Q&A night');
    const link = await madeFile(id);
    const { tracker: downloads, seen } = tracker();
    await downloads.accountChanged('sandbox');
    const started = await downloads.save(id, 'mp4', {});
    expect(started).toMatchObject({ videoId: id, format: 'mp4', state: 'running', file: join(folder, `Q&A night-${id}.mp4`), startedAt: expect.any(Number), endedAt: null });
    await until(() => last(seen, started.id)?.state === 'complete', 'the file to be saved');
    expect(await fileSha256(started.file)).toBe(await platformSha256(link));
    await downloads.close();
    expect(await savedRows('sandbox')).toEqual([last(seen, started.id)]);
    expect(last(seen, started.id)).toMatchObject({ endedAt: expect.any(Number), failure: null });
    // The link is a secret (whoever has it has the file): its token is nowhere in the file.
    expect(await savedText()).not.toContain(new URL(link).pathname.split('/')[2]!);
  });

  it('resumes a transfer cut by closing the app: a new tracker on the same data folder asks a fresh link and continues the .part to the same bytes', async () => {
    const id = idOf('Behind the scenes');
    const link = await madeFile(id);
    const before = tracker(slowFetch(2048, 15));
    await before.tracker.accountChanged('sandbox');
    const started = await before.tracker.save(id, 'mp4', {});
    await until(() => existsSync(`${started.file}.part`) && (last(before.seen, started.id)?.bytes ?? 0) > 0, 'some bytes to arrive');
    await before.tracker.close();
    const cut = last(before.seen, started.id)!;
    expect(cut.state).toBe('running');
    expect(cut.total).toBeGreaterThan(cut.bytes);
    expect(existsSync(started.file)).toBe(false);
    expect((await savedRows('sandbox')).map((row) => [row.id, row.state])).toEqual([[started.id, 'running']]);

    const after = tracker();
    await after.tracker.accountChanged('sandbox');
    await until(() => last(after.seen, started.id)?.state === 'complete', 'the resumed transfer to finish');
    expect(after.seen.ranges).toEqual([expect.stringMatching(/^bytes=[1-9]\d*-$/)]);
    expect(last(after.seen, started.id)).toMatchObject({ resumes: 1, bytes: cut.total, total: cut.total });
    expect(await fileSha256(started.file)).toBe(await platformSha256(link));
    expect(existsSync(`${started.file}.part`)).toBe(false);
    expect(after.seen.notices).toEqual([]);
  });

  it('ends a resumed transfer as failed, saying what to do, when the file\'s window ended or the video is gone', async () => {
    const expired = idOf('Rehearsal (unlisted)');
    await madeFile(expired);
    const file = videoExtrasData(sandbox.admin.store.data).videos[expired]!.downloads!.mp4!;
    // The 24-hour window ended a day ago (the sandbox's clock is the real one, so the file is made older).
    Object.assign(file, { readyAtMs: Date.now() - 25 * 3600 * 1000, generatedAtMs: Date.now() - 25 * 3600 * 1000 });
    const gone = idOf('Launch stream');
    expect((await api(sandbox, token, 'DELETE', `/videos/${gone}.json`)).status).toBe(200);
    await writeFile(
      join(dataDir, 'video-downloads.json'),
      JSON.stringify({
        profiles: {
          sandbox: [
            endedRow('expired', { videoId: expired, file: join(folder, 'expired.mp4'), state: 'running', bytes: 5, total: 50, endedAt: null }),
            endedRow('gone', { videoId: gone, file: join(folder, 'gone.mp4'), state: 'running', bytes: 5, total: 50, endedAt: null }),
          ],
        },
      }),
    );
    await writeFile(join(folder, 'expired.mp4.part'), 'first');
    const { tracker: downloads, seen } = tracker();
    await downloads.accountChanged('sandbox');
    await until(() => ['expired', 'gone'].every((id) => last(seen, id)?.state === 'failed'), 'both transfers to fail');
    expect(last(seen, 'expired')!.failure).toBe(
      `The platform no longer offers the MP4 file of this video (its 24-hour window ended), so the transfer cannot go on. Make the file again from the video's Download tab, then save it; what arrived is kept in ${join(folder, 'expired.mp4.part')}.`,
    );
    expect(last(seen, 'gone')!.failure).toBe('The transfer cannot go on: This video no longer exists (perhaps it was deleted elsewhere). Reload the list.');
    expect(seen.ranges).toEqual([]);
    expect(await readFile(join(folder, 'expired.mp4.part'), 'utf8')).toBe('first');
    await downloads.close();
    expect((await savedRows('sandbox')).map((row) => [row.id, row.state, row.endedAt !== null])).toEqual([
      ['expired', 'failed', true],
      ['gone', 'failed', true],
    ]);
  });

  it('a sign-out stops a transfer where it is and the next sign-in continues it; cancel keeps the .part, which a new save resumes; remove takes the row off', async () => {
    const id = idOf('Q&A night');
    const link = await madeFile(id);
    const { tracker: downloads, seen } = tracker(slowFetch(1024, 10));
    await downloads.accountChanged('sandbox');
    const started = await downloads.save(id, 'mp4', {});
    await until(() => (last(seen, started.id)?.bytes ?? 0) > 0, 'some bytes to arrive');
    await downloads.accountChanged(null);
    expect(downloads.state().transfers).toEqual([]);
    await expect(downloads.save(id, 'mp4', {})).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect((await savedRows('sandbox')).map((row) => row.state)).toEqual(['running']);

    await downloads.accountChanged('sandbox');
    await until(() => seen.ranges.length === 2 && (last(seen, started.id)?.resumes ?? 0) === 1, 'the transfer to go on after the sign-in');
    expect(seen.ranges[1]).toMatch(/^bytes=[1-9]\d*-$/);
    const cancelled = downloads.cancel(started.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', endedAt: expect.any(Number) });
    expect(() => downloads.cancel(started.id)).toThrow(expect.objectContaining({ code: 'download_ended' }));
    const changesAfterCancel = seen.changes.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.changes.length).toBe(changesAfterCancel);
    expect(existsSync(`${started.file}.part`)).toBe(true);

    expect(downloads.remove(started.id)).toBeNull();
    expect(seen.removed).toEqual([started.id]);
    expect(downloads.state().transfers).toEqual([]);
    expect(existsSync(`${started.file}.part`)).toBe(true);

    const again = await downloads.save(id, 'mp4', {});
    expect(again.file).toBe(started.file);
    await until(() => last(seen, again.id)?.state === 'complete', 'the new save to finish');
    expect(seen.ranges.at(-1)).toMatch(/^bytes=[1-9]\d*-$/);
    expect(await fileSha256(again.file)).toBe(await platformSha256(link));
    expect(() => downloads.remove('nope')).toThrow(expect.objectContaining({ code: 'not_found' }));
    await downloads.close();
    expect((await savedRows('sandbox')).map((row) => row.id)).toEqual([again.id]);
  });

  it("keeps each profile's transfers apart and only the newest ones", async () => {
    const old = Array.from({ length: KEPT_DOWNLOADS }, (_, index) => endedRow(`old-${index}`));
    await writeFile(join(dataDir, 'video-downloads.json'), JSON.stringify({ profiles: { sandbox: old, rival: [endedRow('rival-1', { state: 'failed', failure: 'Gone.' })] } }));
    const id = idOf('Q&A night');
    await madeFile(id);
    const { tracker: downloads, seen } = tracker();
    await downloads.accountChanged('rival');
    expect(downloads.state().transfers.map((row) => row.id)).toEqual(['rival-1']);
    await downloads.accountChanged('sandbox');
    const started = await downloads.save(id, 'mp4', {});
    await until(() => last(seen, started.id)?.state === 'complete', 'the file to be saved');
    expect(downloads.state().transfers).toHaveLength(KEPT_DOWNLOADS);
    expect(downloads.state().transfers.at(-1)!.id).toBe(`old-${KEPT_DOWNLOADS - 2}`);
    await downloads.close();
    expect((await savedRows('sandbox')).map((row) => row.id)).toEqual([started.id, ...old.slice(0, KEPT_DOWNLOADS - 1).map((row) => row.id)]);
    expect((await savedRows('rival')).map((row) => row.id)).toEqual(['rival-1']);
  });

  it('sets a damaged file aside, starts with an empty list and says so', async () => {
    await writeFile(join(dataDir, 'video-downloads.json'), '{"profiles": {"sandbox": [');
    const { tracker: downloads, seen } = tracker();
    await downloads.accountChanged('sandbox');
    expect(downloads.state().transfers).toEqual([]);
    const backups = (await readdir(dataDir)).filter((file) => file.startsWith('video-downloads.json.corrupt-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(dataDir, backups[0]!), 'utf8')).toBe('{"profiles": {"sandbox": [');
    expect(seen.notices).toEqual([expect.stringMatching(/^The list of saved video files \(video-downloads\.json\) could not be read .* the damaged file was kept as .*video-downloads\.json\.corrupt-/)]);
    expect(JSON.parse(await savedText())).toEqual({ profiles: {} });
  });

  it('as the downloads namespace: a save and its progress arrive as videoDownload events, a removal as videoDownloadRemoved, and a sign-out lists none', async () => {
    const id = idOf('Q&A night');
    await madeFile(id);
    const sessions = new ContractEvents<Contract>();
    const servedTracker = new DownloadTracker({
      downloads: { downloadable: (videoId, format) => service.downloadable(videoId, format), target: (videoId, format) => service.target(videoId, format, folder), defaultFolder: folder },
      dataDir,
      session: sessions,
      onRecovered: () => undefined,
      warn: () => undefined,
    });
    trackers.push(servedTracker);
    // Called as the windows call it: "downloads.<method>" through the dispatcher.
    const dispatch = createDispatcher(contract, { downloads: servedTracker } as unknown as Implementation<Contract>);
    const call = async <T>(method: string, ...args: unknown[]): Promise<T> => unwrap(await dispatch(method, args)) as T;
    const announced: VideoDownloadTransfer[] = [];
    const removed: string[] = [];
    servedTracker.events.on('videoDownload', (transfer) => announced.push(transfer));
    servedTracker.events.on('videoDownloadRemoved', (row) => removed.push(row.id));
    const session = (status: SessionInfo['status']): SessionInfo => ({
      profile: 'sandbox',
      profileKind: 'sandbox',
      platform: null,
      status,
      user: null,
      tokenType: null,
      scopes: [],
      expiresAt: null,
      expiresSoon: false,
      renewable: false,
      dialect: 'spec',
      lastError: null,
      sandboxLogin: null,
    });

    sessions.emit('session', session('signed-in'));
    // The tracker asked for the profile itself; asking again waits until that is done (and changes nothing).
    await servedTracker.accountChanged('sandbox');
    const started = await call<VideoDownloadTransfer>('downloads.save', id, 'mp4', {});
    await until(() => announced.some((transfer) => transfer.id === started.id && transfer.state === 'complete'), 'the complete event');
    expect((await call<VideoDownloadsState>('downloads.state')).transfers.map((transfer) => [transfer.id, transfer.state])).toEqual([[started.id, 'complete']]);
    await expect(call('downloads.cancel', started.id)).rejects.toMatchObject({ code: 'download_ended' });
    expect(await call('downloads.remove', started.id)).toBeNull();
    expect(removed).toEqual([started.id]);

    const again = await call<VideoDownloadTransfer>('downloads.save', id, 'mp4', {});
    await until(() => announced.some((transfer) => transfer.id === again.id && transfer.state === 'complete'), 'the second complete event');
    sessions.emit('session', session('signed-out'));
    await until(() => servedTracker.state().transfers.length === 0, 'no transfers while signed out');
    await expect(call('downloads.save', id, 'mp4', {})).rejects.toMatchObject({ code: 'sign_in_needed' });
    await servedTracker.close();
    expect((await savedRows('sandbox')).map((row) => row.id)).toEqual([again.id]);
  });
});
