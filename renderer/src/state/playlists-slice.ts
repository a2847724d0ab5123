// Playlists for the Playlists panel: the chosen channel (also the featured list's), the user's or that
// channel's playlists a page at a time; create, rename, delete; one playlist open with its videos in order
// and how full it is ("N of M"); add, remove and move a video, shown at once and put back when the
// platform refuses (a full playlist, 413, among others).
import { create } from 'zustand';
import type { ChannelChoice, CollectionVideo, PlaylistContents, PlaylistPage, PlaylistRow } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { movedWithin } from './moved-within';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
/** Whose playlists are listed: the user's own, or the chosen channel's. */
export type PlaylistOwner = 'user' | 'channel';

export interface PlaylistsSliceState {
  readonly channels: readonly ChannelChoice[] | null;
  readonly channelId: string | null;
  readonly owner: PlaylistOwner;
  readonly list: PlaylistPage | null;
  /** The list's request: reading a page, or creating a playlist. */
  readonly listBusy: 'load' | 'create' | null;
  /** The playlist being renamed or deleted. */
  readonly rowBusy: string | null;
  /** The open playlist, as last listed or answered (its title and channel stay known on any page). */
  readonly opened: PlaylistRow | null;
  readonly contents: PlaylistContents | null;
  readonly contentsBusy: 'load' | 'change' | null;
  readonly error: ShownError | null;
  readonly done: string | null;
}

export interface PlaylistsActions {
  load(): Promise<void>;
  choose(channelId: string): Promise<void>;
  show(owner: PlaylistOwner): Promise<void>;
  goTo(page: number): Promise<void>;
  /** Resolves true when the playlist was made (the form then clears). */
  create(title: string): Promise<boolean>;
  rename(playlistId: string, title: string): Promise<boolean>;
  remove(playlistId: string): Promise<void>;
  open(playlist: PlaylistRow): Promise<void>;
  close(): void;
  addVideo(video: CollectionVideo): Promise<void>;
  removeVideo(videoId: string): Promise<void>;
  /** Moves the video at `from` to `to` (indexes in the playlist). */
  moveVideo(from: number, to: number): Promise<void>;
}

// Initial state
export const initialPlaylistsState: PlaylistsSliceState = {
  channels: null,
  channelId: null,
  owner: 'user',
  list: null,
  listBusy: null,
  rowBusy: null,
  opened: null,
  contents: null,
  contentsBusy: null,
  error: null,
  done: null,
};

