// System notifications for the moments of a show (notification-policy.ts decides which and how often):
// connects the core's events to the policy and the policy to Electron's Notification, kept behind a
// function so this runs in tests.
import type { CompanionEventName, CompanionEvent } from '../../preload/contract.js';
import { NotificationPolicy, type DesktopNotification } from '../desktop/notification-policy.js';

export type Subscribe = <E extends CompanionEventName>(event: E, listener: (payload: CompanionEvent<E>) => void) => () => void;

/** Returns the function that stops notifying. */
export function notifyNatively(subscribe: Subscribe, show: (notification: DesktopNotification) => void, now?: () => number): () => void {
  const policy = new NotificationPolicy({ show, now });
  const stops = [
    subscribe('live', (live) => policy.liveChanged(live)),
    subscribe('uploads', (change) => policy.uploadsChanged(change.available ? change.totals : null)),
    subscribe('session', (session) => policy.sessionChanged(session)),
    subscribe('notice', (notice) => policy.noticed(notice)),
  ];
  return () => stops.forEach((stop) => stop());
}
