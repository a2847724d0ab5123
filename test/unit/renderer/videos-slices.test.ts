import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type VideoDetails, type VideoDownloadTransfer, type VideoPage, type VideoRow } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slices talk to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  live: { channels: vi.fn() },
  videos: { page: vi.fn(), details: vi.fn(), edit: vi.fn(), remove: vi.fn(), expiration: vi.fn(), neverExpire: vi.fn(), metadata: vi.fn(), setValue: vi.fn(), removeValue: vi.fn() },
  downloads: { state: vi.fn(), save: vi.fn(), reveal: vi.fn(), cancel: vi.fn(), remove: vi.fn() },
  videoFiles: { downloadable: vi.fn(), request: vi.fn() },
});

const { initialVideosState, useVideosStore } = await import('../../../renderer/src/state/videos-slice');
const { initialVideoDownloadState, useVideoDownloadStore } = await import('../../../renderer/src/state/video-download-slice');
const { initialVideoExpirationState, useVideoExpirationStore } = await import('../../../renderer/src/state/video-expiration-slice');
const { initialVideoMetadataValuesState, useVideoMetadataValuesStore } = await import('../../../renderer/src/state/video-metadata-values-slice');
const removedEvent = (removed: { id: string }) => bridge.emit('videoDownloadRemoved', removed);

function row(id: string, title = `Video ${id}`): VideoRow {
  return { id, channelId: '7', title, description: '', url: null, lengthSeconds: 60, createdAt: 1, views: 0, thumbnailUrl: null, protect: null, captionMatches: null };
}

function pageOf(items: VideoRow[], overrides: Partial<VideoPage> = {}): VideoPage {
  return { request: { channelId: null, page: 1, sort: 'recent', protect: [] }, items, hasPrevious: false, hasNext: false, note: null, ...overrides };
}

function details(id: string, title: string): VideoDetails {
  return { ...row(id, title), detailLevel: 'default', addedAt: 1, fileSize: null, hlsUrl: null };
}

const gone = new CompanionError('not_found', 'This video no longer exists (perhaps it was deleted elsewhere). Reload the list.');

beforeEach(() => {
  vi.clearAllMocks();
  useVideosStore.setState({ ...initialVideosState });
  useVideoDownloadStore.setState({ ...initialVideoDownloadState });
  useVideoExpirationStore.setState({ ...initialVideoExpirationState });
  useVideoMetadataValuesStore.setState({ ...initialVideoMetadataValuesState });
  bridge.companion.live.channels.mockResolvedValue([{ id: '7', title: 'Main', status: 'offair', isDefault: true, managedFor: null }]);
  bridge.companion.videos.page.mockResolvedValue(pageOf([row('1', 'One'), row('2', 'Two')], { hasNext: true }));
});

describe('videos slice', () => {
  it('opens on all of the user\'s videos, page 1, and a new search goes back to page 1', async () => {
    await useVideosStore.getState().load();
    expect(bridge.companion.videos.page).toHaveBeenCalledWith({ channelId: null, page: 1, sort: 'recent', protect: [] });
    expect(useVideosStore.getState()).toMatchObject({ busy: null, channels: [{ id: '7' }], page: { hasNext: true } });
    await useVideosStore.getState().goToPage(2);
    expect(bridge.companion.videos.page).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    await useVideosStore.getState().search({ channelId: '7', q: 'mic', sort: 'popular' });
    expect(bridge.companion.videos.page).toHaveBeenLastCalledWith({ channelId: '7', page: 1, q: 'mic', sort: 'popular', protect: [] });
  });

  it('keeps only the answer to the latest request when two overlap', async () => {
    let slow!: (page: VideoPage) => void;
    bridge.companion.videos.page.mockReturnValueOnce(new Promise((resolve) => (slow = resolve))).mockResolvedValueOnce(pageOf([row('9', 'Latest')]));
    const first = useVideosStore.getState().goToPage(2);
    await useVideosStore.getState().goToPage(3);
    slow(pageOf([row('8', 'Stale')]));
    await first;
    expect(useVideosStore.getState().page!.items.map((item) => item.title)).toEqual(['Latest']);
  });

  it('shows an edit at once in the view and the list, and puts both back when refused', async () => {
    await useVideosStore.getState().load();
    bridge.companion.videos.details.mockResolvedValue(details('1', 'One'));
    await useVideosStore.getState().select('1', { startSec: 12, endSec: 17, caption: 'mic' });
    expect(useVideosStore.getState()).toMatchObject({ selectedId: '1', jump: { startSec: 12 }, details: { title: 'One' } });

    let refuse!: (error: unknown) => void;
    bridge.companion.videos.edit.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    const saving = useVideosStore.getState().save({ title: 'Renamed' });
    expect(useVideosStore.getState()).toMatchObject({ busy: 'save', details: { title: 'Renamed' } });
    expect(useVideosStore.getState().page!.items[0]!.title).toBe('Renamed');
    refuse(gone);
    expect(await saving).toBe(false);
    expect(useVideosStore.getState()).toMatchObject({ busy: null, details: { title: 'One' }, error: { message: gone.message } });
    expect(useVideosStore.getState().page!.items[0]!.title).toBe('One');

    bridge.companion.videos.edit.mockResolvedValue(details('1', 'Renamed'));
    expect(await useVideosStore.getState().save({ title: 'Renamed', protect: 'private' })).toBe(true);
    expect(useVideosStore.getState()).toMatchObject({ details: { title: 'Renamed' }, done: 'Saved the title, protection (now private).', error: null });
  });

  it('takes a deleted video off the list and out of the view at once, and brings it back when refused', async () => {
    await useVideosStore.getState().load();
    bridge.companion.videos.details.mockResolvedValue(details('2', 'Two'));
    await useVideosStore.getState().select('2');
    bridge.companion.videos.remove.mockRejectedValueOnce(gone);
    const refused = useVideosStore.getState().remove('2');
    expect(useVideosStore.getState().page!.items.map((item) => item.id)).toEqual(['1']);
    expect(useVideosStore.getState().selectedId).toBeNull();
    expect(await refused).toBe(false);
    expect(useVideosStore.getState()).toMatchObject({ selectedId: '2', details: { title: 'Two' }, error: { message: gone.message } });
    expect(useVideosStore.getState().page!.items.map((item) => item.id)).toEqual(['1', '2']);

    bridge.companion.videos.remove.mockResolvedValueOnce(null);
    expect(await useVideosStore.getState().remove('2')).toBe(true);
    expect(useVideosStore.getState()).toMatchObject({ selectedId: null, done: 'Deleted "Two".' });
  });

  it('a plan limit is a note, not an error', async () => {
    bridge.companion.videos.page.mockRejectedValueOnce(new CompanionError('plan_lacks_feature', 'Your plan does not include this feature.'));
    await useVideosStore.getState().goToPage(1);
    expect(useVideosStore.getState()).toMatchObject({ error: null, planNote: 'Your plan does not include this feature.' });
  });
});

