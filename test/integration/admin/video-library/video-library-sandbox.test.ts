// The Videos panel's services against the sandbox over real HTTP: a page of the user's and a channel's
// videos, a caption search with its matches, an edit read back, a refused edit explained, expiration set to
// never, a metadata value set and cleared, a video deleted (and deleting it again explained), and a real
// download: the file asked for, followed from pending to available, saved to a temp folder with progress.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { DownloadTracker } from '../../../../main/admin/video-library/download-tracker.js';
import { VideoDownloadService } from '../../../../main/admin/video-library/video-download-service.js';
import { VideoLibraryService } from '../../../../main/admin/video-library/video-library-service.js';
import type { Contract, VideoDownloadTransfer } from '../../../../preload/contract.js';
import { ContractEvents } from '../../../../main/typed-emitter.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { api, passwordToken } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let token: string;
let folder: string;
let library: VideoLibraryService;
const events: VideoDownloadTransfer[] = [];
let downloads: VideoDownloadService;
let transfers: DownloadTracker;
let dataDir: string;

const idOf = (title: string) => sandbox.admin.store.data.videos.find((video) => video.title === title)!.id;

beforeAll(async () => {
  sandbox = await startSandbox({ downloadGenerationMs: 300 });
  token = await passwordToken(sandbox);
  folder = mkdtempSync(join(tmpdir(), 'video-library-sandbox-'));
  dataDir = mkdtempSync(join(tmpdir(), 'video-library-data-'));
  const user: AccessToken = { type: 'bearer', accessToken: token, expiresAt: null, scopes: [] };
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => user }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  const platformApi = async () => createPlatformApi(caller);
  library = new VideoLibraryService(platformApi);
  downloads = new VideoDownloadService({ platformApi, defaultFolder: folder });
  transfers = new DownloadTracker({
    downloads,
    dataDir,
    session: new ContractEvents<Contract>(),
    onRecovered: () => undefined,
    warn: () => undefined,
  });
  transfers.events.on('videoDownload', (transfer) => events.push(transfer));
  await transfers.accountChanged('sandbox');
});

afterAll(async () => {
  await transfers?.close();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the video library against the sandbox', () => {
  it('pages the user\'s and a channel\'s videos, sorted and filtered, and finds words in captions', async () => {
    const mine = await library.page({ channelId: null, page: 1, sort: 'popular', protect: [] });
    expect(mine.items.map((row) => row.title)).toEqual(['Behind the scenes', 'Rehearsal (unlisted)', 'Q&A night', 'Launch stream']);
    expect(mine).toMatchObject({ hasPrevious: false, hasNext: false, note: null });
    const channelId = mine.items.find((row) => row.title === 'Q&A night')!.channelId!;
    const privateOnes = await library.page({ channelId, page: 1, sort: 'recent', protect: ['private'] });
    expect(privateOnes.items.map((row) => row.title)).toEqual(['Rehearsal (unlisted)']);
    const beyond = await library.page({ channelId, page: 2, sort: 'recent', protect: [] });
    expect(beyond).toMatchObject({ items: [], hasPrevious: true, hasNext: false });

    const found = await library.page({ channelId: null, page: 1, q: 'microphone', sort: 'recent', protect: ['private'] });
    expect(found.note).not.toBeNull();
    expect(found.items.map((row) => [row.title, row.captionMatches?.map((match) => match.startSec)])).toEqual([['Q&A night', [12.5, 62]]]);
  });

  it('edits a video and reads it back; a title the platform refuses is explained', async () => {
    const id = idOf('Behind the scenes');
    const edited = await library.edit(id, { title: 'Backstage', description: 'Before the show.', protect: 'private' });
    expect(edited).toMatchObject({ id, title: 'Backstage', description: 'Before the show.', detailLevel: 'default' });
    const privateOnes = await library.page({ channelId: null, page: 1, sort: 'recent', protect: ['private'] });
    expect(privateOnes.items.map((row) => row.id)).toContain(id);
    await expect(library.edit(id, { title: 'x'.repeat(256) })).rejects.toMatchObject({ code: 'invalid_value', message: expect.stringContaining('1 to 255 characters') });
    expect(await library.details(id, 'owner')).toMatchObject({ title: 'Backstage', detailLevel: 'owner' });
  });

  it('sets an expiring video to never expire', async () => {
    const id = idOf('Rehearsal (unlisted)');
    expect(await library.expiration(id)).toMatchObject({ rule: 'at_given_time', expiresAt: expect.any(Number) });
    expect(await library.neverExpire(id)).toEqual({ videoId: id, rule: 'never', expiresAt: null });
  });

  it('sets and clears a metadata value of a video field; a value the field does not take is explained', async () => {
    const field = await api<{ id: string }>(sandbox, token, 'POST', '/custom-metadata-fields.json', { name: 'episode', display_name: 'Episode', content_type: 'video', type: 'number', is_required: 'false' });
    const id = idOf('Q&A night');
    const set = await library.setValue(id, field.body.id, '12');
    expect(set.fields.map((entry) => entry.name)).toEqual(['episode']);
    expect(set.values).toEqual([{ fieldId: field.body.id, value: '12' }]);
    await expect(library.setValue(id, field.body.id, 'twelve')).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('Enter a value the field takes') });
    expect((await library.removeValue(id, field.body.id)).values).toEqual([]);
  });

  it('asks for an MP4, follows it to available and saves it to a folder with progress', async () => {
    const id = idOf('Q&A night');
    expect((await downloads.downloadable(id, 'mp4')).status).toBe('unavailable');
    expect((await downloads.request(id, 'mp4')).status).toBe('pending');
    let ready = await downloads.downloadable(id, 'mp4');
    for (let tries = 0; ready.status !== 'available' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await downloads.downloadable(id, 'mp4');
    }
    expect(ready).toMatchObject({ status: 'available', downloadUrl: expect.stringMatching(/^http:\/\//) });
    expect(ready.expiresAt! - Date.now() / 1000).toBeGreaterThan(23.9 * 3600);

    const started = await transfers.save(id, 'mp4', {});
    await expect.poll(() => events.findLast((event) => event.id === started.id)?.state, { timeout: 20_000 }).toBe('complete');
    const done = events.findLast((event) => event.id === started.id)!;
    expect(done.total).toBe(done.bytes);
    expect(readdirSync(folder)).toEqual([`Q&A night-${id}.mp4`]);
    const served = Buffer.from(await (await fetch(ready.downloadUrl!)).arrayBuffer());
    expect(readFileSync(done.file).equals(served)).toBe(true);
  });

  it('deletes a video; deleting it again is explained', async () => {
    const id = idOf('Launch stream');
    expect(await library.remove(id)).toBeNull();
    await expect(library.remove(id)).rejects.toMatchObject({ code: 'not_found', message: 'This video was already deleted. Reload the list.' });
    await expect(library.details(id, 'default')).rejects.toMatchObject({ code: 'not_found' });
  });
});
