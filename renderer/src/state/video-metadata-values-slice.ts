// The chosen video's custom metadata: the account's video field definitions and this video's values. A
// value set or cleared shows at once and is put back when the platform refuses it.
import { create } from 'zustand';
import type { VideoMetadata } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorOrPlanNote, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface VideoMetadataValuesState {
  readonly videoId: string | null;
  readonly metadata: VideoMetadata | null;
  /** 'load', or the field whose value is being changed. */
  readonly busy: string | null;
  readonly error: ShownError | null;
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface VideoMetadataValuesActions {
  load(videoId: string): Promise<void>;
  setValue(fieldId: string, value: string): Promise<void>;
  removeValue(fieldId: string): Promise<void>;
}

// Initial state
export const initialVideoMetadataValuesState: VideoMetadataValuesState = { videoId: null, metadata: null, busy: null, error: null, planNote: null, done: null };

function withValue(metadata: VideoMetadata, fieldId: string, value: string | null): VideoMetadata {
  const values = metadata.values.filter((entry) => entry.fieldId !== fieldId);
  return { ...metadata, values: value === null ? values : [...values, { fieldId, value }] };
}

// Hook (with its actions)
export const useVideoMetadataValuesStore = create<VideoMetadataValuesState & VideoMetadataValuesActions>()((set, get) => {
  async function change(fieldId: string, value: string | null, call: (videoId: string) => Promise<VideoMetadata>, done: string): Promise<void> {
    const before = get().metadata;
    if (before === null || get().busy !== null) return;
    set({ metadata: withValue(before, fieldId, value), busy: fieldId, error: null, planNote: null, done: null });
    try {
      const after = await call(before.videoId);
      if (get().videoId === before.videoId) set({ metadata: after, busy: null, done });
    } catch (error) {
      if (get().videoId === before.videoId) set({ metadata: before, busy: null, ...errorOrPlanNote(error) });
    }
  }

  const nameOf = (fieldId: string) => get().metadata?.fields.find((field) => field.id === fieldId)?.displayName ?? fieldId;

  return {
    ...initialVideoMetadataValuesState,
    load: async (videoId) => {
      set({ ...initialVideoMetadataValuesState, videoId, busy: 'load' });
      try {
        const metadata = await bridge().videos.metadata(videoId);
        if (get().videoId === videoId) set({ metadata, busy: null });
      } catch (error) {
        if (get().videoId === videoId) set({ busy: null, ...errorOrPlanNote(error) });
      }
    },
    setValue: (fieldId, value) => change(fieldId, value, (videoId) => bridge().videos.setValue(videoId, fieldId, value), `Set ${nameOf(fieldId)}.`),
    removeValue: (fieldId) => change(fieldId, null, (videoId) => bridge().videos.removeValue(videoId, fieldId), `Cleared ${nameOf(fieldId)}.`),
  };
});

clearedWhenAccountChanges(useVideoMetadataValuesStore, initialVideoMetadataValuesState);
