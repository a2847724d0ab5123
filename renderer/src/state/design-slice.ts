// The Branding panel's channel design: the page background colour (read from the platform) and the
// channel picture. A change shows at once and is rolled back when the platform refuses it.
import { create } from 'zustand';
import type { ImageUpload } from '../../../preload/contract.js';
import { companion } from '../bridge/companion-bridge';

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
  readonly error: string | null;
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
export const initialDesignState: DesignState = { channelId: null, background: null, picture: null, busy: null, error: null, done: null };

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Hook (with its actions)
export const useDesignStore = create<DesignState & DesignActions>()((set, get) => {
  async function run(busy: 'background' | 'picture', change: Partial<DesignState>, call: (channelId: string) => Promise<unknown>, done: string): Promise<void> {
    const { channelId } = get();
    if (channelId === null || get().busy) return;
    const before = get();
    const undo = Object.fromEntries(Object.keys(change).map((key) => [key, before[key as keyof DesignState]])) as Partial<DesignState>;
    set({ ...change, busy, error: null, done: null });
    try {
      await call(channelId);
      set({ busy: null, done });
    } catch (error) {
      set({ ...undo, busy: null, error: message(error) });
    }
  }

  return {
    ...initialDesignState,
    load: async (channelId) => {
      set({ channelId, background: null, picture: null, busy: 'load', error: null, done: null });
      try {
        const { color } = await companion.channelBackground(channelId);
        if (get().channelId === channelId) set({ background: color, busy: null });
      } catch (error) {
        if (get().channelId === channelId) set({ busy: null, error: message(error) });
      }
    },
    setBackground: (color) => run('background', { background: color }, (channelId) => companion.setChannelBackground(channelId, color), `Background colour set to ${color}.`),
    removeBackground: () => run('background', { background: null }, (channelId) => companion.removeChannelBackground(channelId), 'Background colour removed.'),
    uploadPicture: (image, preview) => run('picture', { picture: preview }, (channelId) => companion.uploadChannelPicture(channelId, image), 'Channel picture uploaded.'),
    removePicture: () => run('picture', { picture: null }, (channelId) => companion.removeChannelPicture(channelId), 'Channel picture removed.'),
  };
});
