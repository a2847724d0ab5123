// Which panel is open; mirrored in the address's hash so a reload keeps the place.
import { create } from 'zustand';

// Types
export const panels = [
  { id: 'sign-in', label: 'Sign in' },
  { id: 'go-live', label: 'Go live' },
  { id: 'uploads', label: 'Uploads' },
  { id: 'videos', label: 'Videos' },
  { id: 'playlists', label: 'Playlists' },
  { id: 'channel', label: 'Channel' },
  { id: 'managers', label: 'Managers' },
  { id: 'device-passwords', label: 'Device passwords' },
  { id: 'security', label: 'Security' },
  { id: 'branding', label: 'Branding' },
  { id: 'hooks', label: 'Hooks' },
  { id: 'settings', label: 'Settings' },
] as const;

export type PanelId = (typeof panels)[number]['id'];

export interface NavigationState {
  readonly panel: PanelId;
}

export interface NavigationActions {
  open(panel: PanelId): void;
}

function panelFromHash(hash: string): PanelId {
  const wanted = hash.replace(/^#\/?/, '');
  return panels.find((panel) => panel.id === wanted)?.id ?? 'sign-in';
}

// Initial state
export const initialNavigationState: NavigationState = { panel: panelFromHash(window.location.hash) };

// Hook (with its actions)
export const useNavigationStore = create<NavigationState & NavigationActions>()((set) => ({
  ...initialNavigationState,
  open: (panel) => {
    window.history.replaceState(null, '', `#/${panel}`);
    set({ panel });
  },
}));

window.addEventListener('hashchange', () => useNavigationStore.setState({ panel: panelFromHash(window.location.hash) }));
