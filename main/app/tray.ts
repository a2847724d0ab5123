// The tray icon: follows the app status (icon, tooltip, menu) and runs the menu's commands; and the rule
// for closing the window while something runs. Electron's Tray and Menu stay behind TrayLike, so the
// state transitions are tested without Electron (electron-main.ts adapts the real ones).
import type { AppStatus } from '../../preload/contract.js';
import { sameTrayModel, trayModel, type TrayCommand, type TrayMenuItem, type TrayModel } from '../desktop/tray-model.js';

/** The calls on Electron's Tray (with Menu.buildFromTemplate and the icons) the tray needs. */
export interface TrayLike {
  setIcon(icon: AppStatus['indicator']): void;
  setToolTip(text: string): void;
  setMenu(items: readonly TrayMenuItem[], onCommand: (command: TrayCommand) => void): void;
}

/**
 * Shows `initial`, then every status `subscribe` reports, redrawing only what changed (a menu rebuilt
 * while open closes it on some systems). Returns the function that stops following.
 */
export function showStatusInTray(options: {
  readonly tray: TrayLike;
  readonly appName: string;
  readonly initial: AppStatus;
  readonly subscribe: (listener: (status: AppStatus) => void) => () => void;
  readonly run: (command: TrayCommand) => void;
}): () => void {
  let shown: TrayModel | null = null;
  const draw = (status: AppStatus): void => {
    const model = trayModel(status, options.appName);
    if (shown && sameTrayModel(shown, model)) return;
    if (!shown || shown.icon !== model.icon) options.tray.setIcon(model.icon);
    if (!shown || shown.tooltip !== model.tooltip) options.tray.setToolTip(model.tooltip);
    options.tray.setMenu(model.menu, options.run);
    shown = model;
  };
  draw(options.initial);
  return options.subscribe(draw);
}

export interface CloseDecision {
  /** Hide the window to the tray instead of closing it. */
  readonly keepInTray: boolean;
  /** Say (once ever) that the app is still running in the tray. */
  readonly tellOnce: boolean;
}

/**
 * Closing the window must not end a show: while live, recording or uploading the window hides to the tray
 * (Quit in the tray menu still quits). Idle, it closes as any window does.
 */
export function closeDecision(status: AppStatus, hintShown: boolean, quitting: boolean): CloseDecision {
  const keepInTray = !quitting && status.indicator !== 'offline';
  return { keepInTray, tellOnce: keepInTray && !hintShown };
}
