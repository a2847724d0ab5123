// Downloads in the video view: the platform's MP4 and FLV files of the chosen video (ask, then read again
// while `pending` until `available`), and saving one to a folder on the computer running the app, with the
// progress main reports as it goes. Main keeps the transfers (across reloads and restarts): this slice only
// shows its list and follows its events.
import { create } from 'zustand';
import type { CompanionBridge, VideoDownloadable, VideoDownloadTransfer, VideoFileFormat } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorOrPlanNote, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface VideoDownloadSliceState {
  readonly videoId: string | null;
  readonly files: Readonly<Record<VideoFileFormat, VideoDownloadable | null>>;
  /** Which request runs: its buttons wait. */
  readonly busy: VideoFileFormat | 'load' | null;
  readonly defaultFolder: string | null;
  readonly canReveal: boolean;
  /** The signed-in profile's saved files and those being saved, as main lists them, by transfer id. */
  readonly transfers: Readonly<Record<string, VideoDownloadTransfer>>;
  readonly error: ShownError | null;
  readonly planNote: string | null;
}

export interface VideoDownloadActions {
  load(videoId: string): Promise<void>;
  request(format: VideoFileFormat): Promise<void>;
  /** Reads a pending file's state again (the panel does it every second or so while one is pending). */
  poll(format: VideoFileFormat): Promise<void>;
  save(format: VideoFileFormat, folder: string): Promise<boolean>;
  reveal(transferId: string): Promise<void>;
  /** Stops a running transfer (main keeps its `.part`, so saving again resumes it). */
  cancel(transferId: string): Promise<void>;
  /** Takes an ended row off the list. */
  remove(transferId: string): Promise<void>;
  transferChanged(transfer: VideoDownloadTransfer): void;
  transferRemoved(transferId: string): void;
}

export const VIDEO_FILE_FORMATS: readonly VideoFileFormat[] = ['mp4', 'flv'];

// Initial state
export const initialVideoDownloadState: VideoDownloadSliceState = {
  videoId: null,
  files: { mp4: null, flv: null },
  busy: null,
  defaultFolder: null,
  canReveal: false,
  transfers: {},
  error: null,
  planNote: null,
};

// Hook (with its actions)
export const useVideoDownloadStore = create<VideoDownloadSliceState & VideoDownloadActions>()((set, get) => {
  function keep(file: VideoDownloadable): void {
    if (get().videoId === file.videoId) set({ files: { ...get().files, [file.format]: file } });
  }

  return {
    ...initialVideoDownloadState,
    load: async (videoId) => {
      set({ videoId, files: { mp4: null, flv: null }, busy: 'load', error: null, planNote: null });
      try {
        const [state, ...files] = await Promise.all([bridge().downloads.state(), ...VIDEO_FILE_FORMATS.map((format) => bridge().videoFiles.downloadable(videoId, format))]);
        if (get().videoId !== videoId) return;
        // Main's list says which rows exist; an event may already have brought a later state of one.
        const known = get().transfers;
        const transfers = Object.fromEntries(state.transfers.map((transfer) => [transfer.id, known[transfer.id] ?? transfer]));
        set({ defaultFolder: state.defaultFolder, canReveal: state.canReveal, transfers, busy: null });
        files.forEach(keep);
      } catch (error) {
        if (get().videoId === videoId) set({ busy: null, ...errorOrPlanNote(error) });
      }
    },
    request: async (format) => {
      const { videoId, busy } = get();
      if (videoId === null || busy !== null) return;
      set({ busy: format, error: null, planNote: null });
      try {
        keep(await bridge().videoFiles.request(videoId, format));
        set({ busy: null });
      } catch (error) {
        set({ busy: null, ...errorOrPlanNote(error) });
      }
    },
    poll: async (format) => {
      const videoId = get().videoId;
      if (videoId === null) return;
      try {
        keep(await bridge().videoFiles.downloadable(videoId, format));
      } catch (error) {
        if (get().videoId === videoId) set(errorOrPlanNote(error));
      }
    },
    save: async (format, folder) => {
      const { videoId, busy } = get();
      if (videoId === null || busy !== null) return false;
      set({ busy: format, error: null, planNote: null });
      try {
        const transfer = await bridge().downloads.save(videoId, format, folder.trim() === '' ? {} : { folder: folder.trim() });
        // An event may have brought a later state of this transfer already.
        set({ busy: null, transfers: { [transfer.id]: transfer, ...get().transfers } });
        return true;
      } catch (error) {
        set({ busy: null, ...errorOrPlanNote(error) });
        return false;
      }
    },
    reveal: async (transferId) => {
      try {
        await bridge().downloads.reveal(transferId);
      } catch (error) {
        set(errorOrPlanNote(error));
      }
    },
    cancel: async (transferId) => {
      try {
        get().transferChanged(await bridge().downloads.cancel(transferId));
      } catch (error) {
        set(errorOrPlanNote(error));
      }
    },
    remove: async (transferId) => {
      try {
        await bridge().downloads.remove(transferId);
        get().transferRemoved(transferId);
      } catch (error) {
        set(errorOrPlanNote(error));
      }
    },
    transferChanged: (transfer) => set({ transfers: { ...get().transfers, [transfer.id]: transfer } }),
    transferRemoved: (transferId) => {
      const { [transferId]: _removed, ...rest } = get().transfers;
      set({ transfers: rest });
    },
  };
});

clearedWhenAccountChanges(useVideoDownloadStore, initialVideoDownloadState);

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectVideoDownload(companion: CompanionBridge): () => void {
  const offChanged = companion.on('videoDownload', (transfer) => useVideoDownloadStore.getState().transferChanged(transfer));
  const offRemoved = companion.on('videoDownloadRemoved', ({ id }) => useVideoDownloadStore.getState().transferRemoved(id));
  return () => {
    offChanged();
    offRemoved();
  };
}
