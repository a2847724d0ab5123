import { describe, expect, it } from 'vitest';
import { restoredWindow, type DisplayLike } from '../../../main/app/window-state.js';

const laptop: DisplayLike = { workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitor: DisplayLike = { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };
const defaults = { width: 1280, height: 800 };

describe('restoredWindow', () => {
  it('opens where it was on a display that is still there', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1600, height: 1000 }, maximized: true };
    expect(restoredWindow(saved, [laptop, monitor], laptop, defaults)).toEqual(saved);
  });

  it('centres on the primary display, at a size that fits, when its display is gone', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1600, height: 1000 }, maximized: false };
    expect(restoredWindow(saved, [laptop], laptop, defaults)).toEqual({ bounds: { x: 0, y: 0, width: 1440, height: 875 }, maximized: false });
  });

  it('does not trust a window whose title bar is off every display', () => {
    const saved = { bounds: { x: 200, y: -500, width: 800, height: 600 }, maximized: false };
    expect(restoredWindow(saved, [laptop], laptop, defaults).bounds).toEqual({ x: 320, y: 138, width: 800, height: 600 });
  });

  it('uses the default size, centred, the first time', () => {
    expect(restoredWindow(null, [laptop, monitor], monitor, defaults)).toEqual({ bounds: { x: 2080, y: 300, width: 1280, height: 800 }, maximized: false });
  });

  it('shrinks a window larger than the display it is on', () => {
    const saved = { bounds: { x: 10, y: 10, width: 3000, height: 2000 }, maximized: false };
    expect(restoredWindow(saved, [laptop], laptop, defaults).bounds).toEqual({ x: 10, y: 10, width: 1440, height: 875 });
  });
});
