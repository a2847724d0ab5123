// The download service and its tracker with a faked platform client and a faked download server: a file
// that is not ready is refused, a save reports progress and lands under a free name, a second save of a
// finished file gets "(2)", a cut link is worded for the streamer, and "Show in folder" needs a shell that
// can. Resuming after a restart, against the real sandbox, is test/integration/video-library/download-tracker.test.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contract, VideoDownloadTransfer } from '../../../../preload/contract.js';
import { ContractEvents } from '../../../../main/typed-emitter.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { DownloadTracker } from '../../../../main/admin/video-library/download-tracker.js';
import { safeName, VideoDownloadService } from '../../../../main/admin/video-library/video-download-service.js';

const LINK = 'https://downloads.example/video-42.mp4';
const bytes = new Uint8Array(4096).fill(7);

let folder: string;
let dataDir: string;
const trackers: DownloadTracker[] = [];
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'video-download-service-'));
  dataDir = mkdtempSync(join(tmpdir(), 'video-download-data-'));
});
afterEach(async () => {
  for (const tracker of trackers.splice(0)) await tracker.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function fakeApi(status: 'available' | 'pending' = 'available'): PlatformApi {
  const downloadable = { status, download_url: status === 'available' ? LINK : null, expires_at: status === 'available' ? 90_000 : null };
  return {
    downloads: { get: vi.fn(async () => downloadable), request: vi.fn(async () => downloadable) },
    videos: { get: vi.fn(async () => ({ id: '42', title: 'Q&A: night/1', links: { channel: { href: 'x' } } })) },
  } as unknown as PlatformApi;
}

async function serviceWith(options: { status?: 'available' | 'pending'; answer?: () => Response; reveal?: (file: string) => void } = {}) {
  const events: VideoDownloadTransfer[] = [];
  const fetchLink = vi.fn(async () => (options.answer ? options.answer() : new Response(bytes, { status: 200, headers: { 'Content-Length': String(bytes.length) } })));
  const service = new VideoDownloadService({ platformApi: async () => fakeApi(options.status), defaultFolder: folder });
  const tracker = new DownloadTracker({
    downloads: service,
    dataDir,
    reveal: options.reveal,
    session: new ContractEvents<Contract>(),
    onRecovered: () => undefined,
    warn: () => undefined,
    download: { fetch: fetchLink as unknown as typeof fetch, retryDelayMs: 1 },
  });
  tracker.events.on('videoDownload', (transfer) => events.push(transfer));
  trackers.push(tracker);
  await tracker.accountChanged('sandbox');
  return { service, tracker, events, fetchLink };
}

async function finished(events: VideoDownloadTransfer[], id: string): Promise<VideoDownloadTransfer> {
  await vi.waitFor(() => expect(events.findLast((event) => event.id === id)?.state).not.toBe('running'));
  return events.findLast((event) => event.id === id)!;
}

describe('video download service', () => {
  it('maps the platform\'s downloadable version for the panel', async () => {
    const { service, tracker } = await serviceWith();
    expect(await service.request('42', 'mp4')).toEqual({ videoId: '42', format: 'mp4', status: 'available', downloadUrl: LINK, expiresAt: 90_000 });
    expect(tracker.state()).toEqual({ defaultFolder: folder, canReveal: false, transfers: [] });
  });

  it('refuses to save a file that is not made yet, in words', async () => {
    const { tracker, fetchLink } = await serviceWith({ status: 'pending' });
    await expect(tracker.save('42', 'mp4', {})).rejects.toMatchObject({ code: 'download_not_ready', message: expect.stringContaining('Request it, wait until it is available') });
    expect(fetchLink).not.toHaveBeenCalled();
  });

  it('saves under the title as a safe name, reports it complete, and a second save gets "(2)"', async () => {
    const { tracker, events, fetchLink } = await serviceWith();
    const started = await tracker.save('42', 'mp4', {});
    expect(started).toMatchObject({ state: 'running', file: join(folder, 'Q&A night 1-42.mp4'), bytes: 0 });
    expect(await finished(events, started.id)).toMatchObject({ state: 'complete', bytes: bytes.length, total: bytes.length, failure: null });
    expect(readFileSync(started.file)).toEqual(Buffer.from(bytes));
    expect(fetchLink).toHaveBeenCalledWith(LINK, expect.objectContaining({ headers: {} }));

    const second = await tracker.save('42', 'mp4', { folder: folder });
    expect(second.file).toBe(join(folder, 'Q&A night 1-42 (2).mp4'));
    await finished(events, second.id);
    expect(tracker.state().transfers.map((transfer) => transfer.state)).toEqual(['complete', 'complete']);
  });

  it('a link that expired is worded for the streamer and leaves no finished-looking file', async () => {
    const { tracker, events } = await serviceWith({ answer: () => new Response(null, { status: 410 }) });
    const started = await tracker.save('42', 'mp4', {});
    expect(await finished(events, started.id)).toMatchObject({ state: 'failed', failure: expect.stringMatching(/^The download link expired \(links last 24 hours\)\. Make the file again from the video's Download tab/) });
    expect(existsSync(started.file)).toBe(false);
  });

  it('resumes the .part file an earlier save left behind', async () => {
    writeFileSync(join(folder, 'Q&A night 1-42.mp4.part'), bytes.subarray(0, 1000));
    const { tracker, events, fetchLink } = await serviceWith({
      answer: () => new Response(bytes.subarray(1000), { status: 206, headers: { 'Content-Range': `bytes 1000-${bytes.length - 1}/${bytes.length}`, 'Content-Length': String(bytes.length - 1000) } }),
    });
    const started = await tracker.save('42', 'mp4', {});
    expect(started.file).toBe(join(folder, 'Q&A night 1-42.mp4'));
    expect(await finished(events, started.id)).toMatchObject({ state: 'complete', bytes: bytes.length });
    expect(fetchLink).toHaveBeenCalledWith(LINK, expect.objectContaining({ headers: { Range: 'bytes=1000-' } }));
  });

  it('shows a saved file in its folder only where the shell can, and only once it is saved', async () => {
    const reveal = vi.fn();
    const { tracker, events } = await serviceWith({ reveal });
    const started = await tracker.save('42', 'mp4', {});
    await finished(events, started.id);
    expect(tracker.reveal(started.id)).toBeNull();
    expect(reveal).toHaveBeenCalledWith(started.file);
    expect(() => tracker.reveal('nope')).toThrow(expect.objectContaining({ code: 'not_found' }));

    const browser = await serviceWith();
    const saved = await browser.tracker.save('42', 'mp4', {});
    await finished(browser.events, saved.id);
    expect(() => browser.tracker.reveal(saved.id)).toThrow(expect.objectContaining({ code: 'unavailable', message: expect.stringContaining(saved.file) }));
  });

  it('makes a title a file name on every system', () => {
    expect(safeName('  a/b\\c:d*e?f"g<h>i|j\u0007k.. ')).toBe('a b c d e f g h i jk');
    expect(safeName('...')).toBe('');
  });
});
