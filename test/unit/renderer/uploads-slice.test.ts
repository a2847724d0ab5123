import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRow, UploadsChange, UploadTotals } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';
import { uploadsFakes } from './fake-uploads-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge(uploadsFakes());

const { initialUploadsState, useUploadsStore } = await import('../../../renderer/src/state/uploads-slice');
const { filterRows, mergeRows } = await import('../../../renderer/src/state/upload-rows');

function row(id: string, change: Partial<UploadRow> = {}): UploadRow {
  return { id, file: `/v/${id}.mp4`, size: 100, channelId: '1', title: id, description: '', protect: 'public', state: 'waiting', platformStatus: null, videoId: null, bytes: 0, speed: 0, etaSeconds: null, failure: null, processingProgress: null, retry: null, ...change };
}

const totals: UploadTotals = { files: 2, complete: 0, failed: 0, unfinished: 2, bytes: 0, size: 200, speed: 0, etaSeconds: null, paused: null, concurrency: 2, speedLimit: null, timetable: null, limitedBy: null };

function change(partial: Partial<UploadsChange>): UploadsChange {
  return { reset: false, available: true, reason: null, rows: [], removed: [], totals, ...partial };
}

function emit(payload: UploadsChange): void {
  bridge.emit('uploads', payload);
}

beforeEach(() => {
  vi.clearAllMocks();
  useUploadsStore.setState({ ...initialUploadsState });
  bridge.companion.uploads.state.mockResolvedValue({ available: true, reason: null, rows: [row('a'), row('b')], totals });
  bridge.companion.live.channels.mockResolvedValue([
    { id: '7', title: 'Other', status: 'offair', isDefault: false, managedFor: null },
    { id: '9', title: 'Main', status: 'offair', isDefault: true, managedFor: null },
  ]);
});

