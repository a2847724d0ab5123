// System notifications for the moments of a show (notification-policy.ts decides which and how often):
// connects the core's events to the policy and the policy to Electron's Notification, kept behind a
// function so this runs in tests.
//
// A machine with no notification daemon (a headless or minimal Linux desktop) has no system notifications:
// Notification.isSupported() is false there, or show() fails. That must cost nothing but the toast: the
// same events go on to the window (its banners and panels), and a throw here would stop them, since the
// event hub calls its listeners in turn.
import type { CompanionEventName, CompanionEvent } from '../../preload/contract.js';
import { NotificationPolicy, type DesktopNotification } from '../desktop/notification-policy.js';

export type Subscribe = <E extends CompanionEventName>(event: E, listener: (payload: CompanionEvent<E>) => void) => () => void;

/** Electron's Notification class, as much of it as is used here (a fake in tests). */
export interface NotificationClass {
  isSupported(): boolean;
  new (options: { title: string; body: string }): { on(event: 'click', listener: () => void): unknown; show(): void };
}

export interface NotifyNativelyOptions {
  readonly now?: () => number;
  /** Told the first time showing fails (no daemon, a broken bus); later failures stay quiet. */
  readonly onFailure?: (error: unknown) => void;
}

/** Returns the function that stops notifying. */
export function notifyNatively(subscribe: Subscribe, show: (notification: DesktopNotification) => void, options: NotifyNativelyOptions = {}): () => void {
  let failed = false;
  const showSafely = (notification: DesktopNotification): void => {
    try {
      show(notification);
    } catch (error) {
      if (!failed) options.onFailure?.(error);
      failed = true;
    }
  };
  const policy = new NotificationPolicy({ show: showSafely, now: options.now });
  const stops = [
    subscribe('live', (live) => policy.liveChanged(live)),
    subscribe('uploads', (change) => policy.uploadsChanged(change.available ? change.totals : null)),
    subscribe('session', (session) => policy.sessionChanged(session)),
    subscribe('notice', (notice) => policy.noticed(notice)),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Shows a notification through Electron when the system has a notification service; does nothing otherwise. */
export function showWith(Notification: NotificationClass, onClick?: () => void): (notification: { title: string; body: string }) => void {
  return ({ title, body }) => {
    if (!Notification.isSupported()) return;
    const shown = new Notification({ title, body });
    if (onClick) shown.on('click', onClick);
    shown.show();
  };
}
