// A video's trim (shown, set, removed; the original file stays) and the copies of parts into new videos.
// Main follows each copy until the platform has made it and keeps the list per profile; this slice only
// shows that list (read on load, then changed by `videoCopy` events), so a reload or another panel loses
// neither the rows nor the following.
import { create } from 'zustand';
import type { CompanionBridge, CopyOrder, TrimRange, VideoCopy, VideoTrim } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { videoToolChange, videoToolLoad, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export type CopyRow = VideoCopy;

export interface TrimCopySliceState extends VideoToolState {
  readonly busy: 'load' | 'set' | 'remove' | 'copy' | null;
  readonly trim: VideoTrim | null;
  /** Newest first, of every video: the profile's copies as main keeps them. */
  readonly copies: readonly CopyRow[];
}

export interface TrimCopyActions {
  load(videoId: string): Promise<void>;
  setTrim(range: TrimRange): Promise<boolean>;
  removeTrim(): Promise<boolean>;
  copy(order: CopyOrder): Promise<boolean>;
  /** A copy main follows started, finished or was given up on. */
  copyChanged(row: CopyRow): void;
}

// Initial state
export const initialTrimCopyState: TrimCopySliceState = { videoId: null, busy: null, error: null, done: null, trim: null, copies: [] };

/** The row put in place of the one with its request id, or on top when it is new. */
function withRow(copies: readonly CopyRow[], row: CopyRow): readonly CopyRow[] {
  return copies.some((candidate) => candidate.requestId === row.requestId) ? copies.map((candidate) => (candidate.requestId === row.requestId ? row : candidate)) : [row, ...copies];
}

// Hook (with its actions)
export const useTrimCopyStore = create<TrimCopySliceState & TrimCopyActions>()((set, get) => {
  /** Main's list; a row an event brought meanwhile is newer than the list's and stays. */
  async function loadCopies(): Promise<void> {
    try {
      const listed = await bridge().copies.list();
      const known = new Map(get().copies.map((row) => [row.requestId, row]));
      const merged = listed.map((row) => known.get(row.requestId) ?? row);
      const extra = get().copies.filter((row) => !listed.some((candidate) => candidate.requestId === row.requestId));
      set({ copies: [...extra, ...merged] });
    } catch {
      // The list is a convenience beside the trim; events still bring every copy started from now on.
    }
  }

  return {
    ...initialTrimCopyState,
    load: async (videoId) => {
      await Promise.all([videoToolLoad(get, set, videoId, { trim: null }, (id) => bridge().trim.state(id), (trim) => ({ trim })), loadCopies()]);
    },
    setTrim: (range) =>
      videoToolChange(get, set, {
        busy: 'set',
        optimistic: { trim: range },
        call: (videoId) => bridge().trim.set(videoId, range),
        apply: (trim) => ({ trim }),
        done: `Trimmed: playback now runs from ${range.start} s to ${range.end} s. The original file is unchanged.`,
      }),
    removeTrim: () =>
      videoToolChange(get, set, {
        busy: 'remove',
        call: (videoId) => bridge().trim.remove(videoId),
        apply: (trim) => ({ trim }),
        done: 'Trim removed: the whole video plays again.',
      }),
    copy: (order) =>
      videoToolChange(get, set, {
        busy: 'copy',
        call: async (videoId) => {
          const progress = await bridge().copies.copy(videoId, order);
          // Main announces the row as an event too; until it comes, this one shows the copy is on its way.
          if (!get().copies.some((row) => row.requestId === progress.requestId)) {
            const row: CopyRow = { requestId: progress.requestId, sourceVideoId: videoId, title: order.title, start: order.start, end: order.end, startedAt: Date.now(), finishedAt: null, progress, failure: null };
            set({ copies: [row, ...get().copies] });
          }
        },
        done: `Copying ${order.start}–${order.end} s into the new video "${order.title}". It shows below when the platform has made it.`,
      }),
    copyChanged: (row) => set({ copies: withRow(get().copies, row) }),
  };
});

clearedWhenAccountChanges(useTrimCopyStore, initialTrimCopyState);

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectTrimCopy(companion: CompanionBridge): () => void {
  return companion.on('videoCopy', (row) => useTrimCopyStore.getState().copyChanged(row));
}
