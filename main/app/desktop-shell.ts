// The desktop app's presence beyond its window: the tray icon and menu, system notifications, global
// hotkeys and the login item (handed to the core's desktop settings), and the main window's place and its
// close-to-tray rule. The Electron adapters for tray.ts, native-notifications.ts and window-state.ts.
import { app, globalShortcut, Menu, nativeImage, Notification, screen, Tray, type BrowserWindow, type NativeImage } from 'electron';
import type { AppStatus, Contract, Implementation, Notice } from '../../preload/contract.js';
import type { DesktopSettingsService } from '../desktop/desktop-settings-service.js';
import { runHotkeyAction } from '../desktop/hotkey-actions.js';
import { trayIconPng } from '../desktop/tray-icons.js';
import type { TrayCommand } from '../desktop/tray-model.js';
import { notifyNatively, showWith } from './native-notifications.js';
import { closeDecision, showStatusInTray } from './tray.js';
import { restoredWindow, type SavedWindow } from './window-state.js';
import type { ContractEventSource } from '../typed-emitter.js';

export interface DesktopShellOptions {
  /** The core's services (the tray's commands are the hotkeys' calls) and their events. */
  readonly services: Implementation<Contract>;
  readonly events: ContractEventSource<Contract>;
  readonly notify: (notice: Notice) => void;
  readonly desktopSettings: DesktopSettingsService;
  /** Brings the main window forward (or opens it). */
  readonly showMainWindow: () => void;
  /** The app is quitting: a window closing now closes for good. */
  readonly quitting: () => boolean;
}

export interface DesktopShell {
  /** Where to open the main window: its last place, if a display still shows it. */
  windowPlace(defaults: { width: number; height: number }): SavedWindow;
  /** Closing while live, recording or uploading hides to the tray (said once); every close keeps the place. */
  manageWindow(window: BrowserWindow): void;
  saveWindowPlace(window: BrowserWindow): Promise<void>;
}

const INDICATORS: readonly AppStatus['indicator'][] = ['offline', 'live', 'recording', 'uploading'];

/** Call once Electron is ready: Tray, globalShortcut and the login item cannot be used before. */
export async function startDesktopShell(options: DesktopShellOptions): Promise<DesktopShell> {
  const { services, events, desktopSettings } = options;
  // Following first, then asking: a change that comes while the answer is on its way is the newer one.
  let followed: AppStatus | null = null;
  events.on('appStatus', (next) => {
    followed = next;
  });
  const asked = await services.app.status();
  const status = (): AppStatus => followed ?? asked;

  // Read once: from here on this process is the file's only writer of the window's place and the hint.
  const { settings } = await desktopSettings.store.load();
  let lastPlace = settings.window;
  let hintShown = settings.trayHintShown;
  const tray = createTray(options, status());
  notifyNatively((event, listener) => events.on(event, listener), showWith(Notification, options.showMainWindow), {
    onFailure: (error) => console.error('[companion] system notifications cannot be shown here (no notification service?); the window still shows everything:', error),
  });
  desktopSettings.attach({ shortcuts: globalShortcut, setStartAtLogin: (on) => app.setLoginItemSettings({ openAtLogin: on }) });
  app.on('will-quit', () => globalShortcut.unregisterAll());

  async function saveWindowPlace(window: BrowserWindow, trayHintShown = false): Promise<void> {
    if (window.isDestroyed()) return;
    const place = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    lastPlace = place;
    // Never thrown: a lost position is not worth a failed close or quit.
    await desktopSettings.store
      .update((file) => {
        file.window = place;
        file.trayHintShown ||= trayHintShown;
      })
      .catch((error: unknown) => console.error('[companion] the window position could not be saved:', error));
  }

  return {
    windowPlace: (defaults) => restoredWindow(lastPlace, screen.getAllDisplays(), screen.getPrimaryDisplay(), defaults),
    manageWindow(window) {
      window.on('close', (event) => {
        const decision = closeDecision(status(), hintShown, options.quitting() || tray.isDestroyed());
        if (decision.keepInTray) {
          event.preventDefault();
          window.hide();
        }
        if (decision.tellOnce) {
          hintShown = true;
          try {
            showWith(Notification)({ title: app.getName(), body: `${app.getName()} keeps running in the tray while you are live, recording or uploading. Quit it from the tray icon's menu.` });
          } catch (error) {
            // The window hides anyway; without a notification service the hint is lost, not the close.
            console.error('[companion] the tray hint could not be shown:', error);
          }
        }
        void saveWindowPlace(window, decision.tellOnce);
      });
    },
    saveWindowPlace: (window) => saveWindowPlace(window),
  };
}

function createTray(options: DesktopShellOptions, initial: AppStatus): Tray {
  const { services, events, notify } = options;
  const icons = new Map<AppStatus['indicator'], NativeImage>(
    INDICATORS.map((indicator) => {
      const image = nativeImage.createFromBuffer(trayIconPng(indicator, 16), { scaleFactor: 1 });
      image.addRepresentation({ scaleFactor: 2, buffer: trayIconPng(indicator, 32) });
      return [indicator, image];
    }),
  );
  const iconFor = (indicator: AppStatus['indicator']): NativeImage => icons.get(indicator) ?? nativeImage.createEmpty();
  const tray = new Tray(iconFor(initial.indicator));
  tray.on('click', options.showMainWindow);
  // The same rules as the hotkeys: one place decides what "Go live / End" means in each state.
  const commands: Record<TrayCommand, () => void> = {
    'toggle-live': () => void runHotkeyAction('toggle-live', services, notify),
    'toggle-recording': () => void runHotkeyAction('toggle-recording', services, notify),
    open: options.showMainWindow,
    quit: () => app.quit(),
  };
  showStatusInTray({
    tray: {
      setIcon: (indicator) => tray.setImage(iconFor(indicator)),
      setToolTip: (text) => tray.setToolTip(text),
      setMenu: (items, run) =>
        tray.setContextMenu(
          Menu.buildFromTemplate(
            items.map((item) => {
              const command = item.command;
              return command === null ? { label: item.label, enabled: false } : { label: item.label, enabled: item.enabled, click: () => run(command) };
            }),
          ),
        ),
    },
    appName: app.getName(),
    initial,
    subscribe: (listener) => events.on('appStatus', listener),
    run: (command) => commands[command](),
  });
  return tray;
}
