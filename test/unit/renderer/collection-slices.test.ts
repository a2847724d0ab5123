import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type CollectionVideo, type FeaturedVideos, type PlaylistContents, type PlaylistPage } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slices talk to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  live: { channels: vi.fn() },
  featured: { state: vi.fn(), set: vi.fn() },
  playlists: { page: vi.fn(), create: vi.fn(), rename: vi.fn(), remove: vi.fn(), contents: vi.fn(), addVideo: vi.fn(), removeVideo: vi.fn(), moveVideo: vi.fn() },
  upcomingEvents: { page: vi.fn() },
  videoChoices: { page: vi.fn() },
});

const { initialFeaturedVideosState, useFeaturedVideosStore } = await import('../../../renderer/src/state/featured-videos-slice');
const { initialPlaylistsState, usePlaylistsStore } = await import('../../../renderer/src/state/playlists-slice');
const { initialUpcomingEventsState, useUpcomingEventsStore } = await import('../../../renderer/src/state/upcoming-events-slice');
const { initialVideoPickerState, useVideoPickerStore } = await import('../../../renderer/src/state/video-picker-slice');
const { movedWithin } = await import('../../../renderer/src/state/moved-within');

const video = (id: string): CollectionVideo => ({ id, title: `Video ${id}`, lengthSeconds: 60 });
const FULL = 'The featured list is full (10 of 10 videos), so nothing was changed. Remove a featured video first, then add this one.';

function featured(ids: string[], remaining = 10 - ids.length): FeaturedVideos {
  return { channelId: '7', videos: ids.map(video), capacity: { limit: 10, remaining } };
}

function contents(ids: string[]): PlaylistContents {
  return { playlistId: 'p1', videos: ids.map(video), capacity: { limit: 20, remaining: 20 - ids.length } };
}

function page(titles: string[], channelId: string | null = null): PlaylistPage {
  return { channelId, page: 1, hasPrevious: false, hasNext: false, items: titles.map((title, index) => ({ id: `p${index + 1}`, title, channelId, totalDuration: 0, updatedAt: 1 })) };
}

const ids = (videos: readonly CollectionVideo[] | undefined) => videos?.map((entry) => entry.id);

beforeEach(() => {
  vi.clearAllMocks();
  useFeaturedVideosStore.setState({ ...initialFeaturedVideosState });
  usePlaylistsStore.setState({ ...initialPlaylistsState });
  useUpcomingEventsStore.setState({ ...initialUpcomingEventsState });
  useVideoPickerStore.setState({ ...initialVideoPickerState });
});