// Hook (with its actions)
export const usePlaylistsStore = create<PlaylistsSliceState & PlaylistsActions>()((set, get) => {
  const listOwner = () => (get().owner === 'user' ? null : get().channelId);
  const sameList = (channelId: string | null) => listOwner() === channelId;

  async function readList(page: number): Promise<void> {
    const channelId = listOwner();
    if (get().owner === 'channel' && channelId === null) return;
    set({ listBusy: 'load' });
    try {
      const list = await bridge().playlists.page({ channelId, page });
      if (sameList(channelId)) set({ list, listBusy: null });
    } catch (error) {
      if (sameList(channelId)) set({ listBusy: null, error: shownError(error) });
    }
  }

  /** A row of the list as main answered it, in place (a rename). */
  function withRow(row: PlaylistRow): void {
    const { list } = get();
    if (list) set({ list: { ...list, items: list.items.map((entry) => (entry.id === row.id ? row : entry)) } });
  }

  /** One change at a time to the open playlist: shown at once, put back on refusal. */
  async function change(videos: readonly CollectionVideo[], request: (playlistId: string) => Promise<PlaylistContents>, done: string): Promise<void> {
    const { opened, contents, contentsBusy } = get();
    if (opened === null || contents === null || contentsBusy !== null) return;
    const openId = opened.id;
    set({ contentsBusy: 'change', error: null, done: null, contents: { ...contents, videos: [...videos] } });
    try {
      const after = await request(openId);
      if (get().opened?.id === openId) set({ contentsBusy: null, contents: after, done });
      // The playlist's total duration changed with its videos.
      void readList(get().list?.page ?? 1);
    } catch (error) {
      if (get().opened?.id === openId) set({ contentsBusy: null, contents, error: shownError(error) });
    }
  }

  return {
    ...initialPlaylistsState,
    load: async () => {
      set({ error: null });
      try {
        const channels = await bridge().live.channels();
        const chosen = get().channelId;
        const channelId = chosen !== null && channels.some((channel) => channel.id === chosen) ? chosen : ((channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null);
        set({ channels, channelId });
      } catch (error) {
        set({ channels: [], error: shownError(error) });
        return;
      }
      await readList(1);
    },
    choose: async (channelId) => {
      set({ channelId, error: null, done: null });
      // The user's own playlists are the same on every channel.
      if (get().owner === 'user') return;
      set({ list: null, opened: null, contents: null });
      await readList(1);
    },
    show: async (owner) => {
      if (owner === get().owner) return;
      set({ owner, list: null, opened: null, contents: null, error: null, done: null });
      await readList(1);
    },
    goTo: (page) => readList(page),
    create: async (title) => {
      if (get().listBusy !== null) return false;
      const channelId = listOwner();
      set({ listBusy: 'create', error: null, done: null });
      try {
        const created = await bridge().playlists.create({ channelId, title });
        set({ listBusy: null, done: `Created the playlist “${created.title}”. Add videos to it below.` });
        await readList(get().list?.page ?? 1);
        await get().open(created);
        return true;
      } catch (error) {
        set({ listBusy: null, error: shownError(error) });
        return false;
      }
    },
    rename: async (playlistId, title) => {
      if (get().rowBusy !== null) return false;
      set({ rowBusy: playlistId, error: null, done: null });
      try {
        const renamed = await bridge().playlists.rename(playlistId, title);
        withRow(renamed);
        if (get().opened?.id === renamed.id) set({ opened: renamed });
        set({ rowBusy: null, done: `Renamed the playlist to “${renamed.title}”.` });
        return true;
      } catch (error) {
        set({ rowBusy: null, error: shownError(error) });
        return false;
      }
    },
    remove: async (playlistId) => {
      const { list, rowBusy } = get();
      if (list === null || rowBusy !== null) return;
      const removed = list.items.find((entry) => entry.id === playlistId);
      set({ rowBusy: playlistId, error: null, done: null, list: { ...list, items: list.items.filter((entry) => entry.id !== playlistId) } });
      try {
        await bridge().playlists.remove(playlistId);
        set({ rowBusy: null, done: `Deleted the playlist “${removed?.title ?? playlistId}”.`, ...(get().opened?.id === playlistId ? { opened: null, contents: null } : {}) });
        await readList(list.page);
      } catch (error) {
        // Put the row back, unless the platform says it is gone anyway.
        const gone = (error as { code?: unknown }).code === 'not_found';
        set({ rowBusy: null, ...(gone ? {} : { list }), error: shownError(error) });
      }
    },
    open: async (playlist) => {
      const playlistId = playlist.id;
      set({ opened: playlist, contents: null, contentsBusy: 'load', error: null });
      try {
        const contents = await bridge().playlists.contents(playlistId);
        if (get().opened?.id === playlistId) set({ contents, contentsBusy: null });
      } catch (error) {
        if (get().opened?.id === playlistId) set({ contentsBusy: null, error: shownError(error) });
      }
    },
    close: () => set({ opened: null, contents: null, contentsBusy: null }),
    addVideo: async (video) => {
      const videos = get().contents?.videos ?? [];
      if (videos.some((entry) => entry.id === video.id)) return;
      await change([...videos, video], (playlistId) => bridge().playlists.addVideo(playlistId, video.id), `Added “${video.title}” to the playlist.`);
    },
    removeVideo: async (videoId) => {
      const videos = get().contents?.videos ?? [];
      const removed = videos.find((video) => video.id === videoId);
      if (!removed) return;
      await change(
        videos.filter((video) => video.id !== videoId),
        (playlistId) => bridge().playlists.removeVideo(playlistId, videoId),
        `Removed “${removed.title}” from the playlist.`,
      );
    },
    moveVideo: async (from, to) => {
      const videos = get().contents?.videos ?? [];
      const moved = movedWithin(videos, from, to);
      if (moved === null) return;
      const video = videos[from]!;
      await change(moved, (playlistId) => bridge().playlists.moveVideo(playlistId, video.id, to + 1), `Moved “${video.title}” to place ${to + 1}.`);
    },
  };
});

clearedWhenAccountChanges(usePlaylistsStore, initialPlaylistsState);
