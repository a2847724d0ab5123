import { describe, expect, it } from 'vitest';
import { NO_PROGRESS, showUploadProgress, taskbarProgress, type ProgressMode, type ProgressWindowLike } from '../../../main/app/taskbar-progress.js';
import type { UploadsChange, UploadTotals } from '../../../preload/contract.js';

function totals(change: Partial<UploadTotals> = {}): UploadTotals {
  return { files: 3, complete: 1, failed: 0, unfinished: 2, bytes: 250, size: 1000, speed: 100, etaSeconds: 8, paused: null, concurrency: 2, speedLimit: null, timetable: null, limitedBy: null, ...change };
}

function change(partial: Partial<UploadTotals> = {}, available = true): UploadsChange {
  return { reset: false, available, reason: null, rows: [], removed: [], totals: totals(partial) };
}

class FakeWindow implements ProgressWindowLike {
  readonly calls: [number, ProgressMode | undefined][] = [];
  destroyed = false;

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setProgressBar(progress: number, options?: { mode: ProgressMode }): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.calls.push([progress, options?.mode]);
  }
}

describe('taskbarProgress', () => {
  it('shows the batch share while files are unfinished, in hundredths', () => {
    expect(taskbarProgress(change())).toEqual({ fraction: 0.25, mode: 'normal' });
    expect(taskbarProgress(change({ bytes: 2, size: 3 }))).toEqual({ fraction: 0.66, mode: 'normal' });
    expect(taskbarProgress(change({ bytes: 1000 }))).toEqual({ fraction: 1, mode: 'normal' });
    expect(taskbarProgress(change({ bytes: 0, size: 0 }))).toEqual({ fraction: 0, mode: 'normal' });
  });

  it('says paused while the queue is paused, by the streamer or for a sign-in', () => {
    expect(taskbarProgress(change({ paused: 'user' }))).toEqual({ fraction: 0.25, mode: 'paused' });
    expect(taskbarProgress(change({ paused: 'sign-in' }))).toEqual({ fraction: 0.25, mode: 'paused' });
  });

  it('removes the bar (−1) when idle or without a queue', () => {
    expect(taskbarProgress(change({ unfinished: 0 }))).toBe(NO_PROGRESS);
    expect(taskbarProgress(change({}, false))).toBe(NO_PROGRESS);
    expect(NO_PROGRESS).toEqual({ fraction: -1, mode: 'none' });
  });
});

describe('showUploadProgress', () => {
  function wire(getWindow: () => ProgressWindowLike | null) {
    let listener: ((change: UploadsChange) => void) | null = null;
    const stop = showUploadProgress((next) => {
      listener = next;
      return () => {
        listener = null;
      };
    }, getWindow);
    return { send: (next: UploadsChange) => listener?.(next), stop, subscribed: () => listener !== null };
  }

  it('sets the bar on the window only when it changes', () => {
    const window = new FakeWindow();
    const { send } = wire(() => window);
    send(change({ bytes: 250 }));
    send(change({ bytes: 251 }));
    send(change({ bytes: 500 }));
    send(change({ bytes: 500, paused: 'user' }));
    send(change({ unfinished: 0, bytes: 1000 }));
    send(change({ unfinished: 0, bytes: 1000 }));
    expect(window.calls).toEqual([
      [0.25, 'normal'],
      [0.5, 'normal'],
      [0.5, 'paused'],
      [-1, 'none'],
    ]);
  });

  it('skips a closed or destroyed window, and draws on the next window that opens', () => {
    let current: FakeWindow | null = null;
    const { send, stop, subscribed } = wire(() => current);
    send(change());
    current = new FakeWindow();
    current.destroyed = true;
    send(change());
    const reopened = new FakeWindow();
    current = reopened;
    send(change());
    expect(reopened.calls).toEqual([[0.25, 'normal']]);
    stop();
    expect(subscribed()).toBe(false);
  });
});
