// Which shell `npm start` runs: the desktop app, or browser mode with the reason to print. Pure, so the
// decision is tested without starting anything. A Linux machine with no display (a headless streaming PC,
// an SSH session) cannot open Electron's window: Electron would abort with "Missing X server or $DISPLAY".

/**
 * @param {{ forceBrowser: boolean, electron: { path?: string, missing?: string }, platform: string, env: Record<string, string | undefined> }} facts
 * @returns {{ shell: 'electron', path: string } | { shell: 'browser', note: string }}
 */
export function shellChoice({ forceBrowser, electron, platform, env }) {
  if (forceBrowser) return { shell: 'browser', note: 'Browser mode was asked for with --browser.' };
  if (!electron.path) return { shell: 'browser', note: `Browser mode, because ${electron.missing}.` };
  // macOS and Windows always have a display; other Unixes run X11 or Wayland like Linux.
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { shell: 'browser', note: 'Browser mode, because there is no display ($DISPLAY is not set).' };
  }
  return { shell: 'electron', path: electron.path };
}
