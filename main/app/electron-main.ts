// The Electron entry: wires the companion core to one locked-down window. Policy lives in
// window-security.ts, IPC in ipc-bridge.ts, serving in app-protocol.ts; this file only connects them.
import { app, BrowserWindow, globalShortcut, Menu, nativeImage, nativeTheme, Notification, protocol, screen, session, Tray } from 'electron';
import type { AppStatus } from '../../preload/contract.js';
import { runHotkeyAction } from '../desktop/hotkey-actions.js';
import { trayIconPng } from '../desktop/tray-icons.js';
import type { TrayCommand } from '../desktop/tray-model.js';
import { notifyNatively } from './native-notifications.js';
import { closeDecision, showStatusInTray } from './tray.js';
import { restoredWindow } from './window-state.js';
import { MainWindowPresenter } from './main-window-presenter.js';
import { createCore } from '../core.js';
import { registerAppScheme, serveAppProtocol } from './app-protocol.js';
import { connectIpc } from './ipc-bridge.js';
import { LOGIN_PARTITION, loginWindowDriver } from './login-window.js';
import { showUploadProgress } from './taskbar-progress.js';
import { APP_ENTRY_URL, appPermissionPolicy, isTrustedSender, lockDownWebContents, mainWindowWebPreferences } from './window-security.js';

// Matches the renderer's --bg, so the window does not flash white (or black) before the first paint.
const backgroundColor = { light: '#f6f7f9', dark: '#15171c' };

if (app.requestSingleInstanceLock()) {
  registerAppScheme(protocol);
  start().catch((error: unknown) => {
    console.error('[companion] startup failed:', error);
    app.exit(1);
  });
} else {
  // The first instance is told through 'second-instance' and brings its window forward.
  app.quit();
}

