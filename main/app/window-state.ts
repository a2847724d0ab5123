// Where the main window opens: where it was last time, unless that place is gone (a monitor unplugged, a
// laptop off its dock), then centred on the primary display. A pure rule over Electron's screen facts.
import type { WindowBounds } from '../settings/desktop-settings.js';

export interface DisplayLike {
  readonly workArea: WindowBounds;
}

export interface SavedWindow {
  readonly bounds: WindowBounds;
  readonly maximized: boolean;
}

/** A window is reachable when this much of its top edge (where the title bar is) lies on a display. */
const GRAB_WIDTH = 100;
const GRAB_HEIGHT = 40;

function overlap(a: WindowBounds, b: WindowBounds): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

function fitted(size: { width: number; height: number }, area: WindowBounds): { width: number; height: number } {
  return { width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) };
}

export function restoredWindow(saved: SavedWindow | null, displays: readonly DisplayLike[], primary: DisplayLike, defaults: { width: number; height: number }): SavedWindow {
  if (saved) {
    const titleBar = { ...saved.bounds, height: GRAB_HEIGHT };
    const home = displays.find((display) => {
      const shared = overlap(titleBar, display.workArea);
      return shared.width >= GRAB_WIDTH && shared.height >= GRAB_HEIGHT;
    });
    if (home) return { bounds: { ...saved.bounds, ...fitted(saved.bounds, home.workArea) }, maximized: saved.maximized };
  }
  const area = primary.workArea;
  const size = fitted(saved?.bounds ?? defaults, area);
  return {
    bounds: { x: area.x + Math.round((area.width - size.width) / 2), y: area.y + Math.round((area.height - size.height) / 2), ...size },
    maximized: saved?.maximized ?? false,
  };
}
