// The sandbox's playlist ordering (1-based positions, moves shift the videos in between) and what a deleted
// video or channel takes with it from featured lists, playlists and upcoming events.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetChannelCollections, forgetVideoInCollections } from '../../../sandbox/state/collections.js';
import { featuredOf, setFeatured } from '../../../sandbox/state/featured-videos.js';
import type { SandboxData } from '../../../sandbox/state/model.js';
import { addToPlaylist, createPlaylist, findPlaylist, moveInPlaylist, positionOf, removeFromPlaylist, type Playlist } from '../../../sandbox/state/playlists.js';
import { SandboxStore } from '../../../sandbox/state/sandbox-store.js';
import { seedData } from '../../../sandbox/state/seed.js';
import { scheduleEvent, upcomingEventsOf } from '../../../sandbox/state/upcoming-events.js';

/** Just enough state for the collection functions: they read `videos` and their own parts. */
function state(videoIds: readonly string[] = []): SandboxData {
  return { videos: videoIds.map((id) => ({ id })) } as unknown as SandboxData;
}

function playlistOf(data: SandboxData, videoIds: readonly string[], channelId: string | null = null): Playlist {
  const playlist = createPlaylist(data, { ownerId: 'u1', channelId, title: 'Test', enabled: true, now: 100 });
  for (const id of videoIds) addToPlaylist(playlist, id, 100);
  return playlist;
}

const ids = (playlist: Playlist) => playlist.entries.map((entry) => entry.videoId);

describe('playlist order', () => {
  it('appends in order; positions count from 1; adding twice changes nothing', () => {
    const playlist = playlistOf(state(), ['a', 'b', 'c']);
    expect(ids(playlist)).toEqual(['a', 'b', 'c']);
    expect(positionOf(playlist, 'a')).toBe(1);
    expect(positionOf(playlist, 'c')).toBe(3);
    expect(positionOf(playlist, 'z')).toBeNull();
    expect(addToPlaylist(playlist, 'b', 200)).toBe(false);
    expect(ids(playlist)).toEqual(['a', 'b', 'c']);
    expect(playlist.updatedAt).toBe(100);
  });

  it.each([
    ['c', 1, ['c', 'a', 'b', 'd']],
    ['a', 4, ['b', 'c', 'd', 'a']],
    ['b', 3, ['a', 'c', 'b', 'd']],
    ['c', 2, ['a', 'c', 'b', 'd']],
    ['b', 2, ['a', 'b', 'c', 'd']],
  ] as const)('moving %s to %i gives %j', (video, position, expected) => {
    const playlist = playlistOf(state(), ['a', 'b', 'c', 'd']);
    moveInPlaylist(playlist, video, position, 300);
    expect(ids(playlist)).toEqual(expected);
    expect(positionOf(playlist, video)).toBe(position);
    expect(playlist.updatedAt).toBe(300);
  });

  it.each([0, 5, -1, 1.5, Number.NaN])('refuses position %s and changes nothing', (position) => {
    const playlist = playlistOf(state(), ['a', 'b', 'c', 'd']);
    expect(() => moveInPlaylist(playlist, 'a', position, 300)).toThrow(RangeError);
    expect(ids(playlist)).toEqual(['a', 'b', 'c', 'd']);
    expect(playlist.updatedAt).toBe(100);
  });

  it('refuses to move a video that is not in the playlist', () => {
    expect(() => moveInPlaylist(playlistOf(state(), ['a']), 'z', 1, 300)).toThrow(RangeError);
  });

  it('removing closes the gap; removing a video not there is false', () => {
    const playlist = playlistOf(state(), ['a', 'b', 'c']);
    expect(removeFromPlaylist(playlist, 'b', 400)).toBe(true);
    expect(ids(playlist)).toEqual(['a', 'c']);
    expect(positionOf(playlist, 'c')).toBe(2);
    expect(removeFromPlaylist(playlist, 'b', 500)).toBe(false);
    expect(playlist.updatedAt).toBe(400);
  });

  it('gives each playlist its own id', () => {
    const data = state();
    const first = playlistOf(data, []);
    const second = playlistOf(data, []);
    expect(first.id).not.toBe(second.id);
    expect(findPlaylist(data, second.id)).toBe(second);
  });
});

describe('deleted videos and channels leave the collections', () => {
  it('a deleted video leaves every featured list and playlist', () => {
    const data = state(['a', 'b']);
    setFeatured(data, 'c1', ['a', 'b']);
    setFeatured(data, 'c2', ['b']);
    const first = playlistOf(data, ['b', 'a']);
    const second = playlistOf(data, ['a']);
    forgetVideoInCollections(data, 'a');
    expect(featuredOf(data, 'c1')).toEqual(['b']);
    expect(featuredOf(data, 'c2')).toEqual(['b']);
    expect(ids(first)).toEqual(['b']);
    expect(ids(second)).toEqual([]);
  });

  it("a deleted channel takes its featured list, playlists and events, and its videos leave other lists", () => {
    // The channel c1 had the video a; it and a are gone from the state already.
    const data = state(['b']);
    setFeatured(data, 'c1', ['a']);
    setFeatured(data, 'c2', ['a', 'b']);
    const onChannel = playlistOf(data, ['a'], 'c1');
    const user = playlistOf(data, ['a', 'b']);
    scheduleEvent(data, { channelId: 'c1', title: 'gone', description: '', start: 2_000_000_000, duration: 60 });
    scheduleEvent(data, { channelId: 'c2', title: 'kept', description: '', start: 2_000_000_000, duration: 60 });
    forgetChannelCollections(data, 'c1');
    expect(featuredOf(data, 'c1')).toEqual([]);
    expect(featuredOf(data, 'c2')).toEqual(['b']);
    expect(findPlaylist(data, onChannel.id)).toBeUndefined();
    expect(ids(user)).toEqual(['b']);
    expect(upcomingEventsOf(data, 'c1', 0)).toEqual([]);
    expect(upcomingEventsOf(data, 'c2', 0).map((event) => event.title)).toEqual(['kept']);
  });
});

describe('upcoming events', () => {
  it('lists events not yet over, soonest first', () => {
    const data = state();
    const at = (title: string, start: number, duration: number) => scheduleEvent(data, { channelId: 'c', title, description: '', start, duration });
    at('later', 5000, 60);
    at('over', 100, 60);
    at('running', 900, 600);
    at('soon', 2000, 60);
    expect(upcomingEventsOf(data, 'c', 1000).map((event) => event.title)).toEqual(['running', 'soon', 'later']);
  });
});

describe('state files', () => {
  it('a state file written before featured lists, playlists and events existed loads, with none of them', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'collections-state-'));
    try {
      const file = join(directory, 'state.json');
      const old: Partial<SandboxData> = { ...seedData() };
      delete old.featured;
      delete old.playlists;
      delete old.upcomingEvents;
      await writeFile(file, JSON.stringify(old));
      const store = new SandboxStore(file);
      const channel = store.data.channels[0]!.id;
      expect(featuredOf(store.data, channel)).toEqual([]);
      expect(upcomingEventsOf(store.data, channel, 0)).toEqual([]);
      const playlist = createPlaylist(store.data, { ownerId: store.data.accounts[0]!.id, channelId: null, title: 'New', enabled: true, now: 1 });
      expect(findPlaylist(store.data, playlist.id)).toBe(playlist);
      store.deleteVideo(store.data.videos[0]!);
      await store.flushed();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
