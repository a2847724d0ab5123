// The chosen video's expiration: its rule and end, and the one change the platform takes, "never" (shown at
// once, put back when refused). An account without expiration management gets a note, not an error.
import { create } from 'zustand';
import type { VideoExpiration } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorCode, errorOrPlanNote, shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface VideoExpirationSliceState {
  readonly videoId: string | null;
  readonly expiration: VideoExpiration | null;
  readonly busy: 'load' | 'save' | null;
  readonly error: ShownError | null;
  /** The platform's 403 `forbidden` or a 402: the account cannot manage expiration. */
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface VideoExpirationActions {
  load(videoId: string): Promise<void>;
  keepForever(): Promise<void>;
}

/** main's code for the platform's 403 `forbidden` on expiration (main/admin/video-library/video-library-errors.ts). */
const EXPIRATION_FORBIDDEN = 'expiration_forbidden';

function outcome(error: unknown): { error: ShownError | null; planNote: string | null } {
  if (errorCode(error) === EXPIRATION_FORBIDDEN) return { error: null, planNote: shownError(error).message };
  return errorOrPlanNote(error);
}

// Initial state
export const initialVideoExpirationState: VideoExpirationSliceState = { videoId: null, expiration: null, busy: null, error: null, planNote: null, done: null };

// Hook (with its actions)
export const useVideoExpirationStore = create<VideoExpirationSliceState & VideoExpirationActions>()((set, get) => ({
  ...initialVideoExpirationState,
  load: async (videoId) => {
    set({ ...initialVideoExpirationState, videoId, busy: 'load' });
    try {
      const expiration = await bridge().videos.expiration(videoId);
      if (get().videoId === videoId) set({ expiration, busy: null });
    } catch (error) {
      if (get().videoId === videoId) set({ busy: null, ...outcome(error) });
    }
  },
  keepForever: async () => {
    const { videoId, expiration, busy } = get();
    if (videoId === null || busy !== null) return;
    set({ busy: 'save', error: null, planNote: null, done: null, expiration: { videoId, rule: 'never', expiresAt: null } });
    try {
      const after = await bridge().videos.neverExpire(videoId);
      if (get().videoId === videoId) set({ expiration: after, busy: null, done: 'The video no longer expires.' });
    } catch (error) {
      if (get().videoId === videoId) set({ expiration, busy: null, ...outcome(error) });
    }
  },
}));

clearedWhenAccountChanges(useVideoExpirationStore, initialVideoExpirationState);
