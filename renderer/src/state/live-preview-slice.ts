// The confidence monitor's picture: the latest keyframe main has of the encoder's stream, asked for
// every 2 s while the Go live panel shows it (confidence-monitor.tsx); no events (a picture every 2 s to
// every window would cost the windows that do not show it).
import { create } from 'zustand';
import type { LivePreview } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface LivePreviewState {
  /** Null while no encoder sends H.264, before the first answer, or when the core did not answer. */
  readonly preview: LivePreview | null;
}

export interface LivePreviewActions {
  refresh(): Promise<void>;
  clear(): void;
}

// Initial state
export const initialLivePreviewState: LivePreviewState = { preview: null };

// Hook (with its actions)
export const useLivePreviewStore = create<LivePreviewState & LivePreviewActions>()((set, get) => ({
  ...initialLivePreviewState,
  refresh: async () => {
    try {
      const answer = await bridge().livePreview.latest(get().preview?.at ?? null);
      // The same picture again: nothing sent, nothing to redraw.
      if (answer === null || !('same' in answer)) set({ preview: answer });
    } catch {
      // A monitor that cannot ask says "No preview"; the connection indicator says why the core is not answering.
      set({ preview: null });
    }
  },
  clear: () => set({ preview: null }),
}));

// Another account's picture is not this account's to see.
clearedWhenAccountChanges(useLivePreviewStore, initialLivePreviewState);