describe('uploads slice', () => {
  it('has the shape of the other slices: initial state, then load fills rows, totals and the default channel', async () => {
    expect(useUploadsStore.getState()).toMatchObject(initialUploadsState);
    await useUploadsStore.getState().load();
    const state = useUploadsStore.getState();
    expect(state).toMatchObject({ loaded: true, available: true, totals, error: null });
    expect(state.rows.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(state.batch.channelId).toBe('9');
  });

  it('follows uploads events: changed rows in place, new ones at the end, removed ones gone, untouched rows kept as they were', async () => {
    await useUploadsStore.getState().load();
    const untouched = useUploadsStore.getState().rows[1];
    emit(change({ rows: [row('a', { state: 'transferring', bytes: 50 }), row('c')], totals: { ...totals, files: 3 } }));
    let state = useUploadsStore.getState();
    expect(state.rows.map((entry) => [entry.id, entry.bytes])).toEqual([
      ['a', 50],
      ['b', 0],
      ['c', 0],
    ]);
    expect(state.rows[1]).toBe(untouched);
    expect(state.totals?.files).toBe(3);

    emit(change({ removed: ['a'] }));
    expect(useUploadsStore.getState().rows.map((entry) => entry.id)).toEqual(['b', 'c']);

    emit(change({ reset: true, available: false, reason: { code: 'signed-out', message: 'Sign in to upload.' }, rows: [] }));
    state = useUploadsStore.getState();
    expect(state).toMatchObject({ available: false, reason: { code: 'signed-out' }, rows: [] });
  });

  it('loads the channels when the queue opens after a sign-in', async () => {
    bridge.companion.uploads.state.mockResolvedValue({ available: false, reason: { code: 'signed-out', message: 'Sign in.' }, rows: [], totals });
    bridge.companion.live.channels.mockResolvedValueOnce([]);
    await useUploadsStore.getState().load();
    expect(useUploadsStore.getState().batch.channelId).toBeNull();
    emit(change({ reset: true, rows: [row('a')] }));
    await vi.waitFor(() => expect(useUploadsStore.getState().batch.channelId).toBe('9'));
  });

  it('adds paths with the batch settings and keeps what was left out, with the reasons', async () => {
    await useUploadsStore.getState().load();
    useUploadsStore.getState().setBatch({ description: 'Tuesday show', protect: 'private' });
    bridge.companion.uploads.add.mockResolvedValue({ queued: 2, rejected: [{ file: '/v/notes.txt', reason: '.txt files are not taken by the platform' }] });
    await useUploadsStore.getState().add(['/v']);
    expect(bridge.companion.uploads.add).toHaveBeenCalledWith({ paths: ['/v'], channelId: '9', protect: 'private', description: 'Tuesday show' });
    expect(useUploadsStore.getState()).toMatchObject({ busy: null, lastAdd: { queued: 2, rejected: [{ file: '/v/notes.txt' }] } });
  });

  it('says to choose a channel before adding, and shows the core\'s sentence when a call fails', async () => {
    bridge.companion.live.channels.mockResolvedValue([]);
    await useUploadsStore.getState().load();
    await useUploadsStore.getState().add(['/v']);
    expect(useUploadsStore.getState().error?.message).toBe('Choose the channel the videos go to first.');
    expect(bridge.companion.uploads.add).not.toHaveBeenCalled();

    bridge.companion.uploads.cancel.mockRejectedValue(new Error('The platform is already processing this file; it cannot be cancelled any more.'));
    await useUploadsStore.getState().cancelRow('a');
    expect(useUploadsStore.getState().error?.message).toContain('cannot be cancelled');
  });

  it('merges the row a row action answers with', async () => {
    await useUploadsStore.getState().load();
    bridge.companion.uploads.edit.mockResolvedValue(row('b', { title: 'Better title', description: 'Day 2', protect: 'private' }));
    await useUploadsStore.getState().editRow('b', { title: 'Better title', description: 'Day 2', protect: 'private' });
    expect(bridge.companion.uploads.edit).toHaveBeenCalledWith('b', { title: 'Better title', description: 'Day 2', protect: 'private' });
    expect(useUploadsStore.getState().rows.map((entry) => [entry.title, entry.description, entry.protect])).toEqual([
      ['a', '', 'public'],
      ['Better title', 'Day 2', 'private'],
    ]);
  });

  it('applies settings and batch actions through their totals', async () => {
    await useUploadsStore.getState().load();
    bridge.companion.uploads.setSettings.mockResolvedValue({ ...totals, concurrency: 4 });
    await useUploadsStore.getState().setConcurrency(4);
    expect(bridge.companion.uploads.setSettings).toHaveBeenCalledWith({ concurrency: 4 });
    expect(useUploadsStore.getState().totals?.concurrency).toBe(4);
    bridge.companion.uploads.pauseAll.mockResolvedValue({ ...totals, paused: 'user' });
    await useUploadsStore.getState().pauseAll();
    expect(useUploadsStore.getState().totals?.paused).toBe('user');
    bridge.companion.uploads.clearFinished.mockResolvedValue(totals);
    await useUploadsStore.getState().clearFinished(true);
    expect(bridge.companion.uploads.clearFinished).toHaveBeenCalledWith({ failed: true });
  });

  it('opens the folder browser on a listing and closes it after an add', async () => {
    await useUploadsStore.getState().load();
    const listing = { path: '/v', parent: '/', entries: [], truncated: false };
    bridge.companion.uploads.browse.mockResolvedValue(listing);
    await useUploadsStore.getState().browse();
    expect(bridge.companion.uploads.browse).toHaveBeenCalledWith({});
    expect(useUploadsStore.getState().folder).toEqual(listing);
    bridge.companion.uploads.add.mockResolvedValue({ queued: 0, rejected: [] });
    await useUploadsStore.getState().add(['/v']);
    expect(useUploadsStore.getState().folder).toBeNull();
  });
});

describe('upload rows', () => {
  it('filters the failed ones', () => {
    const rows = [row('a'), row('b', { state: 'failed' }), row('c', { state: 'complete' })];
    expect(filterRows(rows, 'all')).toBe(rows);
    expect(filterRows(rows, 'failed').map((entry) => entry.id)).toEqual(['b']);
  });

  it('returns the same list when nothing changed, and drops a row both changed and removed', () => {
    const rows = [row('a')];
    expect(mergeRows(rows, [], [])).toBe(rows);
    expect(mergeRows(rows, [row('b')], ['b'])).toEqual([row('a')]);
  });
});