describe('video download slice', () => {
  const transfer = (overrides: Partial<VideoDownloadTransfer>): VideoDownloadTransfer => ({
    id: 't1',
    videoId: '1',
    format: 'mp4',
    file: '/downloads/One-1.mp4',
    state: 'running',
    bytes: 0,
    total: null,
    resumes: 0,
    failure: null,
    startedAt: 1_000,
    endedAt: null,
    ...overrides,
  });

  beforeEach(async () => {
    bridge.companion.downloads.state.mockResolvedValue({ defaultFolder: '/downloads', canReveal: false, transfers: [] });
    bridge.companion.videoFiles.downloadable.mockImplementation(async (videoId: string, format: 'mp4' | 'flv') => ({ videoId, format, status: 'unavailable', downloadUrl: null, expiresAt: null }));
    await useVideoDownloadStore.getState().load('1');
  });

  it('asks for a file, follows it from pending to available, and saves it into the folder given', async () => {
    expect(useVideoDownloadStore.getState()).toMatchObject({ defaultFolder: '/downloads', files: { mp4: { status: 'unavailable' }, flv: { status: 'unavailable' } } });
    bridge.companion.videoFiles.request.mockResolvedValue({ videoId: '1', format: 'mp4', status: 'pending', downloadUrl: null, expiresAt: null });
    await useVideoDownloadStore.getState().request('mp4');
    expect(useVideoDownloadStore.getState().files.mp4!.status).toBe('pending');
    bridge.companion.videoFiles.downloadable.mockResolvedValueOnce({ videoId: '1', format: 'mp4', status: 'available', downloadUrl: 'https://x/1.mp4', expiresAt: 99 });
    await useVideoDownloadStore.getState().poll('mp4');
    expect(useVideoDownloadStore.getState().files.mp4).toMatchObject({ status: 'available', expiresAt: 99 });

    bridge.companion.downloads.save.mockResolvedValue(transfer({}));
    expect(await useVideoDownloadStore.getState().save('mp4', '  /tmp/out ')).toBe(true);
    expect(bridge.companion.downloads.save).toHaveBeenCalledWith('1', 'mp4', { folder: '/tmp/out' });
    await useVideoDownloadStore.getState().save('mp4', '');
    expect(bridge.companion.downloads.save).toHaveBeenLastCalledWith('1', 'mp4', {});
  });

  it('progress events update the transfer; the answer to save does not undo a later event', async () => {
    let answer!: (value: VideoDownloadTransfer) => void;
    bridge.companion.downloads.save.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const saving = useVideoDownloadStore.getState().save('mp4', '');
    useVideoDownloadStore.getState().transferChanged(transfer({ bytes: 500, total: 1000 }));
    answer(transfer({}));
    await saving;
    expect(useVideoDownloadStore.getState().transfers.t1).toMatchObject({ bytes: 500, total: 1000 });
    useVideoDownloadStore.getState().transferChanged(transfer({ state: 'complete', bytes: 1000, total: 1000 }));
    expect(useVideoDownloadStore.getState().transfers.t1!.state).toBe('complete');
  });

  it("shows main's list on load (a reload or restart keeps it), keeping a later state an event brought", async () => {
    useVideoDownloadStore.getState().transferChanged(transfer({ id: 'forgotten', state: 'complete' }));
    useVideoDownloadStore.getState().transferChanged(transfer({ id: 't1', bytes: 700, total: 1000 }));
    bridge.companion.downloads.state.mockResolvedValue({ defaultFolder: '/downloads', canReveal: false, transfers: [transfer({ bytes: 100 }), transfer({ id: 't0', state: 'failed', failure: 'Gone.' })] });
    await useVideoDownloadStore.getState().load('1');
    expect(Object.keys(useVideoDownloadStore.getState().transfers).sort()).toEqual(['t0', 't1']);
    expect(useVideoDownloadStore.getState().transfers.t1).toMatchObject({ bytes: 700 });
    expect(useVideoDownloadStore.getState().transfers.t0).toMatchObject({ state: 'failed', failure: 'Gone.' });
  });

  it('cancels a running transfer and takes an ended row off the list, by answer or by event', async () => {
    useVideoDownloadStore.getState().transferChanged(transfer({}));
    useVideoDownloadStore.getState().transferChanged(transfer({ id: 't2', state: 'complete' }));
    bridge.companion.downloads.cancel.mockResolvedValue(transfer({ state: 'cancelled', endedAt: 2_000 }));
    await useVideoDownloadStore.getState().cancel('t1');
    expect(bridge.companion.downloads.cancel).toHaveBeenCalledWith('t1');
    expect(useVideoDownloadStore.getState().transfers.t1).toMatchObject({ state: 'cancelled' });
    bridge.companion.downloads.remove.mockResolvedValue(null);
    await useVideoDownloadStore.getState().remove('t1');
    expect(Object.keys(useVideoDownloadStore.getState().transfers)).toEqual(['t2']);
    removedEvent({ id: 't2' });
    expect(useVideoDownloadStore.getState().transfers).toEqual({});
    bridge.companion.downloads.remove.mockRejectedValue(new CompanionError('download_running', 'Cancel it first.'));
    await useVideoDownloadStore.getState().remove('t3');
    expect(useVideoDownloadStore.getState().error).toEqual({ message: 'Cancel it first.' });
  });

  it('a refusal is shown in words and the buttons come back', async () => {
    bridge.companion.videoFiles.request.mockRejectedValue(gone);
    await useVideoDownloadStore.getState().request('flv');
    expect(useVideoDownloadStore.getState()).toMatchObject({ busy: null, error: { message: gone.message } });
  });
});

