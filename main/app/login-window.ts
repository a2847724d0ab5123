// The platform's login page in its own window: its own session partition (no cookies shared with the
// app), no preload, navigation only within the authorization server, and the redirect to the app's
// redirect URI intercepted (never loaded) and handed to the session service.
import { BrowserWindow, session as electronSession } from 'electron';
import { CompanionError } from '../../preload/contract.js';
import type { SignInDriver } from '../session/sign-in-driver.js';
import { loginNavigation } from './login-navigation.js';
import { denyAllPermissions } from './window-security.js';

export const LOGIN_PARTITION = 'login';
/** Never loaded: the window stops at it. A loopback address, so it can never reach another host. */
const REDIRECT_URI = 'http://127.0.0.1/companion/oauth/callback';

export function loginWindowDriver(parent: () => BrowserWindow | null): SignInDriver {
  return {
    // The login window's session partition is cleared after each sign-in: the implicit flow's address, which
    // holds the MAC token, is kept nowhere.
    defaultTokenType: 'mac',
    redirectUri: () => REDIRECT_URI,
    authorize: (authorizeUrl) =>
      new Promise<string>((resolve, reject) => {
        const authOrigin = new URL(authorizeUrl).origin;
        const loginSession = electronSession.fromPartition(LOGIN_PARTITION);
        denyAllPermissions(loginSession);
        const owner = parent();
        const window = new BrowserWindow({
          ...(owner ? { parent: owner, modal: true } : {}),
          width: 520,
          height: 720,
          show: false,
          title: 'Sign in',
          autoHideMenuBar: true,
          webPreferences: { partition: LOGIN_PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, spellcheck: false },
        });
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          outcome();
          if (!window.isDestroyed()) window.close();
        };
        const guard = (event: { preventDefault(): void; url: string }) => {
          const decision = loginNavigation(event.url, authOrigin, REDIRECT_URI);
          if (decision === 'allow') return; // within the authorization server: sign-up, password reset...
          event.preventDefault();
          if (decision === 'complete') settle(() => resolve(event.url));
        };
        const contents = window.webContents;
        contents.on('will-navigate', guard);
        contents.on('will-redirect', guard);
        contents.on('will-frame-navigate', (event) => {
          if (!event.isMainFrame && loginNavigation(event.url, authOrigin, REDIRECT_URI) !== 'allow') event.preventDefault();
        });
        contents.setWindowOpenHandler(() => ({ action: 'deny' }));
        window.once('ready-to-show', () => window.show());
        window.on('closed', () => settle(() => reject(new CompanionError('sign_in_cancelled', 'The sign-in window was closed before the sign-in finished; you are still signed out.'))));
        contents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
          if (isMainFrame && loginNavigation(url, authOrigin, REDIRECT_URI) !== 'complete') {
            settle(() => reject(new CompanionError('unreachable', `The platform's sign-in page could not be loaded (${description}, ${code}). Check the connection and try again.`)));
          }
        });
        window.loadURL(authorizeUrl).catch(() => undefined); // did-fail-load reports it
      }),
  };
}
