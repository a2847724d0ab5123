// Featured videos, playlists and upcoming events through the typed client against the sandbox over real
// HTTP, with small collection limits: the capacity headers count down, a full playlist or featured list
// is a CollectionFullError (413 limit_reached) that still says "M of M", and reordering sticks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionFullError, SignInNeededError } from '../../../../main/platform/platform-error.js';
import { collect, platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

const PLAYLIST_LIMIT = 3;
const FEATURED_LIMIT = 2;

let apis: SandboxApis;
/** The demo user's seeded videos by title. */
let video: (title: string) => string;

beforeAll(async () => {
  apis = await startSandboxApis({ collectionLimits: { playlistVideos: PLAYLIST_LIMIT, featuredVideos: FEATURED_LIMIT } });
  const videos = await collect(apis.api.videos.listForUser());
  video = (title) => {
    const found = videos.find((candidate) => candidate.title === title);
    if (!found) throw new Error(`The seeded video "${title}" is missing.`);
    return found.id;
  };
});

afterAll(async () => {
  await apis?.sandbox.close();
});

describe('playlists over HTTP', () => {
  it('fills a playlist to its limit: the headers count down, then limit_reached with the counts', async () => {
    const { api } = apis;
    const { playlist, location } = await api.playlists.create('Client road trip');
    expect(location).toContain(`/playlists/${playlist.id}.json`);
    expect(await api.playlists.capacity(playlist.id)).toEqual({ limit: PLAYLIST_LIMIT, remaining: PLAYLIST_LIMIT });
    const titles = ['Launch stream', 'Q&A night', 'Behind the scenes'];
    const remaining: (number | null)[] = [];
    for (const title of titles) remaining.push((await api.playlists.addVideo(playlist.id, video(title))).remaining);
    expect(remaining).toEqual([2, 1, 0]);

    const full = await platformError(api.playlists.addVideo(playlist.id, video('Rehearsal (unlisted)')));
    expect(full).toBeInstanceOf(CollectionFullError);
    expect(full).toMatchObject({ status: 413, error: 'limit_reached', endpoint: 'PUT /playlists/<playlist_id>/videos/<video_id>.<format>' });
    expect((full as CollectionFullError).capacity).toEqual({ limit: PLAYLIST_LIMIT, remaining: 0 });

    expect(await api.playlists.removeVideo(playlist.id, video('Q&A night'))).toEqual({ limit: PLAYLIST_LIMIT, remaining: 1 });
    expect((await collect(api.playlists.listVideos(playlist.id))).map((entry) => entry.title)).toEqual(['Launch stream', 'Behind the scenes']);
  });

  it('reorders: a video moved to a position keeps it, the others shift', async () => {
    const { api } = apis;
    const { playlist } = await api.playlists.create('Client reorder');
    for (const title of ['Launch stream', 'Q&A night', 'Rehearsal (unlisted)']) await api.playlists.addVideo(playlist.id, video(title));
    await api.playlists.setVideoPosition(playlist.id, video('Rehearsal (unlisted)'), 1);
    const listed = await collect(api.playlists.listVideos(playlist.id, { pageSize: 1 }));
    expect(listed.map((entry) => [entry.title, entry.order])).toEqual([
      ['Rehearsal (unlisted)', 1],
      ['Launch stream', 2],
      ['Q&A night', 3],
    ]);
    expect(await api.playlists.getVideo(playlist.id, video('Q&A night'))).toMatchObject({ order: 3 });
    const outOfRange = await platformError(api.playlists.setVideoPosition(playlist.id, video('Q&A night'), 4));
    expect(outOfRange).toMatchObject({ status: 400, error: 'bad_request' });
  });

  it('keeps a user playlist private and shows an enabled channel playlist to anyone', async () => {
    const { api, rival, demoChannelId } = apis;
    const { playlist } = await api.playlists.create('Client private');
    expect(await platformError(rival.playlists.get(playlist.id))).toMatchObject({ status: 403, error: 'permission_denied' });
    expect(await platformError(api.playlists.get(playlist.id, { anonymous: true }))).toBeInstanceOf(SignInNeededError);

    const created = await api.playlists.createForChannel(demoChannelId, 'Client channel list');
    await api.playlists.addVideo(created.playlistId, video('Launch stream'));
    const shown = await collect(api.playlists.listForChannel(demoChannelId, { anonymous: true }));
    expect(shown.map((entry) => entry.id)).toContain(created.playlistId);
    expect(await api.playlists.get(created.playlistId, { anonymous: true })).toMatchObject({ title: 'Client channel list', channel_id: Number(demoChannelId) });
    const mine = await collect(api.playlists.listForUser({ includeEmpty: true }));
    expect(mine.map((entry) => entry.id)).toContain(playlist.id);
    expect(mine.map((entry) => entry.id)).not.toContain(created.playlistId);

    await api.playlists.rename(playlist.id, 'Client private, renamed');
    expect((await api.playlists.get(playlist.id)).title).toBe('Client private, renamed');
    await api.playlists.remove(playlist.id);
    expect(await platformError(api.playlists.get(playlist.id))).toMatchObject({ status: 404, error: 'not_found' });
  });
});

describe('featured videos over HTTP', () => {
  it('sets, reads, overflows and clears the featured list, with its capacity', async () => {
    const { api, demoChannelId } = apis;
    expect(await api.featuredVideos.set(demoChannelId, [video('Q&A night')])).toEqual({ limit: FEATURED_LIMIT, remaining: 1 });
    expect(await api.featuredVideos.capacity(demoChannelId)).toEqual({ limit: FEATURED_LIMIT, remaining: 1 });
    const overflow = await platformError(api.featuredVideos.set(demoChannelId, [video('Q&A night'), video('Launch stream'), video('Behind the scenes')]));
    expect(overflow).toBeInstanceOf(CollectionFullError);
    expect((overflow as CollectionFullError).capacity).toEqual({ limit: FEATURED_LIMIT, remaining: 1 });
    expect((await collect(api.featuredVideos.list(demoChannelId, { anonymous: true }))).map((entry) => entry.title)).toEqual(['Q&A night']);
    expect(await api.featuredVideos.set(demoChannelId, [])).toEqual({ limit: FEATURED_LIMIT, remaining: FEATURED_LIMIT });
    expect(await collect(api.featuredVideos.list(demoChannelId))).toEqual([]);
  });

  it("refuses another user's channel", async () => {
    const error = await platformError(apis.rival.featuredVideos.set(apis.demoChannelId, [video('Launch stream')]));
    expect(error).toMatchObject({ status: 403, error: 'permission_denied' });
  });
});

describe('upcoming events over HTTP', () => {
  it('lists the seeded events, soonest first, across pages', async () => {
    const { api, demoChannelId } = apis;
    const events = await collect(api.upcomingEvents.list(demoChannelId, { anonymous: true }));
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.map((event) => event.start)).toEqual([...events.map((event) => event.start)].sort((a, b) => a - b));
    expect((await collect(api.upcomingEvents.list(demoChannelId, { pageSize: 1 }))).map((event) => event.id)).toEqual(events.map((event) => event.id));
  });
});
