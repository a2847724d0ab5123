// The Chapters tab: a video's chapters in order of position; add, edit, delete one or all. Each change
// shows at once, then the list as the platform has it replaces it; a refusal puts the list back.
import { create } from 'zustand';
import type { ChapterFields, VideoChapter } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { videoToolChange, videoToolLoad, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface ChaptersSliceState extends VideoToolState {
  /** 'load', 'add', 'all', or the id of the chapter whose change runs. */
  readonly busy: 'load' | 'add' | 'all' | `chapter-${string}` | null;
  readonly chapters: readonly VideoChapter[] | null;
}

export interface ChaptersActions {
  load(videoId: string): Promise<void>;
  add(fields: ChapterFields): Promise<boolean>;
  edit(chapterId: string, fields: ChapterFields): Promise<boolean>;
  remove(chapterId: string): Promise<boolean>;
  removeAll(): Promise<boolean>;
}

/** The id a chapter has on screen until the platform's list gives it its own. */
export const NEW_CHAPTER_ID = 'new';

// Initial state
export const initialChaptersState: ChaptersSliceState = { videoId: null, busy: null, error: null, done: null, chapters: null };

const inOrder = (chapters: readonly VideoChapter[]) => [...chapters].sort((a, b) => a.position - b.position);

// Hook (with its actions)
export const useChaptersStore = create<ChaptersSliceState & ChaptersActions>()((set, get) => {
  const shown = (change: (chapters: readonly VideoChapter[]) => readonly VideoChapter[]): Partial<ChaptersSliceState> => {
    const chapters = get().chapters;
    return chapters ? { chapters: inOrder(change(chapters)) } : {};
  };
  const apply = (chapters: VideoChapter[]) => ({ chapters });
  const titleOf = (chapterId: string) => get().chapters?.find((chapter) => chapter.id === chapterId)?.title ?? 'the chapter';

  return {
    ...initialChaptersState,
    load: (videoId) => videoToolLoad(get, set, videoId, { chapters: null }, (id) => bridge().chapters.list(id), apply),
    add: (fields) =>
      videoToolChange(get, set, {
        busy: 'add',
        optimistic: shown((chapters) => [...chapters, { id: NEW_CHAPTER_ID, ...fields }]),
        call: (videoId) => bridge().chapters.add(videoId, fields),
        apply,
        done: `Chapter "${fields.title.trim()}" added at ${fields.position} s.`,
      }),
    edit: (chapterId, fields) =>
      videoToolChange(get, set, {
        busy: `chapter-${chapterId}`,
        optimistic: shown((chapters) => chapters.map((chapter) => (chapter.id === chapterId ? { ...chapter, ...fields } : chapter))),
        call: (videoId) => bridge().chapters.edit(videoId, chapterId, fields),
        apply,
        done: `Chapter "${fields.title.trim()}" saved at ${fields.position} s.`,
      }),
    remove: (chapterId) => {
      const title = titleOf(chapterId);
      return videoToolChange(get, set, {
        busy: `chapter-${chapterId}`,
        optimistic: shown((chapters) => chapters.filter((chapter) => chapter.id !== chapterId)),
        call: (videoId) => bridge().chapters.remove(videoId, chapterId),
        apply,
        done: `Chapter "${title}" deleted.`,
      });
    },
    removeAll: () =>
      videoToolChange(get, set, {
        busy: 'all',
        optimistic: shown(() => []),
        call: (videoId) => bridge().chapters.removeAll(videoId),
        apply,
        done: 'All chapters deleted.',
      }),
  };
});

clearedWhenAccountChanges(useChaptersStore, initialChaptersState);