describe('video expiration slice', () => {
  it('shows "never" at once and puts the old rule back when refused', async () => {
    bridge.companion.videos.expiration.mockResolvedValue({ videoId: '1', rule: 'at_given_time', expiresAt: 500 });
    await useVideoExpirationStore.getState().load('1');
    let refuse!: (error: unknown) => void;
    bridge.companion.videos.neverExpire.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    const saving = useVideoExpirationStore.getState().keepForever();
    expect(useVideoExpirationStore.getState().expiration).toEqual({ videoId: '1', rule: 'never', expiresAt: null });
    refuse(gone);
    await saving;
    expect(useVideoExpirationStore.getState()).toMatchObject({ expiration: { rule: 'at_given_time', expiresAt: 500 }, error: { message: gone.message }, busy: null });
  });

  it('the platform\'s 403 forbidden is a note about the account, not an error', async () => {
    bridge.companion.videos.expiration.mockRejectedValue(new CompanionError('expiration_forbidden', 'Expiration is turned off for your account.'));
    await useVideoExpirationStore.getState().load('1');
    expect(useVideoExpirationStore.getState()).toMatchObject({ error: null, planNote: 'Expiration is turned off for your account.', expiration: null });
  });
});

describe('video metadata values slice', () => {
  it('shows a value at once, keeps main\'s answer, and puts the old values back when refused', async () => {
    const field = { id: '3', name: 'episode', displayName: 'Episode', contentType: 'video' as const, type: 'number', description: '', isRequired: false, enumItems: [] };
    bridge.companion.videos.metadata.mockResolvedValue({ videoId: '1', fields: [field], values: [] });
    await useVideoMetadataValuesStore.getState().load('1');
    bridge.companion.videos.setValue.mockResolvedValueOnce({ videoId: '1', fields: [field], values: [{ fieldId: '3', value: '12' }] });
    await useVideoMetadataValuesStore.getState().setValue('3', '12');
    expect(useVideoMetadataValuesStore.getState()).toMatchObject({ done: 'Set Episode.', metadata: { values: [{ fieldId: '3', value: '12' }] } });

    let refuse!: (error: unknown) => void;
    bridge.companion.videos.removeValue.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    const clearing = useVideoMetadataValuesStore.getState().removeValue('3');
    expect(useVideoMetadataValuesStore.getState().metadata!.values).toEqual([]);
    expect(useVideoMetadataValuesStore.getState().busy).toBe('3');
    refuse(gone);
    await clearing;
    expect(useVideoMetadataValuesStore.getState()).toMatchObject({ busy: null, error: { message: gone.message }, metadata: { values: [{ fieldId: '3', value: '12' }] } });
  });
});
