// A user's labels (spec part B, "Labels") and which of them each of the user's videos carries. Labels
// belong to an account; a video's labels are ids of its owner's labels.

/** Colours are named `color-<n>`; the spec has no parameter to choose one, so labels take them in turn. */
export const LABEL_COLORS = 10;

export interface Label {
  readonly id: number;
  readonly ownerId: string;
  name: string;
  readonly color: string;
}

export interface LabelData {
  labels: Label[];
  /** video id → label ids, in the order they were attached. */
  videoLabels: Record<string, number[]>;
  nextLabelId: number;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface LabelHolder {
  labels?: LabelData;
}

/** The labels part of the state; state files written before it existed get an empty one. */
export function labelsOf(data: LabelHolder): LabelData {
  data.labels ??= { labels: [], videoLabels: {}, nextLabelId: 300 };
  return data.labels;
}

/** The colour of an account's next label: color-1, color-2, ... and round again. */
export function nextLabelColor(labels: LabelData, ownerId: string): string {
  const owned = labels.labels.filter((label) => label.ownerId === ownerId).length;
  return `color-${(owned % LABEL_COLORS) + 1}`;
}

/** Forgets which labels a video carried (the video was deleted). */
export function forgetVideoLabels(data: LabelHolder, videoId: string): void {
  if (data.labels) delete data.labels.videoLabels[videoId];
}
