// Notices from the core (contract event `notice`), shown as dismissible banners.
import { create } from 'zustand';
import type { CompanionBridge, Notice } from '../../../preload/contract.js';

// Types
export interface ShownNotice extends Notice {
  readonly id: number;
}

export interface NoticesState {
  readonly notices: readonly ShownNotice[];
}

export interface NoticesActions {
  dismiss(id: number): void;
}

// Initial state
export const initialNoticesState: NoticesState = { notices: [] };

const MAX_SHOWN = 5;
let nextId = 1;

// Hook (with its actions)
export const useNoticesStore = create<NoticesState & NoticesActions>()((set) => ({
  ...initialNoticesState,
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
}));

/**
 * Shows main's notices while connected (connectBridge), and first what happened before this window opened
 * (a damaged settings file reset as the app started). Returns the unsubscribe.
 */
export function connectNotices(companion: CompanionBridge): () => void {
  const off = companion.on('notice', (notice) => {
    useNoticesStore.setState((state) => ({ notices: [...state.notices, { ...notice, id: nextId++ }].slice(-MAX_SHOWN) }));
  });
  // The banners are a courtesy: if they cannot be fetched, the window works without them.
  companion.app.startupNotices().then(
    (early) => {
      if (early.length === 0) return;
      useNoticesStore.setState((state) => ({ notices: [...early.map((notice) => ({ ...notice, id: nextId++ })), ...state.notices].slice(-MAX_SHOWN) }));
    },
    () => undefined,
  );
  return off;
}
