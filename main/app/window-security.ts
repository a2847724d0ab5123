// The renderer's security policy as plain functions and data, so it is unit-tested without Electron:
// which URLs are the app, who may call IPC, where windows may navigate, and the window's webPreferences.
import type { WebPreferences } from 'electron';
import { builtPreloadFile } from '../paths.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'companion';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True only for URLs on exactly the app's origin (app://companion), never a lookalike host or scheme. */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // WHATWG gives non-special schemes an opaque origin ('null'), so the parts are compared one by one;
  // host includes any port, and credentials have no business in an app URL.
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/** An IPC sender is trusted only while its frame shows the app; a frame that is gone has no URL. */
export function isTrustedSender(url: string | null | undefined): boolean {
  return typeof url === 'string' && isAppUrl(url);
}

/** The app is a single page: it may reload itself, but never leave for another origin in-window. */
export function allowNavigation(url: string): boolean {
  return isAppUrl(url);
}

type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { readonly requestingUrl?: string }) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string) => boolean;

/** The part of an Electron Session whose permission handlers the policy replaces. */
export interface PermissionSessionLike {
  setPermissionRequestHandler(handler: PermissionRequestHandler): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler): void;
}

/**
 * The app's own pages may write to the clipboard (the Copy buttons for the ingest address and key) and
 * nothing else; every other origin and permission is denied.
 */
export function appPermissionPolicy(session: PermissionSessionLike): void {
  const allowed = (permission: string, url: string | undefined) => permission === 'clipboard-sanitized-write' && url !== undefined && isAppUrl(url);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(allowed(permission, details.requestingUrl)));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowed(permission, requestingOrigin));
}

/** The UI needs no web permission (camera, notifications, clipboard read, ...), so a compromised page gains none. */
export function denyAllPermissions(session: PermissionSessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export const mainWindowWebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  preload: builtPreloadFile,
} as const satisfies WebPreferences;

interface CancellableEvent {
  preventDefault(): void;
}

interface NavigationEvent extends CancellableEvent {
  readonly url: string;
}

/** The part of Electron's WebContents that the lockdown hooks into. */
export interface LockableWebContents {
  setWindowOpenHandler(handler: (details: { readonly url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: CancellableEvent) => void): unknown;
}

/** For app.on('web-contents-created'): every window, including ones created later, gets the same rules. */
export function lockDownWebContents(contents: LockableWebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: NavigationEvent): void => {
    if (!allowNavigation(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  // webviewTag is off already; this holds even if some window is created with it on.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
