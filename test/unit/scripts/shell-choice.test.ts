// `npm start`'s choice between the desktop app and browser mode, and the reason it prints.
import { describe, expect, it } from 'vitest';
import { shellChoice } from '../../../scripts/shell-choice.mjs';

const installed = { path: '/opt/electron/electron' };
const display = { DISPLAY: ':0' };

describe('shellChoice', () => {
  it('runs the desktop app where there is a binary and a display', () => {
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'linux', env: display })).toEqual({ shell: 'electron', path: installed.path });
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } })).toEqual({ shell: 'electron', path: installed.path });
  });

  it('takes browser mode on Linux with neither $DISPLAY nor $WAYLAND_DISPLAY, and says why', () => {
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'linux', env: {} })).toEqual({ shell: 'browser', note: 'Browser mode, because there is no display ($DISPLAY is not set).' });
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'linux', env: { DISPLAY: '', WAYLAND_DISPLAY: '' } })).toMatchObject({ shell: 'browser' });
  });

  it('macOS and Windows have a display without those variables', () => {
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'darwin', env: {} })).toMatchObject({ shell: 'electron' });
    expect(shellChoice({ forceBrowser: false, electron: installed, platform: 'win32', env: {} })).toMatchObject({ shell: 'electron' });
  });

  it('a missing binary and --browser keep their own reasons', () => {
    expect(shellChoice({ forceBrowser: false, electron: { missing: 'the Electron binary is not installed' }, platform: 'linux', env: display })).toEqual({
      shell: 'browser',
      note: 'Browser mode, because the Electron binary is not installed.',
    });
    expect(shellChoice({ forceBrowser: true, electron: installed, platform: 'linux', env: display })).toEqual({ shell: 'browser', note: 'Browser mode was asked for with --browser.' });
  });
});
