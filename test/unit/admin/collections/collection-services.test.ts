// The collection services with a fake platform client: what they send, and which sentence each refusal
// becomes (a full collection says "N of M" and what to take out).
import { describe, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../../preload/contract.js';
import { createCollectionServices } from '../../../../main/admin/collections/collection-services.js';
import { PLAYLIST_GONE } from '../../../../main/admin/collections/collection-errors.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { CollectionFullError, PlatformError, SignInNeededError } from '../../../../main/platform/platform-error.js';

function services(api: Partial<Record<keyof PlatformApi, object>>) {
  return createCollectionServices(async () => api as unknown as PlatformApi);
}

async function* items<T>(...values: T[]): AsyncGenerator<T> {
  yield* values;
}

const video = (id: string, title?: string) => ({ id, title, length: '60.000', links: { channel: { href: 'x' } } });
const full = (endpoint: string) => new CollectionFullError(413, 'limit_reached', endpoint, 'full', { limit: 10, remaining: 0 });
const refused = (status: number, error: string) => new PlatformError(status, error, 'GET /x', `${status} ${error}`);

describe('featured videos', () => {
  it('sends the list once per video, in order, and answers the list read back with how full it is', async () => {
    const set = vi.fn(async () => ({ limit: 10, remaining: 8 }));
    const { featured } = services({ featuredVideos: { set, list: () => items(video('1', 'One'), video('2')) } });
    const state = await featured.set('5', ['1', '2', '1']);
    expect(set).toHaveBeenCalledWith('5', ['1', '2']);
    expect(state).toEqual({
      channelId: '5',
      capacity: { limit: 10, remaining: 8 },
      videos: [
        { id: '1', title: 'One', lengthSeconds: 60 },
        { id: '2', title: 'Video 2', lengthSeconds: 60 },
      ],
    });
  });

  it('a full list (413) says how full and what to do', async () => {
    const { featured } = services({ featuredVideos: { set: async () => Promise.reject(full('PUT featured')) } });
    const error = await featured.set('5', ['1']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompanionError);
    expect(error).toMatchObject({ code: 'limit_reached', message: 'The featured list is full (10 of 10 videos), so nothing was changed. Remove a featured video first, then add this one.' });
  });

  it("someone else's video (403) is named as such; a sign-in problem passes as it is", async () => {
    const { featured } = services({ featuredVideos: { set: async () => Promise.reject(refused(403, 'permission_denied')) } });
    await expect(featured.set('5', ['9'])).rejects.toMatchObject({ code: 'permission_denied', message: expect.stringContaining('only your own videos') });
    const expired = new SignInNeededError(401, 'invalid_token', 'GET', 'sign in');
    const { featured: again } = services({ featuredVideos: { capacity: async () => Promise.reject(expired) } });
    await expect(again.state('5')).rejects.toBe(expired);
  });
});

describe('playlists', () => {
  it('lists a page with empty playlists included, as rows', async () => {
    const pageForChannel = vi.fn(async () => ({
      items: [{ id: '3', title: 'Highlights', total_duration: '7200.000', created_at: 1, updated_at: 2, channel_id: 5 }],
      hasPrevious: true,
      hasNext: false,
    }));
    const { playlists } = services({ playlists: { pageForChannel } });
    expect(await playlists.page({ channelId: '5', page: 2 })).toEqual({
      channelId: '5',
      page: 2,
      hasPrevious: true,
      hasNext: false,
      items: [{ id: '3', title: 'Highlights', channelId: '5', totalDuration: 7200, updatedAt: 2 }],
    });
    expect(pageForChannel).toHaveBeenCalledWith('5', 2, { includeEmpty: true });
  });

  it('a channel playlist is read back from where its creation says it is', async () => {
    const get = vi.fn(async () => ({ id: '44', title: 'Clips', total_duration: '0.000', created_at: 1, updated_at: 1, channel_id: 5 }));
    const { playlists } = services({ playlists: { createForChannel: async () => ({ location: 'http://api/playlists/44.json', playlistId: '44' }), get } });
    expect(await playlists.create({ channelId: '5', title: 'Clips' })).toMatchObject({ id: '44', channelId: '5' });
    expect(get).toHaveBeenCalledWith('44');
  });

  it('a full playlist (413) says how full and what to do; a gone one says to reload', async () => {
    const { playlists } = services({ playlists: { addVideo: async () => Promise.reject(full('PUT video')), capacity: async () => Promise.reject(refused(404, 'not_found')) } });
    await expect(playlists.addVideo('3', '1')).rejects.toMatchObject({
      code: 'limit_reached',
      message: 'This playlist is full (10 of 10 videos), so the video was not added. Remove a video from it first, or put this one in another playlist.',
    });
    await expect(playlists.contents('3')).rejects.toMatchObject({ code: 'not_found', message: PLAYLIST_GONE });
  });

  it('answers the videos in playlist order after a move', async () => {
    const setVideoPosition = vi.fn(async () => undefined);
    const listVideos = () => items({ id: '2', title: 'B', order: 2 }, { id: '1', title: 'A', order: 1 });
    const { playlists } = services({ playlists: { setVideoPosition, listVideos, capacity: async () => ({ limit: 20, remaining: 18 }) } });
    const after = await playlists.moveVideo('3', '2', 1);
    expect(setVideoPosition).toHaveBeenCalledWith('3', '2', 1);
    expect(after.videos.map((entry) => entry.id)).toEqual(['1', '2']);
    expect(after.capacity).toEqual({ limit: 20, remaining: 18 });
  });
});

describe('video choices and upcoming events', () => {
  it('the choices come one platform page at a time: the user\'s or a channel\'s, searched', async () => {
    const many = Array.from({ length: 120 }, (_, index) => video(String(index + 1)));
    const pageOf = (page: number) => ({ items: many.slice((page - 1) * 50, page * 50), hasPrevious: page > 1, hasNext: page * 50 < many.length });
    const pageForUser = vi.fn(async (page: number) => pageOf(page));
    const pageForChannel = vi.fn(async (_channelId: string, page: number) => pageOf(page));
    const { videoChoices } = services({ videos: { pageForUser, pageForChannel } });
    const second = await videoChoices.page({ channelId: null, page: 2, q: '' });
    expect(second.items.map((entry) => entry.id)).toEqual(many.slice(50, 100).map((entry) => entry.id));
    expect(second).toMatchObject({ page: 2, hasPrevious: true, hasNext: true });
    expect(pageForUser).toHaveBeenCalledWith(2, { pageSize: 50, q: undefined });
    expect((await videoChoices.page({ channelId: '5', page: 3, q: 'clip' })).hasNext).toBe(false);
    expect(pageForChannel).toHaveBeenCalledWith('5', 3, { pageSize: 50, q: 'clip' });
  });

  it('events come a page of 50 at a time; a gone channel says to reload', async () => {
    const page = vi.fn(async () => ({ items: [{ id: 'e1', title: 'Weekly Q&A', description: 'd', start: 100, duration: 5400 }], hasPrevious: false, hasNext: true }));
    const { upcomingEvents: events } = services({ upcomingEvents: { page } });
    expect(await events.page('5', 1)).toEqual({ channelId: '5', page: 1, hasPrevious: false, hasNext: true, items: [{ id: 'e1', title: 'Weekly Q&A', description: 'd', start: 100, duration: 5400 }] });
    expect(page).toHaveBeenCalledWith('5', 1, { pageSize: 50 });
    const { upcomingEvents: gone } = services({ upcomingEvents: { page: async () => Promise.reject(refused(404, 'not_found')) } });
    await expect(gone.page('5', 1)).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') });
  });
});
