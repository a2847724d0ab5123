// Notices from the core (contract event `notice`), shown as dismissible banners in the panel they belong to:
// the one the notice names, else the one open when it arrived. Info passes by itself; warnings and errors
// stay until dismissed; a panel shows its latest few.
import { create } from 'zustand';
import type { CompanionBridge, Notice } from '../../../preload/contract.js';

// Types
export interface ShownNotice {
  readonly id: number;
  readonly level: Notice['level'];
  readonly message: string;
  /** The panel it belongs to; null until the banners adopt it for the panel open when it arrived. */
  readonly panel: string | null;
}

export interface NoticesState {
  readonly notices: readonly ShownNotice[];
}

export interface NoticesActions {
  dismiss(id: number): void;
  /** The notices that named no panel now belong to this one (the one open as they arrived). */
  adopt(panel: string): void;
}

// Initial state
export const initialNoticesState: NoticesState = { notices: [] };

/** A panel's banners beyond this push out its oldest: a run of notices never buries the panel. */
export const MAX_SHOWN_PER_PANEL = 3;
/** An info notice tells of something done; it goes after this long. */
export const INFO_SHOWN_MS = 8000;
let nextId = 1;

// Hook (with its actions)
export const useNoticesStore = create<NoticesState & NoticesActions>()((set) => ({
  ...initialNoticesState,
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
  adopt: (panel) => set((state) => ({ notices: capped(state.notices.map((notice) => (notice.panel === null ? { ...notice, panel } : notice))) })),
}));

function capped(notices: readonly ShownNotice[]): ShownNotice[] {
  const kept: ShownNotice[] = [];
  // From the newest back: each panel keeps its latest few.
  for (const notice of [...notices].reverse()) {
    if (kept.filter((other) => other.panel === notice.panel).length < MAX_SHOWN_PER_PANEL) kept.unshift(notice);
  }
  return kept;
}

function show(arrived: readonly Notice[], where: 'before' | 'after'): void {
  const shown = arrived.map((notice) => ({ id: nextId++, level: notice.level, message: notice.message, panel: notice.panel ?? null }));
  useNoticesStore.setState((state) => ({ notices: capped(where === 'before' ? [...shown, ...state.notices] : [...state.notices, ...shown]) }));
  for (const notice of shown) {
    if (notice.level === 'info') setTimeout(() => useNoticesStore.getState().dismiss(notice.id), INFO_SHOWN_MS);
  }
}

/** The banners of one panel (with those not adopted yet: they are the open panel's). */
export function noticesOf(notices: readonly ShownNotice[], panel: string): ShownNotice[] {
  return notices.filter((notice) => notice.panel === panel || notice.panel === null);
}

/**
 * Shows main's notices while connected (connectBridge), and first what happened before this window opened
 * (a damaged settings file reset as the app started). Returns the unsubscribe.
 */
export function connectNotices(companion: CompanionBridge): () => void {
  const off = companion.on('notice', (notice) => show([notice], 'after'));
  // The banners are a courtesy: if they cannot be fetched, the window works without them.
  companion.app.startupNotices().then(
    (early) => {
      if (early.length > 0) show(early, 'before');
    },
    () => undefined,
  );
  return off;
}
