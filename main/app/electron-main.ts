// The Electron entry: wires the companion core to one locked-down window. Policy lives in
// window-security.ts, IPC in ipc-bridge.ts, serving in app-protocol.ts; this file only connects them.
import { app, BrowserWindow, dialog, nativeTheme, protocol, session, shell } from 'electron';
import { createCore } from '../core.js';
import { installLastResort } from '../last-resort.js';
import { createAppLogger, logDirectoryFor } from '../log/app-logger.js';
import { dataDir } from '../settings/data-dir.js';
import { checkDataDir, DataDirError } from '../settings/data-dir-check.js';
import { registerAppScheme, serveAppProtocol } from './app-protocol.js';
import { startDesktopShell, type DesktopShell } from './desktop-shell.js';
import { connectIpc } from './ipc-bridge.js';
import { LOGIN_PARTITION, loginWindowDriver } from './login-window.js';
import { MainWindowPresenter } from './main-window-presenter.js';
import { showUploadProgress } from './taskbar-progress.js';
import { APP_ENTRY_URL, appPermissionPolicy, isTrustedSender, lockDownWebContents, mainWindowWebPreferences } from './window-security.js';

// Matches the renderer's --bg, so the window does not flash white (or black) before the first paint.
const backgroundColor = { light: '#f6f7f9', dark: '#15171c' };

const directory = dataDir();
const unusableDataDir = dataDirProblem(directory);
// Made before the core, so that a startup failure reaches the log file too (redacted like every line).
const logger = createAppLogger({ directory: logDirectoryFor(directory), console: process.stderr });
// An error nothing caught is logged and the app goes on (Electron would show a dialog and a broadcast
// could end with it): see last-resort.ts.
installLastResort({ logger });

if (unusableDataDir) {
  // Before 'ready' this is the one dialog Electron can show (on Linux it goes to stderr instead).
  dialog.showErrorBox('Broadcaster Companion cannot start', unusableDataDir.message);
  app.exit(1);
} else if (app.requestSingleInstanceLock()) {
  registerAppScheme(protocol);
  start().catch((error: unknown) => {
    logger.error('Startup failed.', { error });
    app.exit(1);
  });
} else {
  // The first instance is told through 'second-instance' and brings its window forward.
  app.quit();
}

async function start(): Promise<void> {
  // One window, brought forward on a second launch, from the tray, a notification or the dock.
  const presenter = new MainWindowPresenter(async () => openMainWindow(), (error: unknown) => logger.error('The window could not open.', { error }));
  const showMainWindow = (): void => presenter.show();
  // Set once the app is ready (the tray and hotkeys need that); the window opens only after.
  let desktopShell: DesktopShell | null = null;
  const { services, events, notices, dispatch, session: signIn, desktopSettings, shutdown } = await createCore({
    shell: 'electron',
    logger,
    signInDriver: loginWindowDriver(() => presenter.window),
    live: {},
    uploads: {},
    hookReceiver: true,
    videoCopies: true,
    desktopSettings: true,
    // Only a file this app saved is shown, and only in its folder (never opened or run).
    videoDownloads: { folder: app.getPath('downloads'), reveal: (file) => shell.showItemInFolder(file) },
  });
  showUploadProgress((listener) => events.on('uploads', listener), () => presenter.window);
  // Start the sandbox profile's platform with the app, so the first sign-in finds it running.
  void signIn.sandbox().catch((error: unknown) => logger.error('The embedded sandbox could not start.', { error }));

  function openMainWindow(): BrowserWindow {
    const place = desktopShell?.windowPlace({ width: 1280, height: 800 }) ?? { bounds: { width: 1280, height: 800 }, maximized: false };
    const window = new BrowserWindow({
      ...place.bounds,
      show: false,
      backgroundColor: nativeTheme.shouldUseDarkColors ? backgroundColor.dark : backgroundColor.light,
      webPreferences: mainWindowWebPreferences,
    });
    // Held here because a closed window's webContents property throws.
    const contents = window.webContents;
    // The window's own scoped ipc, not the global ipcMain: no other webContents can reach these handlers.
    const disconnect = connectIpc({ ipcMain: contents.ipc, dispatch, events, isTrustedSender, windows: () => [contents] });
    window.once('ready-to-show', () => {
      if (place.maximized) window.maximize();
      window.show();
    });
    desktopShell?.manageWindow(window);
    window.on('closed', () => {
      disconnect();
      presenter.closed();
    });
    window.loadURL(APP_ENTRY_URL).catch((error: unknown) => logger.error('The window failed to load.', { error }));
    return window;
  }

  // The login window has its own rules (login-window.ts): it must reach the authorization server.
  app.on('web-contents-created', (_event, contents) => {
    if (contents.session !== session.fromPartition(LOGIN_PARTITION)) lockDownWebContents(contents);
  });
  app.on('second-instance', showMainWindow);
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
    const saved = presenter.window && desktopShell ? desktopShell.saveWindowPlace(presenter.window) : Promise.resolve();
    Promise.all([saved, shutdown(`${app.getName()} is quitting.`)])
      .catch((error: unknown) => logger.error('Shutdown failed.', { error }))
      .finally(() => {
        quitting = 'ready';
        app.quit();
      });
  });

  app
    .whenReady()
    .then(async () => {
      appPermissionPolicy(session.defaultSession);
      serveAppProtocol(protocol);
      // Without a tray or hotkeys the app still works: their failure is logged, the window opens anyway.
      if (desktopSettings) {
        desktopShell = await startDesktopShell({ services, events, notify: notices.notify, desktopSettings, showMainWindow, quitting: () => quitting !== 'no' }).catch((error: unknown) => {
          logger.error('The tray, hotkeys or notifications could not start.', { error });
          return null;
        });
      }
      showMainWindow();
      // macOS keeps an app running with no window; the dock icon brings it back. Registered only now
      // because a window cannot be created before 'ready'.
      app.on('activate', showMainWindow);
    })
    .catch((error: unknown) => {
      logger.error('Startup failed.', { error });
      app.exit(1);
    });
}

/** A data folder that cannot be written stops the app with its one sentence, not a later stack trace. */
function dataDirProblem(folder: string): DataDirError | null {
  try {
    checkDataDir(folder);
    return null;
  } catch (error) {
    if (error instanceof DataDirError) return error;
    throw error;
  }
}
