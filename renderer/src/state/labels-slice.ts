// The Labels tab: the account's labels (create, rename, delete) and which of them the open video carries
// (attach, detach). Each change shows at once and is put back when refused.
import { create } from 'zustand';
import type { VideoLabel, VideoLabels } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { videoToolChange, videoToolLoad, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface LabelsSliceState extends VideoToolState {
  /** 'load', 'create', or the id of the label whose change runs. */
  readonly busy: 'load' | 'create' | `label-${number}` | null;
  readonly labels: VideoLabels | null;
}

export interface LabelsActions {
  load(videoId: string): Promise<void>;
  create(name: string): Promise<boolean>;
  rename(labelId: number, name: string): Promise<boolean>;
  remove(labelId: number): Promise<boolean>;
  setAttached(labelId: number, attached: boolean): Promise<boolean>;
}

// Initial state
export const initialLabelsState: LabelsSliceState = { videoId: null, busy: null, error: null, done: null, labels: null };

function byName(a: VideoLabel, b: VideoLabel): number {
  return a.name.localeCompare(b.name);
}

// Hook (with its actions)
export const useLabelsStore = create<LabelsSliceState & LabelsActions>()((set, get) => {
  /** The labels with `change` made, for the optimistic view; null before they are read. */
  function changed(change: (labels: VideoLabels) => VideoLabels): Partial<LabelsSliceState> {
    const labels = get().labels;
    return labels ? { labels: change(labels) } : {};
  }
  const nameOf = (labelId: number) => get().labels?.labels.find((label) => label.id === labelId)?.name ?? 'the label';

  return {
    ...initialLabelsState,
    load: (videoId) => videoToolLoad(get, set, videoId, { labels: null }, (id) => bridge().labels.forVideo(id), (labels) => ({ labels })),
    create: (name) =>
      videoToolChange(get, set, {
        busy: 'create',
        call: () => bridge().labels.create(name),
        // The new label's id comes with the answer: added then, not before.
        apply: (label) => changed((labels) => ({ ...labels, labels: [...labels.labels, label].sort(byName) })),
        done: `Label "${name.trim()}" created. Tick it to put it on this video.`,
      }),
    rename: (labelId, name) => {
      const before = nameOf(labelId);
      return videoToolChange(get, set, {
        busy: `label-${labelId}`,
        optimistic: changed((labels) => ({ ...labels, labels: labels.labels.map((label) => (label.id === labelId ? { ...label, name: name.trim() } : label)).sort(byName) })),
        call: () => bridge().labels.rename(labelId, name),
        done: `Renamed "${before}" to "${name.trim()}".`,
      });
    },
    remove: (labelId) => {
      const name = nameOf(labelId);
      return videoToolChange(get, set, {
        busy: `label-${labelId}`,
        optimistic: changed((labels) => ({ ...labels, labels: labels.labels.filter((label) => label.id !== labelId), attached: labels.attached.filter((id) => id !== labelId) })),
        call: () => bridge().labels.remove(labelId),
        done: `Label "${name}" deleted, and taken off every video.`,
      });
    },
    setAttached: (labelId, attached) => {
      const name = nameOf(labelId);
      return videoToolChange(get, set, {
        busy: `label-${labelId}`,
        optimistic: changed((labels) => ({ ...labels, attached: attached ? [...labels.attached.filter((id) => id !== labelId), labelId] : labels.attached.filter((id) => id !== labelId) })),
        call: (videoId) => bridge().labels.setOnVideo(videoId, labelId, attached),
        done: attached ? `This video now carries "${name}".` : `"${name}" taken off this video.`,
      });
    },
  };
});

clearedWhenAccountChanges(useLabelsStore, initialLabelsState);
