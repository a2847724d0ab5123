// The Playlists panel's services against the sandbox over real HTTP, with small collection limits so the
// demo's own videos fill them: a playlist filled to its limit, then 413 explained with "N of M"; a reorder
// read back in its new order; the featured list replaced, reordered and refused when full; a channel
// playlist created, renamed and deleted; the upcoming events a page at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollectionServices, type CollectionServices } from '../../../../main/admin/collections/collection-services.js';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { passwordToken } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let services: CollectionServices;
let demoLive: string;
let ownVideos: { id: string; title: string }[];

beforeAll(async () => {
  sandbox = await startSandbox({ collectionLimits: { playlistVideos: 3, featuredVideos: 2 } });
  const user: AccessToken = { type: 'bearer', accessToken: await passwordToken(sandbox), expiresAt: null, scopes: [] };
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => user }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  services = createCollectionServices(async () => createPlatformApi(caller));
  demoLive = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;
  ownVideos = sandbox.admin.store.data.videos.filter((video) => video.ownerId === '1001').map((video) => ({ id: video.id, title: video.title }));
});

afterAll(async () => {
  await sandbox?.close();
});

describe('the collection services against the sandbox', () => {
  it('fills a user playlist to its limit, explains the 413 with N of M, moves a video and removes one', async () => {
    expect(ownVideos.length).toBeGreaterThanOrEqual(4);
    const created = await services.playlists.create({ channelId: null, title: 'After the show' });
    expect(created).toMatchObject({ title: 'After the show', channelId: null, totalDuration: 0 });
    expect((await services.playlists.contents(created.id)).capacity).toEqual({ limit: 3, remaining: 3 });

    expect((await services.playlists.addVideo(created.id, ownVideos[0]!.id)).capacity).toEqual({ limit: 3, remaining: 2 });
    await services.playlists.addVideo(created.id, ownVideos[1]!.id);
    const contents = await services.playlists.addVideo(created.id, ownVideos[2]!.id);
    expect(contents.videos.map((video) => video.id)).toEqual(ownVideos.slice(0, 3).map((video) => video.id));
    expect(contents.capacity).toEqual({ limit: 3, remaining: 0 });
    await expect(services.playlists.addVideo(created.id, ownVideos[3]!.id)).rejects.toMatchObject({
      code: 'limit_reached',
      message: 'This playlist is full (3 of 3 videos), so the video was not added. Remove a video from it first, or put this one in another playlist.',
    });

    const moved = await services.playlists.moveVideo(created.id, ownVideos[2]!.id, 1);
    expect(moved.videos.map((video) => video.id)).toEqual([ownVideos[2]!.id, ownVideos[0]!.id, ownVideos[1]!.id]);
    await expect(services.playlists.moveVideo(created.id, ownVideos[2]!.id, 9)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('Reload the playlist') });

    const removed = await services.playlists.removeVideo(created.id, ownVideos[0]!.id);
    expect(removed.videos.map((video) => video.id)).toEqual([ownVideos[2]!.id, ownVideos[1]!.id]);
    expect(removed.capacity).toEqual({ limit: 3, remaining: 1 });
    const listed = await services.playlists.page({ channelId: null, page: 1 });
    expect(listed.items.map((playlist) => playlist.title)).toEqual(['Watch later', 'After the show']);
  });

  it('replaces and reorders the featured list, and refuses a third video when two fit', async () => {
    const before = await services.featured.state(demoLive);
    expect(before.videos.map((video) => video.title)).toEqual(['Launch stream', 'Q&A night']);
    expect(before.capacity).toEqual({ limit: 2, remaining: 0 });
    const reordered = await services.featured.set(demoLive, [before.videos[1]!.id, before.videos[0]!.id]);
    expect(reordered.videos.map((video) => video.title)).toEqual(['Q&A night', 'Launch stream']);
    const third = ownVideos.find((video) => !before.videos.some((featured) => featured.id === video.id))!;
    await expect(services.featured.set(demoLive, [...reordered.videos.map((video) => video.id), third.id])).rejects.toMatchObject({
      code: 'limit_reached',
      message: 'The featured list is full (2 of 2 videos), so nothing was changed. Remove a featured video first, then add this one.',
    });
    expect((await services.featured.state(demoLive)).videos.map((video) => video.title)).toEqual(['Q&A night', 'Launch stream']);
    expect((await services.featured.set(demoLive, [third.id])).capacity).toEqual({ limit: 2, remaining: 1 });
  });

  it('creates, renames and deletes a channel playlist; a deleted one is explained', async () => {
    const created = await services.playlists.create({ channelId: demoLive, title: 'Clips' });
    expect(created).toMatchObject({ title: 'Clips', channelId: demoLive });
    expect((await services.playlists.rename(created.id, 'Best clips')).title).toBe('Best clips');
    expect((await services.playlists.page({ channelId: demoLive, page: 1 })).items.map((playlist) => playlist.title)).toEqual(['Highlights', 'Best clips']);
    expect(await services.playlists.remove(created.id)).toBeNull();
    await expect(services.playlists.rename(created.id, 'Again')).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') });
  });

  it('pages the upcoming events 50 at a time, soonest first', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (let index = 0; index < 50; index += 1) sandbox.admin.scheduleEvent(demoLive, { title: `Extra ${index}`, start: now + 86_400 * 30 + index, duration: 600 });
    const first = await services.upcomingEvents.page(demoLive, 1);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.title).toBe('Weekly Q&A');
    expect(first).toMatchObject({ hasPrevious: false, hasNext: true });
    const second = await services.upcomingEvents.page(demoLive, 2);
    expect(second.items.map((event) => event.title)).toEqual(['Extra 47', 'Extra 48', 'Extra 49']);
    expect(second).toMatchObject({ hasPrevious: true, hasNext: false });
    await expect(services.upcomingEvents.page('999999', 1)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('offers the channel\'s videos to pick from', async () => {
    const choices = await services.videoChoices.page({ channelId: demoLive, page: 1 });
    expect(choices.items.map((video) => video.title).sort()).toEqual(['Launch stream', 'Q&A night', 'Rehearsal (unlisted)']);
    expect(choices).toMatchObject({ hasPrevious: false, hasNext: false });
  });
});
