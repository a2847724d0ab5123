// The upload queue's progress on the taskbar button (Windows), the dock icon (macOS) or the launcher
// (Linux), so a streamer with the window behind OBS still sees how far the batch is. A pure rule from the
// totals, and a small connector that calls BrowserWindow.setProgressBar only when the bar changes.
import type { UploadsChange } from '../../preload/contract.js';

/** Electron's setProgressBar mode (Windows only; other systems show a paused bar as a normal one). */
export type ProgressMode = 'none' | 'normal' | 'paused';

export interface TaskbarProgress {
  /** 0 to 1; −1 removes the bar. */
  readonly fraction: number;
  readonly mode: ProgressMode;
}

export const NO_PROGRESS: TaskbarProgress = { fraction: -1, mode: 'none' };

/** Hundredths are all a taskbar can show; rounding keeps a 4-a-second event stream from redrawing it needlessly. */
export function taskbarProgress(change: Pick<UploadsChange, 'available' | 'totals'>): TaskbarProgress {
  const { totals } = change;
  if (!change.available || totals.unfinished === 0) return NO_PROGRESS;
  const fraction = totals.size > 0 ? Math.min(1, Math.floor((totals.bytes / totals.size) * 100) / 100) : 0;
  return { fraction, mode: totals.paused === null ? 'normal' : 'paused' };
}

/** The part of Electron's BrowserWindow the bar needs. */
export interface ProgressWindowLike {
  isDestroyed(): boolean;
  setProgressBar(progress: number, options?: { mode: ProgressMode }): void;
}

/**
 * Shows each `uploads` change on the window that `window()` returns at that moment (none while it is
 * closed; a window opened later gets the bar with the next change). Returns the function that stops.
 */
export function showUploadProgress(subscribe: (listener: (change: UploadsChange) => void) => () => void, window: () => ProgressWindowLike | null): () => void {
  let shown: { target: ProgressWindowLike; progress: TaskbarProgress } | null = null;
  return subscribe((change) => {
    const target = window();
    if (!target || target.isDestroyed()) return;
    const progress = taskbarProgress(change);
    if (shown && shown.target === target && shown.progress.fraction === progress.fraction && shown.progress.mode === progress.mode) return;
    shown = { target, progress };
    target.setProgressBar(progress.fraction, { mode: progress.mode });
  });
}
