import { describe, expect, it } from 'vitest';
import { closeDecision, showStatusInTray, type TrayLike } from '../../../main/app/tray.js';
import { appStatus, OFFLINE_STATUS } from '../../../main/desktop/app-status.js';
import { trayIconPng } from '../../../main/desktop/tray-icons.js';
import type { TrayCommand, TrayMenuItem } from '../../../main/desktop/tray-model.js';
import type { AppStatus } from '../../../preload/contract.js';
import { liveState, onAir, reconnecting, totals } from '../desktop/status-fixtures.js';

/** Electron's Tray and Menu as far as the tray uses them: records each call, clicks a menu item by label. */
class FakeTray implements TrayLike {
  readonly calls: string[] = [];
  icon: AppStatus['indicator'] | null = null;
  tooltip = '';
  menu: readonly TrayMenuItem[] = [];
  #run: ((command: TrayCommand) => void) | null = null;

  setIcon(icon: AppStatus['indicator']): void {
    this.calls.push(`icon ${icon}`);
    this.icon = icon;
  }

  setToolTip(text: string): void {
    this.calls.push(`tooltip ${text}`);
    this.tooltip = text;
  }

  setMenu(items: readonly TrayMenuItem[], onCommand: (command: TrayCommand) => void): void {
    this.calls.push('menu');
    this.menu = items;
    this.#run = onCommand;
  }

  labels(): string[] {
    return this.menu.map((item) => `${item.label}${item.enabled ? '' : ' (disabled)'}`);
  }

  click(label: string): void {
    const item = this.menu.find((entry) => entry.label === label);
    if (!item?.enabled || item.command === null) throw new Error(`no enabled menu item "${label}"`);
    this.#run?.(item.command);
  }
}

function wire(initial: AppStatus = OFFLINE_STATUS) {
  const tray = new FakeTray();
  const commands: TrayCommand[] = [];
  let listener: ((status: AppStatus) => void) | null = null;
  const stop = showStatusInTray({
    tray,
    appName: 'Companion',
    initial,
    subscribe: (next) => {
      listener = next;
      return () => (listener = null);
    },
    run: (command) => commands.push(command),
  });
  return { tray, commands, stop, send: (status: AppStatus) => listener?.(status), subscribed: () => listener !== null };
}

describe('the tray', () => {
  it('starts offline with Go live, a disabled Record, Open and Quit', () => {
    const { tray } = wire();
    expect(tray.icon).toBe('offline');
    expect(tray.tooltip).toBe('Companion: Offline');
    expect(tray.labels()).toEqual(['Offline (disabled)', 'Go live', 'Record (disabled)', 'Open Companion', 'Quit']);
  });

  it('follows offline → live → recording → reconnecting → ending → uploading → offline', () => {
    const { tray, send } = wire();
    send(appStatus(onAir(), null));
    expect([tray.icon, tray.tooltip]).toEqual(['live', 'Companion: Live on Main']);
    expect(tray.labels()).toEqual(['Live on Main (disabled)', 'End stream', 'Record', 'Open Companion', 'Quit']);

    send(appStatus(onAir('a', { state: 'recording' }), null));
    expect(tray.icon).toBe('recording');
    expect(tray.labels().slice(1, 3)).toEqual(['End stream', 'Stop recording']);

    send(appStatus(reconnecting(), null));
    expect([tray.icon, tray.tooltip]).toEqual(['live', 'Companion: Live, reconnecting on Main']);

    send(appStatus(liveState({ phase: 'ending' }), null));
    expect(tray.labels().slice(1, 3)).toEqual(['Ending… (disabled)', 'Record (disabled)']);

    send(appStatus(liveState(), totals()));
    expect([tray.icon, tray.tooltip]).toEqual(['uploading', 'Companion: Uploading 2 files (25%)']);
    expect(tray.labels().slice(1, 3)).toEqual(['Go live', 'Record (disabled)']);

    send(appStatus(liveState(), totals({ unfinished: 0 })));
    expect(tray.icon).toBe('offline');
  });

  it('redraws only what changed', () => {
    const { tray, send } = wire();
    tray.calls.length = 0;
    send(OFFLINE_STATUS);
    expect(tray.calls).toEqual([]);
    send(appStatus(liveState(), totals({ bytes: 250 })));
    send(appStatus(liveState(), totals({ bytes: 500 })));
    expect(tray.calls).toEqual(['icon uploading', 'tooltip Companion: Uploading 2 files (25%)', 'menu', 'tooltip Companion: Uploading 2 files (50%)', 'menu']);
  });

  it('runs the menu commands and stops following when asked', () => {
    const { tray, commands, send, stop, subscribed } = wire();
    tray.click('Go live');
    send(appStatus(onAir(), null));
    tray.click('Record');
    tray.click('End stream');
    tray.click('Open Companion');
    tray.click('Quit');
    expect(commands).toEqual(['toggle-live', 'toggle-recording', 'toggle-live', 'open', 'quit']);
    stop();
    expect(subscribed()).toBe(false);
  });

  it('draws a PNG of the asked size for each state', () => {
    for (const indicator of ['offline', 'live', 'recording', 'uploading'] as const) {
      const png = trayIconPng(indicator, 32);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
    }
    expect(trayIconPng('live', 16).equals(trayIconPng('offline', 16))).toBe(false);
  });
});

describe('closing the window', () => {
  it('keeps the app in the tray while something runs, and says so once', () => {
    const live = appStatus(onAir(), null);
    expect(closeDecision(live, false, false)).toEqual({ keepInTray: true, tellOnce: true });
    expect(closeDecision(live, true, false)).toEqual({ keepInTray: true, tellOnce: false });
    expect(closeDecision(appStatus(liveState(), totals()), true, false).keepInTray).toBe(true);
  });

  it('closes when idle or when the app quits', () => {
    expect(closeDecision(OFFLINE_STATUS, false, false)).toEqual({ keepInTray: false, tellOnce: false });
    expect(closeDecision(appStatus(onAir(), null), false, true)).toEqual({ keepInTray: false, tellOnce: false });
  });
});
