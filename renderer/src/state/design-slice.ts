// The Branding panel's channel design: the page background colour (read from the platform) and the
// channel picture. A change shows at once and is rolled back when the platform refuses it.
import { create } from 'zustand';
import type { ImageUpload } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { optimisticChange } from './optimistic-change';
import { clearedWhenAccountChanges } from './account-scope';

export interface PicturePreview {
  readonly url: string;
  readonly side: number;
}

// Types
export interface DesignState {
  readonly channelId: string | null;
  /** `#rrggbb`, or null when none is set. */
  readonly background: string | null;
  /** The picture uploaded in this session (the platform gives none back). */
  readonly picture: PicturePreview | null;
  readonly busy: 'load' | 'background' | 'picture' | null;
  readonly error: ShownError | null;
  /** A refusal because the plan lacks the feature: a note, not a failure. */
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface DesignActions {
  load(channelId: string): Promise<void>;
  setBackground(color: string): Promise<void>;
  removeBackground(): Promise<void>;
  uploadPicture(image: ImageUpload, preview: PicturePreview): Promise<void>;
  removePicture(): Promise<void>;
}

// Initial state
export const initialDesignState: DesignState = { channelId: null, background: null, picture: null, busy: null, error: null, planNote: null, done: null };

// Hook (with its actions)
export const useDesignStore = create<DesignState & DesignActions>()((set, get) => {
  const run = (busy: 'background' | 'picture', change: Partial<DesignState>, call: (channelId: string) => Promise<unknown>, done: string) =>
    optimisticChange<DesignState>(get, set, busy, change, call, done);


  return {
    ...initialDesignState,
    load: async (channelId) => {
      set({ channelId, background: null, picture: null, busy: 'load', error: null, planNote: null, done: null });
      try {
        const { color } = await bridge().look.background(channelId);
        if (get().channelId === channelId) set({ background: color, busy: null });
      } catch (error) {
        if (get().channelId === channelId) set({ busy: null, error: shownError(error) });
      }
    },
    setBackground: (color) => run('background', { background: color }, (channelId) => bridge().look.setBackground(channelId, color), `Background colour set to ${color}.`),
    removeBackground: () => run('background', { background: null }, (channelId) => bridge().look.removeBackground(channelId), 'Background colour removed.'),
    uploadPicture: (image, preview) => run('picture', { picture: preview }, (channelId) => bridge().look.uploadPicture(channelId, image), 'Channel picture uploaded.'),
    removePicture: () => run('picture', { picture: null }, (channelId) => bridge().look.removePicture(channelId), 'Channel picture removed.'),
  };
});

clearedWhenAccountChanges(useDesignStore, initialDesignState);
