// What the tray shows for a status: its icon, its tooltip and its menu. A pure rule, so every state the
// streamer can be in is checked by a test, not by clicking a tray.
import type { AppStatus } from '../../preload/contract.js';

export type TrayCommand = 'toggle-live' | 'toggle-recording' | 'open' | 'quit';

export interface TrayMenuItem {
  readonly command: TrayCommand | null;
  readonly label: string;
  readonly enabled: boolean;
}

export interface TrayModel {
  readonly icon: AppStatus['indicator'];
  readonly tooltip: string;
  readonly menu: readonly TrayMenuItem[];
}

export function trayModel(status: AppStatus, appName: string): TrayModel {
  const onAir = status.live === 'live' || status.live === 'reconnecting' || status.live === 'starting';
  const busy = status.live === 'ending';
  return {
    icon: status.indicator,
    tooltip: `${appName}: ${status.summary}`,
    menu: [
      // The first line is the status itself, as a label: a tray menu is where a streamer looks first.
      { command: null, label: status.summary, enabled: false },
      { command: 'toggle-live', label: busy ? 'Ending…' : onAir ? 'End stream' : 'Go live', enabled: !busy },
      { command: 'toggle-recording', label: status.recording ? 'Stop recording' : 'Record', enabled: status.recording || onAir },
      { command: 'open', label: `Open ${appName}`, enabled: true },
      { command: 'quit', label: 'Quit', enabled: true },
    ],
  };
}

export function sameTrayModel(a: TrayModel, b: TrayModel): boolean {
  return a.icon === b.icon && a.tooltip === b.tooltip && a.menu.length === b.menu.length && a.menu.every((item, index) => {
    const other = b.menu[index];
    return other !== undefined && other.command === item.command && other.label === item.label && other.enabled === item.enabled;
  });
}
