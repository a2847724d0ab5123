// A video's trim (shown, set, removed; the original file stays) and the copies of parts into new videos.
// A copy is asked about until it finishes, here rather than in the tab, so that it goes on while another
// panel is open and is still shown when the streamer comes back.
import { create } from 'zustand';
import type { CopyOrder, CopyProgress, TrimRange, VideoTrim } from '../../../preload/contract.js';
import { companion } from '../bridge/companion-bridge';
import { errorText } from './request-outcome';
import { videoToolChange, videoToolLoad, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface CopyRow {
  readonly requestId: string;
  readonly sourceVideoId: string;
  readonly title: string;
  readonly start: number;
  readonly end: number;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly progress: CopyProgress;
  /** Why the app stopped asking, in words. */
  readonly failure: string | null;
}

export interface TrimCopySliceState extends VideoToolState {
  readonly busy: 'load' | 'set' | 'remove' | 'copy' | null;
  readonly trim: VideoTrim | null;
  /** Newest first, of every video, for as long as the app runs. */
  readonly copies: readonly CopyRow[];
}

export interface TrimCopyActions {
  load(videoId: string): Promise<void>;
  setTrim(range: TrimRange): Promise<boolean>;
  removeTrim(): Promise<boolean>;
  copy(order: CopyOrder): Promise<boolean>;
}

/** How often an unfinished copy is asked about, and how many failed asks in a row end the following. */
export const COPY_POLL_MS = 1000;
const COPY_POLL_FAILURES = 5;

// Initial state
export const initialTrimCopyState: TrimCopySliceState = { videoId: null, busy: null, error: null, done: null, trim: null, copies: [] };

// Hook (with its actions)
export const useTrimCopyStore = create<TrimCopySliceState & TrimCopyActions>()((set, get) => {
  const updateCopy = (requestId: string, change: Partial<CopyRow>) =>
    set((current) => ({ copies: current.copies.map((row) => (row.requestId === requestId ? { ...row, ...change } : row)) }));

  /** Asks until the copy is finished; a run of failures stops it with the last one's sentence. */
  function follow(requestId: string, failures = 0): void {
    setTimeout(() => {
      companion.videoCopyStatus(requestId).then(
        (progress) => {
          if (progress.finished) updateCopy(requestId, { progress, finishedAt: Date.now() });
          else follow(requestId);
        },
        (error: unknown) => {
          if (failures + 1 >= COPY_POLL_FAILURES) updateCopy(requestId, { failure: `The app stopped following this copy: ${errorText(error)}` });
          else follow(requestId, failures + 1);
        },
      );
    }, COPY_POLL_MS);
  }

  return {
    ...initialTrimCopyState,
    load: (videoId) => videoToolLoad(get, set, videoId, { trim: null }, (id) => companion.videoTrim(id), (trim) => ({ trim })),
    setTrim: (range) =>
      videoToolChange(get, set, {
        busy: 'set',
        optimistic: { trim: range },
        call: (videoId) => companion.setVideoTrim(videoId, range),
        apply: (trim) => ({ trim }),
        done: `Trimmed: playback now runs from ${range.start} s to ${range.end} s. The original file is unchanged.`,
      }),
    removeTrim: () =>
      videoToolChange(get, set, {
        busy: 'remove',
        call: (videoId) => companion.removeVideoTrim(videoId),
        apply: (trim) => ({ trim }),
        done: 'Trim removed: the whole video plays again.',
      }),
    copy: (order) =>
      videoToolChange(get, set, {
        busy: 'copy',
        call: async (videoId) => {
          const progress = await companion.copyVideoPart(videoId, order);
          // Kept and followed whichever video is open by now: the copy is on its way.
          const row: CopyRow = { requestId: progress.requestId, sourceVideoId: videoId, title: order.title, start: order.start, end: order.end, startedAt: Date.now(), finishedAt: null, progress, failure: null };
          set({ copies: [row, ...get().copies] });
          follow(progress.requestId);
        },
        done: `Copying ${order.start}–${order.end} s into the new video "${order.title}". It shows below when the platform has made it.`,
      }),
  };
});

clearedWhenAccountChanges(useTrimCopyStore, initialTrimCopyState);
