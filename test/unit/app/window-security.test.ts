import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPreloadFile } from '../../../main/paths.js';
import {
  APP_ENTRY_URL,
  allowNavigation,
  appPermissionPolicy,
  denyAllPermissions,
  isAppUrl,
  isTrustedSender,
  lockDownWebContents,
  mainWindowWebPreferences,
  type LockableWebContents,
  type PermissionSessionLike,
} from '../../../main/app/window-security.js';

const appUrls = ['app://companion/index.html', 'app://companion/', 'app://companion', 'app://companion/assets/main.js?v=1#/uploads', APP_ENTRY_URL];

const foreignUrls = [
  'app://companion.evil/index.html',
  'app://companion.evil.com/',
  'app://evil.companion/',
  'app://evilcompanion/',
  'app://companion:8080/index.html',
  'app://user@companion/index.html',
  'app://companion@evil/index.html',
  'apps://companion/index.html',
  'app-companion://companion/',
  'file:///index.html',
  'file://companion/index.html',
  'http://companion/index.html',
  'https://companion/index.html',
  'http://127.0.0.1:5173/',
  'https://video.ibm.com/',
  'devtools://devtools/bundled/inspector.html',
  'chrome-error://chromewebdata/',
  'about:blank',
  'data:text/html,<h1>hi</h1>',
  'javascript:alert(1)',
  '',
  'not a url',
];

describe('the app origin', () => {
  it.each(appUrls)('accepts %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
    expect(isTrustedSender(url)).toBe(true);
    expect(allowNavigation(url)).toBe(true);
  });

  it.each(foreignUrls)('rejects %j as app URL, IPC sender and navigation target', (url) => {
    expect(isAppUrl(url)).toBe(false);
    expect(isTrustedSender(url)).toBe(false);
    expect(allowNavigation(url)).toBe(false);
  });

  it('does not trust a sender whose frame is gone', () => {
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });

  it('starts the window on the app origin', () => {
    expect(APP_ENTRY_URL).toBe('app://companion/index.html');
  });
});

describe('lockDownWebContents', () => {
  type Listener = (event: { url: string; preventDefault(): void }) => void;

  function fakeContents() {
    const listeners = new Map<string, Listener>();
    let windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents: LockableWebContents = {
      setWindowOpenHandler(handler) {
        windowOpenHandler = handler;
      },
      on(event: string, listener: Listener) {
        listeners.set(event, listener);
      },
    };
    function fire(name: string, url = ''): boolean {
      let prevented = false;
      listeners.get(name)?.({ url, preventDefault: () => (prevented = true) });
      return prevented;
    }
    return { contents, fire, openWindow: (url: string) => windowOpenHandler?.({ url }) };
  }

  it('denies every new window, app URL or not', () => {
    const fake = fakeContents();
    lockDownWebContents(fake.contents);
    expect(fake.openWindow('https://example.com/')).toEqual({ action: 'deny' });
    expect(fake.openWindow(APP_ENTRY_URL)).toEqual({ action: 'deny' });
  });

  it('lets navigations and redirects stay on the app origin and stops the rest', () => {
    const fake = fakeContents();
    lockDownWebContents(fake.contents);
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(fake.fire(event, 'app://companion/index.html')).toBe(false);
      expect(fake.fire(event, 'app://companion.evil/index.html')).toBe(true);
      expect(fake.fire(event, 'https://example.com/')).toBe(true);
      expect(fake.fire(event, 'file:///etc/passwd')).toBe(true);
    }
  });

  it('refuses to attach a webview', () => {
    const fake = fakeContents();
    lockDownWebContents(fake.contents);
    expect(fake.fire('will-attach-webview')).toBe(true);
  });
});

describe('denyAllPermissions', () => {
  it('refuses every permission request and check', () => {
    let request: Parameters<PermissionSessionLike['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSessionLike['setPermissionCheckHandler']>[0] | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => (request = handler),
      setPermissionCheckHandler: (handler) => (check = handler),
    });
    for (const permission of ['media', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'geolocation', 'openExternal']) {
      const answers: boolean[] = [];
      request?.({}, permission, (granted) => answers.push(granted), { requestingUrl: 'app://companion/index.html' });
      expect(answers).toEqual([false]);
      expect(check?.({}, permission, 'app://companion')).toBe(false);
    }
  });
});

describe('appPermissionPolicy', () => {
  it('lets the app write to the clipboard and nothing else, and no other origin anything', () => {
    let request: Parameters<PermissionSessionLike['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSessionLike['setPermissionCheckHandler']>[0] | undefined;
    appPermissionPolicy({
      setPermissionRequestHandler: (handler) => (request = handler),
      setPermissionCheckHandler: (handler) => (check = handler),
    });
    const ask = (permission: string, requestingUrl: string) => {
      const answers: boolean[] = [];
      request?.({}, permission, (granted) => answers.push(granted), { requestingUrl });
      return answers;
    };
    expect(ask('clipboard-sanitized-write', 'app://companion/index.html')).toEqual([true]);
    expect(check?.({}, 'clipboard-sanitized-write', 'app://companion')).toBe(true);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation']) expect(ask(permission, 'app://companion/index.html'), permission).toEqual([false]);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toEqual([false]);
    expect(check?.({}, 'clipboard-sanitized-write', 'app://companion.evil')).toBe(false);
  });
});

describe('the main window webPreferences', () => {
  it('isolate, sandbox and strip the renderer, with only the built preload', () => {
    expect(mainWindowWebPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      preload: builtPreloadFile,
    });
    // Beside the compiled main/paths.js that is build/preload/preload.cjs; from source it sits in preload/.
    expect(mainWindowWebPreferences.preload.endsWith(join('preload', 'preload.cjs'))).toBe(true);
  });
});
