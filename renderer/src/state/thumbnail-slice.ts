// A video's thumbnail for its tab: an image (checked in the browser, then in main, before upload) or a
// frame of the video. The new thumbnail shows at once and goes back to what was shown when refused.
import { create } from 'zustand';
import type { ThumbnailUpload } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { videoToolChange, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface ThumbnailShown {
  readonly source: 'image' | 'frame';
  /** A preview address (the image) or null (a frame: the platform makes it). */
  readonly previewUrl: string | null;
  readonly description: string;
}

export interface ThumbnailSliceState extends VideoToolState {
  readonly busy: 'upload' | 'frame' | null;
  /** What this app set as the thumbnail of the video while it was open (the spec has no way to read it). */
  readonly shown: ThumbnailShown | null;
}

export interface ThumbnailActions {
  open(videoId: string): void;
  upload(image: ThumbnailUpload, preview: { url: string; width: number; height: number; bytes: number }): Promise<boolean>;
  setFrame(position: number): Promise<boolean>;
  /** A problem found before sending (the file), shown as the tab's error. */
  refuse(problem: string): void;
}

// Initial state
export const initialThumbnailState: ThumbnailSliceState = { videoId: null, busy: null, error: null, done: null, shown: null };

function forget(shown: ThumbnailShown | null): void {
  if (shown?.previewUrl) URL.revokeObjectURL(shown.previewUrl);
}

// Hook (with its actions)
export const useThumbnailStore = create<ThumbnailSliceState & ThumbnailActions>()((set, get) => ({
  ...initialThumbnailState,
  open: (videoId) => {
    if (get().videoId === videoId) return;
    forget(get().shown);
    set({ ...initialThumbnailState, videoId });
  },
  upload: async (image, preview) => {
    const before = get().shown;
    const description = `Image, ${preview.width} x ${preview.height} px`;
    const taken = await videoToolChange(get, set, {
      busy: 'upload',
      optimistic: { shown: { source: 'image', previewUrl: preview.url, description } },
      call: (videoId) => bridge().thumbnail.upload(videoId, image),
      done: `Thumbnail uploaded (${preview.width} x ${preview.height} px).`,
    });
    // The preview no longer shown lets go of its copy of the image.
    if (taken) forget(before);
    else URL.revokeObjectURL(preview.url);
    return taken;
  },
  setFrame: async (position) => {
    const before = get().shown;
    const taken = await videoToolChange(get, set, {
      busy: 'frame',
      optimistic: { shown: { source: 'frame', previewUrl: null, description: `The frame at ${position} s` } },
      call: (videoId) => bridge().thumbnail.setFrame(videoId, position),
      done: `The thumbnail is now the frame at ${position} s.`,
    });
    if (taken) forget(before);
    return taken;
  },
  refuse: (problem) => set({ error: { message: problem }, done: null }),
}));

clearedWhenAccountChanges(useThumbnailStore, initialThumbnailState);
