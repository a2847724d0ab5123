// The Videos panel's library: one page (50) of a channel's or all the user's videos, searched, sorted and
// filtered by protection; the chosen video's details; edits and deletes shown at once and put back when
// the platform refuses them.
import { create } from 'zustand';
import type { CaptionMatch, ChannelChoice, VideoDetailLevel, VideoDetails, VideoEdit, VideoListRequest, VideoPage, VideoRow } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorOrPlanNote, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export type VideosBusy = 'list' | 'details' | 'save' | 'delete';

export interface VideosSliceState {
  readonly channels: readonly ChannelChoice[] | null;
  /** What the list shows (or is about to): scope, search, sort, filter, page. */
  readonly request: VideoListRequest;
  readonly page: VideoPage | null;
  /** The video open in the video view. */
  readonly selectedId: string | null;
  /** The caption match the streamer jumped from, shown at the top of the video view. */
  readonly jump: CaptionMatch | null;
  readonly details: VideoDetails | null;
  readonly busy: VideosBusy | null;
  readonly error: ShownError | null;
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface VideosActions {
  load(): Promise<void>;
  /** A new scope, search, sort or filter: back to page 1. */
  search(change: Partial<Omit<VideoListRequest, 'page'>>): Promise<void>;
  goToPage(page: number): Promise<void>;
  select(videoId: string, jump?: CaptionMatch): Promise<void>;
  close(): void;
  loadDetails(level: VideoDetailLevel): Promise<void>;
  save(edit: VideoEdit): Promise<boolean>;
  remove(videoId: string): Promise<boolean>;
}

// Initial state
export const initialVideosState: VideosSliceState = {
  channels: null,
  request: { channelId: null, page: 1, sort: 'recent', protect: [] },
  page: null,
  selectedId: null,
  jump: null,
  details: null,
  busy: null,
  error: null,
  planNote: null,
  done: null,
};

function withRow(page: VideoPage | null, videoId: string, change: (row: VideoRow) => VideoRow | null): VideoPage | null {
  if (page === null) return null;
  const items = page.items.flatMap((row) => {
    if (row.id !== videoId) return [row];
    const changed = change(row);
    return changed === null ? [] : [changed];
  });
  return { ...page, items };
}

// Hook (with its actions)
export const useVideosStore = create<VideosSliceState & VideosActions>()((set, get) => {
  async function list(request: VideoListRequest): Promise<void> {
    set({ busy: 'list', request, error: null, planNote: null, done: null });
    try {
      const page = await bridge().videos.page(request);
      if (get().request === request) set({ page, busy: null });
    } catch (error) {
      if (get().request === request) set({ busy: null, ...errorOrPlanNote(error) });
    }
  }

  async function details(videoId: string, level: VideoDetailLevel): Promise<void> {
    set({ busy: 'details', error: null, planNote: null });
    try {
      const found = await bridge().videos.details(videoId, level);
      if (get().selectedId === videoId) set({ details: found, busy: null });
    } catch (error) {
      if (get().selectedId === videoId) set({ busy: null, ...errorOrPlanNote(error) });
    }
  }

  return {
    ...initialVideosState,
    load: async () => {
      try {
        set({ channels: await bridge().live.channels() });
      } catch (error) {
        set({ channels: [], ...errorOrPlanNote(error) });
        return;
      }
      await list(get().request);
    },
    search: (change) => list({ ...get().request, ...change, page: 1 }),
    goToPage: (page) => list({ ...get().request, page }),
    select: (videoId, jump) => {
      set({ selectedId: videoId, jump: jump ?? null, details: null, done: null });
      return details(videoId, 'default');
    },
    close: () => set({ selectedId: null, jump: null, details: null, error: null, planNote: null, done: null }),
    loadDetails: async (level) => {
      const videoId = get().selectedId;
      if (videoId !== null && get().busy === null) await details(videoId, level);
    },
    save: async (edit) => {
      const { details: before, page, busy } = get();
      if (before === null || busy !== null) return false;
      const optimistic = { ...before, title: edit.title ?? before.title, description: edit.description ?? before.description };
      set({
        busy: 'save',
        error: null,
        planNote: null,
        done: null,
        details: optimistic,
        page: withRow(page, before.id, (row) => ({ ...row, title: optimistic.title, description: optimistic.description })),
      });
      try {
        const after = await bridge().videos.edit(before.id, edit);
        set({ busy: null, details: { ...after, detailLevel: 'default' }, page: withRow(get().page, before.id, (row) => ({ ...row, title: after.title, description: after.description })), done: savedSentence(edit) });
        return true;
      } catch (error) {
        set({ busy: null, details: before, page, ...errorOrPlanNote(error) });
        return false;
      }
    },
    remove: async (videoId) => {
      const { page, selectedId, details: open, busy } = get();
      if (busy !== null) return false;
      const title = page?.items.find((row) => row.id === videoId)?.title ?? open?.title ?? videoId;
      set({ busy: 'delete', error: null, planNote: null, done: null, page: withRow(page, videoId, () => null), selectedId: selectedId === videoId ? null : selectedId, details: selectedId === videoId ? null : open });
      try {
        await bridge().videos.remove(videoId);
        set({ busy: null, done: `Deleted "${title}".` });
        return true;
      } catch (error) {
        set({ busy: null, page, selectedId, details: open, ...errorOrPlanNote(error) });
        return false;
      }
    },
  };
});

clearedWhenAccountChanges(useVideosStore, initialVideosState);

function savedSentence(edit: VideoEdit): string {
  const parts = [edit.title !== undefined && 'title', edit.description !== undefined && 'description', edit.protect !== undefined && `protection (now ${edit.protect})`].filter(Boolean);
  return `Saved the ${parts.join(', ')}.`;
}
