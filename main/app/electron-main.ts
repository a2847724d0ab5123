// The Electron entry: wires the companion core to one locked-down window. Policy lives in
// window-security.ts, IPC in ipc-bridge.ts, serving in app-protocol.ts; this file only connects them.
import { app, BrowserWindow, nativeTheme, protocol, session, shell } from 'electron';
import { createCore } from '../core.js';
import { createAppLogger, logDirectoryFor } from '../log/app-logger.js';
import { dataDir } from '../settings/data-dir.js';
import { registerAppScheme, serveAppProtocol } from './app-protocol.js';
import { connectIpc } from './ipc-bridge.js';
import { LOGIN_PARTITION, loginWindowDriver } from './login-window.js';
import { showUploadProgress } from './taskbar-progress.js';
import { APP_ENTRY_URL, appPermissionPolicy, isTrustedSender, lockDownWebContents, mainWindowWebPreferences } from './window-security.js';

// Matches the renderer's --bg, so the window does not flash white (or black) before the first paint.
const backgroundColor = { light: '#f6f7f9', dark: '#15171c' };

// Made before the core, so that a startup failure reaches the log file too (redacted like every line).
const logger = createAppLogger({ directory: logDirectoryFor(dataDir()), console: process.stderr });

if (app.requestSingleInstanceLock()) {
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
  let mainWindow: BrowserWindow | null = null;
  const { companion, dispatch, session: signIn } = await createCore({
    shell: 'electron',
    logger,
    signInDriver: loginWindowDriver(() => mainWindow),
    live: {},
    uploads: {},
    hookReceiver: true,
    // Only a file this app saved is shown, and only in its folder (never opened or run).
    videoDownloads: { folder: app.getPath('downloads'), reveal: (file) => shell.showItemInFolder(file) },
  });
  showUploadProgress((listener) => companion.events.on('uploads', listener), () => mainWindow);
  // Start the sandbox profile's platform with the app, so the first sign-in finds it running.
  void signIn.sandbox().catch((error: unknown) => logger.error('The embedded sandbox could not start.', { error }));

  function openMainWindow(): BrowserWindow {
    const window = new BrowserWindow({
      width: 1280,
      height: 800,
      show: false,
      backgroundColor: nativeTheme.shouldUseDarkColors ? backgroundColor.dark : backgroundColor.light,
      webPreferences: mainWindowWebPreferences,
    });
    // Held here because a closed window's webContents property throws.
    const contents = window.webContents;
    // The window's own scoped ipc, not the global ipcMain: no other webContents can reach these handlers.
    const disconnect = connectIpc({ ipcMain: contents.ipc, dispatch, events: companion.events, isTrustedSender, windows: () => [contents] });
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      disconnect();
      mainWindow = null;
    });
    window.loadURL(APP_ENTRY_URL).catch((error: unknown) => logger.error('The window failed to load.', { error }));
    return window;
  }

  function showMainWindow(): void {
    if (!mainWindow) {
      mainWindow = openMainWindow();
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
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
    mainWindow?.setBackgroundColor(nativeTheme.shouldUseDarkColors ? backgroundColor.dark : backgroundColor.light);
  });

  let quitting: 'no' | 'shutting-down' | 'ready' = 'no';
  // before-quit, not will-quit: windows are still open, so they can show the goodbye notice.
  app.on('before-quit', (event) => {
    if (quitting === 'ready') return;
    event.preventDefault();
    if (quitting === 'shutting-down') return;
    quitting = 'shutting-down';
    companion
      .shutdown(`${app.getName()} is quitting.`)
      .catch((error: unknown) => logger.error('Shutdown failed.', { error }))
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
