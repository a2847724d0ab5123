// What the app is doing (live, recording, uploading), as the tray shows it; follows `appStatus` events.
import { create } from 'zustand';
import type { AppStatus, CompanionBridge } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';

// Types
export interface AppStatusState {
  /** Null until the core first answers. */
  readonly status: AppStatus | null;
}

export interface AppStatusActions {
  load(): Promise<void>;
}

// Initial state
export const initialAppStatusState: AppStatusState = { status: null };

// Hook (with its actions)
export const useAppStatusStore = create<AppStatusState & AppStatusActions>()((set) => ({
  ...initialAppStatusState,
  load: async () => {
    try {
      set({ status: await bridge().app.status() });
    } catch {
      // The header keeps what it had; the connection indicator beside it says why the core is not answering.
    }
  },
}));

/** Follows main's events while connected (connectBridge); returns the unsubscribe. */
export function connectAppStatus(companion: CompanionBridge): () => void {
  return companion.on('appStatus', (status) => useAppStatusStore.setState({ status }));
}

/**
 * The header's words and colour for a status: the same sentence as the tray's tooltip, and the line of a
 * wait the platform's rate limit asks for (null when none).
 */
export function describeAppStatus(status: AppStatus | null): { label: string; tone: AppStatus['indicator'] | 'alert'; title: string; wait: string | null } {
  if (!status) return { label: 'Offline', tone: 'offline', title: 'Not live, not recording, no uploads running.', wait: null };
  const alert = status.live === 'reconnecting' || status.live === 'failed';
  const wait = status.waiting?.message ?? null;
  return { label: status.summary, tone: alert ? 'alert' : status.indicator, title: wait === null ? status.summary : `${status.summary}. ${wait}`, wait };
}