describe('movedWithin', () => {
  it('moves an entry down and up, and refuses what changes nothing', () => {
    expect(movedWithin(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(movedWithin(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movedWithin(['a', 'b'], 1, 1)).toBeNull();
    expect(movedWithin(['a', 'b'], 1, 2)).toBeNull();
  });
});

describe('featured videos slice', () => {
  beforeEach(async () => {
    bridge.companion.featured.state.mockResolvedValue(featured(['1', '2', '3']));
    await useFeaturedVideosStore.getState().load('7');
  });

  it('shows a move at once and sends the whole list in its new order', async () => {
    let answer!: (state: FeaturedVideos) => void;
    bridge.companion.featured.set.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const running = useFeaturedVideosStore.getState().move(2, 0);
    expect(ids(useFeaturedVideosStore.getState().featured?.videos)).toEqual(['3', '1', '2']);
    expect(useFeaturedVideosStore.getState().busy).toBe('change');
    expect(bridge.companion.featured.set).toHaveBeenCalledWith('7', ['3', '1', '2']);
    answer(featured(['3', '1', '2']));
    await running;
    expect(useFeaturedVideosStore.getState()).toMatchObject({ busy: null, done: 'Moved “Video 3” to place 1.' });
  });

  it('puts the list back and says why when the platform refuses an addition (413)', async () => {
    bridge.companion.featured.set.mockRejectedValue(new CompanionError('limit_reached', FULL));
    await useFeaturedVideosStore.getState().add(video('9'));
    expect(bridge.companion.featured.set).toHaveBeenCalledWith('7', ['1', '2', '3', '9']);
    expect(ids(useFeaturedVideosStore.getState().featured?.videos)).toEqual(['1', '2', '3']);
    expect(useFeaturedVideosStore.getState()).toMatchObject({ busy: null, error: { message: FULL } });
  });

  it('removes without the video, and ignores a video already featured', async () => {
    bridge.companion.featured.set.mockResolvedValue(featured(['1', '3']));
    await useFeaturedVideosStore.getState().remove('2');
    expect(bridge.companion.featured.set).toHaveBeenCalledWith('7', ['1', '3']);
    await useFeaturedVideosStore.getState().add(video('1'));
    expect(bridge.companion.featured.set).toHaveBeenCalledTimes(1);
  });

  it('drops an answer for a channel no longer chosen', async () => {
    let answer!: (state: FeaturedVideos) => void;
    bridge.companion.featured.state.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const slow = useFeaturedVideosStore.getState().load('7');
    bridge.companion.featured.state.mockResolvedValueOnce({ ...featured(['8']), channelId: '8' });
    await useFeaturedVideosStore.getState().load('8');
    answer(featured(['1']));
    await slow;
    expect(useFeaturedVideosStore.getState().featured?.channelId).toBe('8');
  });
});

describe('playlists slice', () => {
  beforeEach(async () => {
    bridge.companion.live.channels.mockResolvedValue([
      { id: '6', title: 'Other', isDefault: false, status: 'offair', managedFor: null },
      { id: '7', title: 'Main', isDefault: true, status: 'offair', managedFor: null },
    ]);
    bridge.companion.playlists.page.mockResolvedValue(page(['Watch later']));
    await usePlaylistsStore.getState().load();
  });

  it("opens on the default channel with the user's own playlists, and lists the channel's on request", async () => {
    expect(usePlaylistsStore.getState()).toMatchObject({ channelId: '7', owner: 'user', listBusy: null });
    expect(bridge.companion.playlists.page).toHaveBeenLastCalledWith({ channelId: null, page: 1 });
    bridge.companion.playlists.page.mockResolvedValue(page(['Highlights'], '7'));
    await usePlaylistsStore.getState().show('channel');
    expect(bridge.companion.playlists.page).toHaveBeenLastCalledWith({ channelId: '7', page: 1 });
    expect(usePlaylistsStore.getState().list?.items[0]?.title).toBe('Highlights');
  });

  it('creates a playlist, then lists and opens it', async () => {
    bridge.companion.playlists.create.mockResolvedValue({ id: 'p2', title: 'After the show', channelId: null, totalDuration: 0, updatedAt: 2 });
    bridge.companion.playlists.page.mockResolvedValue(page(['Watch later', 'After the show']));
    bridge.companion.playlists.contents.mockResolvedValue({ ...contents([]), playlistId: 'p2' });
    expect(await usePlaylistsStore.getState().create('After the show')).toBe(true);
    expect(bridge.companion.playlists.create).toHaveBeenCalledWith({ channelId: null, title: 'After the show' });
    expect(usePlaylistsStore.getState()).toMatchObject({ opened: { id: 'p2', title: 'After the show' }, listBusy: null, contents: { playlistId: 'p2' } });
  });

  it('a rename changes the row and the open playlist; another channel leaves the own playlists as they are', async () => {
    bridge.companion.playlists.contents.mockResolvedValue(contents([]));
    await usePlaylistsStore.getState().open(page(['Watch later']).items[0]!);
    bridge.companion.playlists.rename.mockResolvedValue({ id: 'p1', title: 'Later', channelId: null, totalDuration: 0, updatedAt: 3 });
    expect(await usePlaylistsStore.getState().rename('p1', 'Later')).toBe(true);
    expect(usePlaylistsStore.getState().list?.items[0]?.title).toBe('Later');
    expect(usePlaylistsStore.getState().opened?.title).toBe('Later');
    await usePlaylistsStore.getState().choose('6');
    expect(bridge.companion.playlists.page).toHaveBeenCalledTimes(1);
    expect(usePlaylistsStore.getState()).toMatchObject({ channelId: '6', opened: { id: 'p1' } });
  });

  it('puts a deleted row back on refusal, but not when the platform says it is gone', async () => {
    bridge.companion.playlists.remove.mockRejectedValueOnce(new CompanionError('platform_error', 'The platform failed; try again later.'));
    await usePlaylistsStore.getState().remove('p1');
    expect(usePlaylistsStore.getState().list?.items).toHaveLength(1);
    bridge.companion.playlists.remove.mockRejectedValueOnce(new CompanionError('not_found', 'This playlist no longer exists.'));
    await usePlaylistsStore.getState().remove('p1');
    expect(usePlaylistsStore.getState()).toMatchObject({ rowBusy: null, error: { message: 'This playlist no longer exists.' } });
    expect(usePlaylistsStore.getState().list?.items).toHaveLength(0);
  });

  it('moves a video at once with its 1-based place, and puts it back on refusal', async () => {
    bridge.companion.playlists.contents.mockResolvedValue(contents(['1', '2', '3']));
    await usePlaylistsStore.getState().open(page(['Watch later']).items[0]!);
    bridge.companion.playlists.moveVideo.mockRejectedValue(new CompanionError('bad_request', 'That place is outside the playlist.'));
    const running = usePlaylistsStore.getState().moveVideo(0, 2);
    expect(ids(usePlaylistsStore.getState().contents?.videos)).toEqual(['2', '3', '1']);
    await running;
    expect(bridge.companion.playlists.moveVideo).toHaveBeenCalledWith('p1', '1', 3);
    expect(ids(usePlaylistsStore.getState().contents?.videos)).toEqual(['1', '2', '3']);
    expect(usePlaylistsStore.getState()).toMatchObject({ contentsBusy: null, error: { message: 'That place is outside the playlist.' } });
  });

  it('adds a video at once and keeps what main answers', async () => {
    bridge.companion.playlists.contents.mockResolvedValue(contents(['1']));
    await usePlaylistsStore.getState().open(page(['Watch later']).items[0]!);
    bridge.companion.playlists.addVideo.mockResolvedValue(contents(['1', '4']));
    await usePlaylistsStore.getState().addVideo(video('4'));
    expect(bridge.companion.playlists.addVideo).toHaveBeenCalledWith('p1', '4');
    expect(usePlaylistsStore.getState().contents?.capacity).toEqual({ limit: 20, remaining: 18 });
    expect(usePlaylistsStore.getState().done).toBe('Added “Video 4” to the playlist.');
  });
});

describe('upcoming events and the video picker', () => {
  it('reads a page of events and keeps the chosen channel', async () => {
    bridge.companion.upcomingEvents.page.mockResolvedValue({ channelId: '7', page: 2, hasPrevious: true, hasNext: false, items: [] });
    await useUpcomingEventsStore.getState().load('7', 2);
    expect(bridge.companion.upcomingEvents.page).toHaveBeenCalledWith('7', 2);
    expect(useUpcomingEventsStore.getState()).toMatchObject({ loading: false, page: { page: 2 } });
    bridge.companion.upcomingEvents.page.mockRejectedValue(new CompanionError('not_found', 'This channel no longer exists.'));
    await useUpcomingEventsStore.getState().load('7', 3);
    expect(useUpcomingEventsStore.getState()).toMatchObject({ loading: false, error: { message: 'This channel no longer exists.' }, page: { page: 2 } });
  });

  it("searches the chosen channel's videos from page 1", async () => {
    bridge.companion.videoChoices.page.mockResolvedValue({ items: [video('1')], page: 1, hasPrevious: false, hasNext: true });
    await useVideoPickerStore.getState().open('featured', '7');
    expect(bridge.companion.videoChoices.page).toHaveBeenLastCalledWith({ channelId: '7', q: undefined, page: 1 });
    await useVideoPickerStore.getState().search('  launch ');
    expect(bridge.companion.videoChoices.page).toHaveBeenLastCalledWith({ channelId: '7', q: 'launch', page: 1 });
    await useVideoPickerStore.getState().goTo(2);
    expect(bridge.companion.videoChoices.page).toHaveBeenLastCalledWith({ channelId: '7', q: 'launch', page: 2 });
    useVideoPickerStore.getState().close();
    expect(useVideoPickerStore.getState().target).toBeNull();
  });
});
