import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAccelerator } from '../../../main/desktop/accelerator.js';
import { DesktopSettingsService, type DesktopShell } from '../../../main/desktop/desktop-settings-service.js';
import { runHotkeyAction, type HotkeyTargets } from '../../../main/desktop/hotkey-actions.js';
import { checkBindings, HotkeyRegistrar, type GlobalShortcutLike } from '../../../main/desktop/hotkey-bindings.js';
import { appStatus } from '../../../main/desktop/app-status.js';
import { DesktopSettingsStore } from '../../../main/settings/desktop-settings.js';
import type { HotkeyAction, Notice } from '../../../preload/contract.js';
import { liveState, onAir, totals } from './status-fixtures.js';

/** Electron's globalShortcut as the system sees it: keys other apps hold, and Electron's throw on a malformed accelerator. */
class FakeGlobalShortcut implements GlobalShortcutLike {
  readonly held = new Set<string>();
  readonly registered = new Map<string, () => void>();

  register(accelerator: string, callback: () => void): boolean {
    if (accelerator.includes('Bogus')) throw new Error(`conversion failure for ${accelerator}`);
    if (this.held.has(accelerator) || this.registered.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  press(accelerator: string): void {
    const callback = this.registered.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  }
}

describe('checkAccelerator', () => {
  it('writes an accelerator one canonical way', () => {
    expect(checkAccelerator('ctrl+shift+l')).toEqual({ ok: true, accelerator: 'Control+Shift+L' });
    expect(checkAccelerator(' Shift + CmdOrCtrl + f9 ')).toEqual({ ok: true, accelerator: 'CommandOrControl+Shift+F9' });
    expect(checkAccelerator('Alt+pageup')).toEqual({ ok: true, accelerator: 'Alt+PageUp' });
    expect(checkAccelerator('Control++')).toEqual({ ok: true, accelerator: 'Control+Plus' });
    expect(checkAccelerator('F13')).toEqual({ ok: true, accelerator: 'F13' });
    expect(checkAccelerator('MediaPlayPause')).toEqual({ ok: true, accelerator: 'MediaPlayPause' });
  });

  it('says in a sentence what is wrong with an invalid one', () => {
    const problem = (text: string) => {
      const checked = checkAccelerator(text);
      return checked.ok ? null : checked.problem;
    };
    expect(problem('Ctrl+Shift+Banana')).toBe('"Banana" is not a key the system knows; use a letter, a digit, F1 to F24 or a named key such as Space or PageUp.');
    expect(problem('Ctrl+Shift')).toBe('"Ctrl+Shift" has no key, only modifiers; add one, as in Ctrl+Shift+F9.');
    expect(problem('Ctrl+A+B')).toBe('"Ctrl+A+B" has two keys (A and B); a hotkey is modifiers and one key.');
    expect(problem('L')).toBe('L alone would stop that key working in every other app; add Ctrl, Alt or Shift.');
    expect(problem('A+Shift')).toBe('"A+Shift" has Shift after the key; put the key last, as in Ctrl+Shift+F9.');
    expect(problem('F25+Ctrl')).toMatch(/"F25" is not a key/);
    expect(problem('')).toBe('Type a key combination such as Ctrl+Shift+F9.');
  });
});

describe('checkBindings', () => {
  it('refuses two actions on the same keys, however they are written', () => {
    const checked = checkBindings({ 'toggle-live': 'Ctrl+Shift+L', 'toggle-recording': 'shift+control+l', panic: null }, 'linux');
    expect(checked).toEqual({ ok: false, problems: { 'toggle-recording': 'Control+Shift+L is already the hotkey for "Go live / End"; give each action its own keys.' } });
  });

  it('knows CommandOrControl is Control off macOS and Command on it', () => {
    const bindings = { 'toggle-live': 'CommandOrControl+F9', 'toggle-recording': 'Control+F9', panic: null };
    expect(checkBindings(bindings, 'win32').ok).toBe(false);
    expect(checkBindings(bindings, 'darwin')).toEqual({ ok: true, bindings: { 'toggle-live': 'CommandOrControl+F9', 'toggle-recording': 'Control+F9', panic: null } });
  });

  it('reports an invalid accelerator per action and takes an empty one as none', () => {
    expect(checkBindings({ 'toggle-live': 'Ctrl+Nope', 'toggle-recording': '', panic: 'Alt+P' }, 'linux')).toEqual({ ok: false, problems: { 'toggle-live': expect.stringMatching(/"Nope" is not a key/) } });
    expect(checkBindings({ 'toggle-live': null, 'toggle-recording': '  ', panic: 'alt+p' }, 'linux')).toEqual({ ok: true, bindings: { 'toggle-live': null, 'toggle-recording': null, panic: 'Alt+P' } });
  });
});

describe('HotkeyRegistrar', () => {
  it('registers each binding, reports keys another app holds, and runs the action on a press', () => {
    const shortcuts = new FakeGlobalShortcut();
    shortcuts.held.add('Control+F10');
    const registrar = new HotkeyRegistrar(shortcuts);
    const pressed: HotkeyAction[] = [];
    const problems = registrar.apply({ 'toggle-live': 'Control+F9', 'toggle-recording': 'Control+F10', panic: 'Control+Bogus' }, (action) => pressed.push(action));
    expect(problems).toEqual({
      'toggle-recording': 'Another app already uses Control+F10; choose other keys or close that app and save again.',
      panic: 'The system does not accept Control+Bogus as a hotkey; choose another.',
    });
    shortcuts.press('Control+F9');
    expect(pressed).toEqual(['toggle-live']);
    expect([...shortcuts.registered.keys()]).toEqual(['Control+F9']);
  });

  it('lets go of the old keys before taking new ones, and of all on release', () => {
    const shortcuts = new FakeGlobalShortcut();
    const registrar = new HotkeyRegistrar(shortcuts);
    registrar.apply({ 'toggle-live': 'Control+F9', 'toggle-recording': null, panic: 'Control+F12' }, () => undefined);
    // Swapping two actions' keys works because the old registrations go first.
    expect(registrar.apply({ 'toggle-live': 'Control+F12', 'toggle-recording': null, panic: 'Control+F9' }, () => undefined)).toEqual({});
    expect([...shortcuts.registered.keys()].sort()).toEqual(['Control+F12', 'Control+F9']);
    registrar.release();
    expect(shortcuts.registered.size).toBe(0);
  });
});

describe('DesktopSettingsService', () => {
  let directory: string;
  let warnings: string[];
  let shortcuts: FakeGlobalShortcut;
  let shell: DesktopShell & { loginItem: boolean | null };
  let pressed: HotkeyAction[];

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'desktop-settings-'));
    warnings = [];
    pressed = [];
    shortcuts = new FakeGlobalShortcut();
    shell = {
      shortcuts,
      loginItem: null,
      setStartAtLogin(on) {
        this.loginItem = on;
      },
    };
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function service(platform: NodeJS.Platform = 'linux'): Promise<DesktopSettingsService> {
    const created = new DesktopSettingsService({ store: new DesktopSettingsStore(directory, () => undefined), platform, run: (action) => pressed.push(action), warn: (message) => warnings.push(message) });
    await created.open();
    return created;
  }

  it('shows the defaults unapplied until the desktop shell attaches, then registers them', async () => {
    const settings = await service();
    expect(settings.settings()).toMatchObject({ applied: false, startAtLogin: false, hotkeys: [{ action: 'toggle-live', accelerator: 'CommandOrControl+Shift+F9', problem: null }, {}, {}] });
    settings.attach(shell);
    expect([...shortcuts.registered.keys()]).toEqual(['CommandOrControl+Shift+F9', 'CommandOrControl+Shift+F10', 'CommandOrControl+Shift+F12']);
    expect(shell.loginItem).toBe(false);
    shortcuts.press('CommandOrControl+Shift+F12');
    expect(pressed).toEqual(['panic']);
    expect(settings.settings().applied).toBe(true);
  });

  it('saves valid changes atomically, re-registers, and turns start at login on', async () => {
    const settings = await service();
    settings.attach(shell);
    shortcuts.held.add('Alt+Shift+R');
    const view = await settings.update({ hotkeys: { 'toggle-live': 'alt+shift+l', 'toggle-recording': 'Alt+Shift+R' }, startAtLogin: true });
    expect(view.hotkeys.map((hotkey) => [hotkey.accelerator, hotkey.problem])).toEqual([
      ['Alt+Shift+L', null],
      ['Alt+Shift+R', 'Another app already uses Alt+Shift+R; choose other keys or close that app and save again.'],
      ['CommandOrControl+Shift+F12', null],
    ]);
    expect(shell.loginItem).toBe(true);
    expect(shortcuts.registered.has('CommandOrControl+Shift+F9')).toBe(false);
    const saved = JSON.parse(await readFile(join(directory, 'desktop.json'), 'utf8'));
    expect(saved).toMatchObject({ hotkeys: { 'toggle-live': 'Alt+Shift+L', 'toggle-recording': 'Alt+Shift+R' }, startAtLogin: true });
  });

  it('refuses a clash or an invalid accelerator before saving anything', async () => {
    const settings = await service();
    settings.attach(shell);
    await expect(settings.update({ hotkeys: { panic: 'ctrl+shift+f9' } })).rejects.toMatchObject({
      code: 'invalid_hotkey',
      message: 'Panic: end everything: Control+Shift+F9 is already the hotkey for "Go live / End"; give each action its own keys.',
    });
    await expect(settings.update({ hotkeys: { panic: 'Ctrl+Whatever' } })).rejects.toMatchObject({ code: 'invalid_hotkey' });
    await expect(readFile(join(directory, 'desktop.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(shortcuts.registered.has('CommandOrControl+Shift+F12')).toBe(true);
  });

  it('falls back to the defaults, saying why in the log and the Settings panel until the next save, when the file is corrupt', async () => {
    await writeFile(join(directory, 'desktop.json'), '{ "hotkeys": ');
    const settings = await service();
    const problem = expect.stringMatching(/^The desktop settings \(desktop\.json\) could not be read \(not JSON.*\) and were reset to the defaults; the damaged file was kept as .*desktop\.json\.corrupt-/);
    expect(warnings).toEqual([problem]);
    expect(settings.settings()).toMatchObject({ fileProblem: problem, hotkeys: [{ accelerator: 'CommandOrControl+Shift+F9' }, {}, {}] });
    const backups = (await readdir(directory)).filter((name) => name.startsWith('desktop.json.corrupt-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(directory, backups[0]!), 'utf8')).toBe('{ "hotkeys": ');
    await settings.update({ startAtLogin: true });
    expect(settings.settings().fileProblem).toBeNull();
    expect(JSON.parse(await readFile(join(directory, 'desktop.json'), 'utf8'))).toMatchObject({ startAtLogin: true, hotkeys: { panic: 'CommandOrControl+Shift+F12' } });
  });

  it('leaves hand-edited clashing bindings off, with the reason shown', async () => {
    await writeFile(join(directory, 'desktop.json'), JSON.stringify({ hotkeys: { 'toggle-live': 'Alt+L', 'toggle-recording': 'alt+l', panic: null } }));
    const settings = await service();
    settings.attach(shell);
    expect(shortcuts.registered.size).toBe(0);
    expect(settings.settings().hotkeys[1]?.problem).toMatch(/already the hotkey for "Go live \/ End"/);
    // Start at login is still changed; the bindings wait for the streamer to fix them.
    expect((await settings.update({ startAtLogin: true })).startAtLogin).toBe(true);
    expect(shell.loginItem).toBe(true);
    expect(settings.settings().hotkeys[1]?.problem).toMatch(/already the hotkey/);
  });
});

describe('runHotkeyAction', () => {
  function targets(live = liveState(), uploading = false) {
    const calls = {
      state: vi.fn(async () => live),
      status: vi.fn(async () => appStatus(live, uploading ? totals() : null)),
      goLive: vi.fn(async () => live),
      endLive: vi.fn(async () => live),
      startRecording: vi.fn(async () => live),
      stopRecording: vi.fn(async () => live),
      pauseAll: vi.fn(async () => totals()),
    };
    const { state, status, goLive, endLive, startRecording, stopRecording, pauseAll } = calls;
    return { ...calls, targets: { live: { state, goLive, endLive, startRecording, stopRecording }, app: { status }, uploads: { pauseAll } } satisfies HotkeyTargets };
  }

  it('toggles going live and recording through the live namespace', async () => {
    const idle = targets();
    await runHotkeyAction('toggle-live', idle.targets, () => undefined);
    await runHotkeyAction('toggle-recording', idle.targets, () => undefined);
    expect(idle.goLive).toHaveBeenCalledOnce();
    expect(idle.startRecording).toHaveBeenCalledOnce();
    const live = targets(onAir('a', { state: 'recording' }));
    await runHotkeyAction('toggle-live', live.targets, () => undefined);
    await runHotkeyAction('toggle-recording', live.targets, () => undefined);
    expect(live.endLive).toHaveBeenCalledOnce();
    expect(live.stopRecording).toHaveBeenCalledOnce();
  });

  it('panic ends the stream, stops recording and pauses uploads, even when one step fails', async () => {
    const notices: Notice[] = [];
    const running = targets(onAir('a', { state: 'recording' }), true);
    running.endLive.mockRejectedValue(new Error('the relay did not answer'));
    await runHotkeyAction('panic', running.targets, (notice) => notices.push(notice));
    expect(running.endLive).toHaveBeenCalledOnce();
    expect(running.stopRecording).toHaveBeenCalledOnce();
    expect(running.pauseAll).toHaveBeenCalledOnce();
    expect(notices).toEqual([{ level: 'error', message: '"Panic: end everything" did not work: the relay did not answer' }]);
  });

  it('panic leaves an idle recorder and an empty queue alone', async () => {
    const notices: Notice[] = [];
    const quiet = targets(onAir());
    await runHotkeyAction('panic', quiet.targets, (notice) => notices.push(notice));
    expect(quiet.stopRecording).not.toHaveBeenCalled();
    expect(quiet.pauseAll).not.toHaveBeenCalled();
    expect(notices).toEqual([{ level: 'warning', message: 'Panic hotkey: the stream was ended.' }]);
    const busy = targets(onAir('a', { state: 'recording' }), true);
    await runHotkeyAction('panic', busy.targets, (notice) => notices.push(notice));
    expect(notices[1]).toEqual({ level: 'warning', message: 'Panic hotkey: the stream was ended, recording stopped, uploads paused.' });
  });
});