async function start(): Promise<void> {
  // openMainWindow is hoisted; it runs only once the app is ready, long after the core below exists.
  const presenter = new MainWindowPresenter(openMainWindow, (error: unknown) => console.error('[companion] the window could not open:', error));
  const showMainWindow = (): void => presenter.show();
  const { companion, dispatch, session: signIn, desktopSettings } = await createCore({
    shell: 'electron',
    logSink: process.stderr,
    signInDriver: loginWindowDriver(() => presenter.window),
    live: {},
    uploads: {},
    hookReceiver: true,
    desktopSettings: true,
  });
  showUploadProgress((listener) => companion.events.on('uploads', listener), () => presenter.window);
  // Following first, then asking: a change that comes while the answer is on its way is the newer one.
  let followed: AppStatus | null = null;
  companion.events.on('appStatus', (next) => {
    followed = next;
  });
  const asked = await companion.appStatus();
  const currentStatus = (): AppStatus => followed ?? asked;
  // Start the sandbox profile's platform with the app, so the first sign-in finds it running.
  void signIn.sandbox().catch((error: unknown) => console.error('[companion] the embedded sandbox could not start:', error));

  async function openMainWindow(): Promise<BrowserWindow> {
    const { settings } = await desktop().store.load();
    const place = restoredWindow(settings.window, screen.getAllDisplays(), screen.getPrimaryDisplay(), { width: 1280, height: 800 });
    const window = new BrowserWindow({
      ...place.bounds,
      show: false,
      backgroundColor: nativeTheme.shouldUseDarkColors ? backgroundColor.dark : backgroundColor.light,
      webPreferences: mainWindowWebPreferences,
    });
    // Held here because a closed window's webContents property throws.
    const contents = window.webContents;
    // The window's own scoped ipc, not the global ipcMain: no other webContents can reach these handlers.
    const disconnect = connectIpc({ ipcMain: contents.ipc, dispatch, events: companion.events, isTrustedSender, windows: () => [contents] });
    window.once('ready-to-show', () => {
      if (place.maximized) window.maximize();
      window.show();
    });
    window.on('close', (event) => {
      const decision = closeDecision(currentStatus(), settings.trayHintShown, quitting !== 'no' || tray === null);
      if (decision.keepInTray) {
        event.preventDefault();
        window.hide();
      }
      if (decision.tellOnce) {
        settings.trayHintShown = true;
        if (Notification.isSupported()) new Notification({ title: app.getName(), body: `${app.getName()} keeps running in the tray while you are live, recording or uploading. Quit it from the tray icon's menu.` }).show();
      }
      void saveWindowPlace(window, decision.tellOnce);
    });
    window.on('closed', () => {
      disconnect();
      presenter.closed();
    });
    window.loadURL(APP_ENTRY_URL).catch((error: unknown) => console.error('[companion] the window failed to load:', error));
    return window;
  }

  /** Where the window is, for the next start; never throws (a lost position is not worth a failed quit). */
  async function saveWindowPlace(window: BrowserWindow, trayHintShown = false): Promise<void> {
    if (window.isDestroyed()) return;
    const place = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    await desktop()
      .store.update((file) => {
        file.window = place;
        file.trayHintShown ||= trayHintShown;
      })
      .catch((error: unknown) => console.error('[companion] the window position could not be saved:', error));
  }

  function desktop(): NonNullable<typeof desktopSettings> {
    if (!desktopSettings) throw new Error('the core was created without desktop settings');
    return desktopSettings;
  }

  const trayCommands: Record<TrayCommand, () => void> = {
    // The same rules as the hotkeys: one place decides what "Go live / End" means in each state.
    'toggle-live': () => void runHotkeyAction('toggle-live', companion, (notice) => companion.notify(notice)),
    'toggle-recording': () => void runHotkeyAction('toggle-recording', companion, (notice) => companion.notify(notice)),
    open: showMainWindow,
    quit: () => app.quit(),
  };

  let tray: Tray | null = null;
  function createTray(): void {
    const icons = Object.fromEntries(
      (['offline', 'live', 'recording', 'uploading'] as const).map((indicator) => {
        const image = nativeImage.createFromBuffer(trayIconPng(indicator, 16), { scaleFactor: 1 });
        image.addRepresentation({ scaleFactor: 2, buffer: trayIconPng(indicator, 32) });
        return [indicator, image];
      }),
    ) as Record<AppStatus['indicator'], Electron.NativeImage>;
    const electronTray = new Tray(icons.offline);
    tray = electronTray;
    electronTray.on('click', showMainWindow);
    showStatusInTray({
      tray: {
        setIcon: (indicator) => electronTray.setImage(icons[indicator]),
        setToolTip: (text) => electronTray.setToolTip(text),
        setMenu: (items, run) =>
          electronTray.setContextMenu(
            Menu.buildFromTemplate(items.map((item) => (item.command === null ? { label: item.label, enabled: false } : { label: item.label, enabled: item.enabled, click: () => run(item.command as TrayCommand) }))),
          ),
      },
      appName: app.getName(),
      initial: currentStatus(),
      subscribe: (listener) => companion.events.on('appStatus', listener),
      run: (command) => trayCommands[command](),
    });
  }

  // The login window has its own rules (login-window.ts): it must reach the authorization server.
  app.on('web-contents-created', (_event, contents) => {
    if (contents.session !== session.fromPartition(LOGIN_PARTITION)) lockDownWebContents(contents);
  });
  app.on('second-instance', showMainWindow);
  notifyNatively(
    (event, listener) => companion.events.on(event, listener),
    (notification) => {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: notification.title, body: notification.body });
      shown.on('click', showMainWindow);
      shown.show();
    },
  );
  app.on('will-quit', () => globalShortcut.unregisterAll());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  nativeTheme.on('updated', () => {
    presenter.window?.setBackgroundColor(nativeTheme.shouldUseDarkColors ? backgroundColor.dark : backgroundColor.light);
  });

  let quitting: 'no' | 'shutting-down' | 'ready' = 'no';
  // before-quit, not will-quit: windows are still open, so they can show the goodbye notice.
  app.on('before-quit', (event) => {
    if (quitting === 'ready') return;
    event.preventDefault();
    if (quitting === 'shutting-down') return;
    quitting = 'shutting-down';
    // The window's place is saved now, while the window is there and the process has time to write.
    const saved = presenter.window ? saveWindowPlace(presenter.window) : Promise.resolve();
    Promise.all([saved, companion.shutdown(`${app.getName()} is quitting.`)])
      .catch((error: unknown) => console.error('[companion] shutdown failed:', error))
      .finally(() => {
        quitting = 'ready';
        app.quit();
      });
  });

  app
    .whenReady()
    .then(() => {
      appPermissionPolicy(session.defaultSession);
      serveAppProtocol(protocol);
      createTray();
      // globalShortcut and the login item work only once Electron is ready.
      desktop().attach({ shortcuts: globalShortcut, setStartAtLogin: (on) => app.setLoginItemSettings({ openAtLogin: on }) });
      showMainWindow();
      // macOS keeps an app running with no window; the dock icon brings it back. Registered only now
      // because a window cannot be created before 'ready'.
      app.on('activate', showMainWindow);
    })
    .catch((error: unknown) => {
      console.error('[companion] startup failed:', error);
      app.exit(1);
    });
}
