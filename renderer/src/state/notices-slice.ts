// Notices from the core (contract event `notice`), shown as dismissible banners.
import { create } from 'zustand';
import type { Notice } from '../../../preload/contract.js';
import { companion } from '../bridge/companion-bridge';

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

companion.on('notice', (notice) => {
  useNoticesStore.setState((state) => ({ notices: [...state.notices, { ...notice, id: nextId++ }].slice(-MAX_SHOWN) }));
});

// What happened before this window opened (a damaged settings file reset as the app started) comes first.
// The banners are a courtesy: if they cannot be fetched, the window works without them.
companion.app.startupNotices().then(
  (early) => {
    if (early.length === 0) return;
    useNoticesStore.setState((state) => ({ notices: [...early.map((notice) => ({ ...notice, id: nextId++ })), ...state.notices].slice(-MAX_SHOWN) }));
  },
  () => undefined,
);
