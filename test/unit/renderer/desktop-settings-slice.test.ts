import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type DesktopSettings } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

const bridge = connectFakeBridge({ desktop: { settings: vi.fn(), update: vi.fn() } });

const { initialDesktopSettingsState, useDesktopSettingsStore } = await import('../../../renderer/src/state/desktop-settings-slice');

function settings(problem: string | null = null): DesktopSettings {
  return {
    hotkeys: [
      { action: 'toggle-live', label: 'Go live / End', accelerator: 'Alt+L', problem },
      { action: 'toggle-recording', label: 'Record / Stop recording', accelerator: null, problem: null },
      { action: 'panic', label: 'Panic: end everything', accelerator: 'Alt+P', problem: null },
    ],
    startAtLogin: false,
    applied: true,
    fileProblem: null,
  };
}

beforeEach(async () => {
  vi.clearAllMocks();
  useDesktopSettingsStore.setState({ ...initialDesktopSettingsState });
  bridge.companion.desktop.settings.mockResolvedValue(settings());
  await useDesktopSettingsStore.getState().load();
});

describe('desktop settings slice', () => {
  it('saves and says so, or says which keys another app holds', async () => {
    bridge.companion.desktop.update.mockResolvedValue(settings());
    expect(await useDesktopSettingsStore.getState().save({ hotkeys: { 'toggle-live': 'Alt+L' } })).toBe(true);
    expect(useDesktopSettingsStore.getState()).toMatchObject({ busy: false, error: null, done: 'Saved.' });
    bridge.companion.desktop.update.mockResolvedValue(settings('Another app already uses Alt+L; choose other keys or close that app and save again.'));
    await useDesktopSettingsStore.getState().save({ hotkeys: { 'toggle-live': 'Alt+L' } });
    expect(useDesktopSettingsStore.getState().done).toBeNull();
    expect(useDesktopSettingsStore.getState().settings?.hotkeys[0]?.problem).toMatch(/Another app already uses Alt\+L/);
  });

  it('keeps the saved settings and shows the sentence when main refuses a clash', async () => {
    bridge.companion.desktop.update.mockRejectedValue(new CompanionError('invalid_hotkey', 'Panic: end everything: Alt+L is already the hotkey for "Go live / End"; give each action its own keys.'));
    expect(await useDesktopSettingsStore.getState().save({ hotkeys: { panic: 'Alt+L' } })).toBe(false);
    expect(useDesktopSettingsStore.getState()).toMatchObject({ busy: false, done: null, error: { message: expect.stringMatching(/already the hotkey for "Go live \/ End"/) } });
    expect(useDesktopSettingsStore.getState().settings?.hotkeys[2]?.accelerator).toBe('Alt+P');
  });
});
