import { useEffect } from 'react';
import { AccountArea } from './account-area';
import { ConnectionIndicator } from './connection-indicator';
import { NoticeBanners } from './notice-banners';
import { BrandingPanel } from './panels/branding-panel';
import { DevicePasswordsPanel } from './panels/device-passwords-panel';
import { ChannelPanel } from './panels/channel-panel';
import { GoLivePanel } from './panels/go-live-panel';
import { HooksPanel } from './panels/hooks-panel';
import { ManagersPanel } from './panels/managers-panel';
import { SecurityPanel } from './panels/security-panel';
import { SettingsPanel } from './panels/settings-panel';
import { SignInPanel } from './panels/sign-in-panel';
import { UpcomingPanel } from './panels/upcoming-panel';
import { UploadsPanel } from './panels/uploads-panel';
import { useAppInfoStore } from './state/app-info-slice';
import { panels, useNavigationStore, type PanelId } from './state/navigation-slice';

const purposes: Record<Exclude<PanelId, 'settings' | 'sign-in' | 'go-live' | 'uploads' | 'channel' | 'managers' | 'device-passwords' | 'security' | 'branding' | 'hooks'>, string> = {
  videos: 'Edit, trim, caption, chapter and organise your videos and playlists.',
};

function PanelView({ panel }: { panel: PanelId }) {
  if (panel === 'settings') return <SettingsPanel />;
  if (panel === 'sign-in') return <SignInPanel />;
  if (panel === 'go-live') return <GoLivePanel />;
  if (panel === 'uploads') return <UploadsPanel />;
  if (panel === 'channel') return <ChannelPanel />;
  if (panel === 'managers') return <ManagersPanel />;
  if (panel === 'device-passwords') return <DevicePasswordsPanel />;
  if (panel === 'security') return <SecurityPanel />;
  if (panel === 'branding') return <BrandingPanel />;
  if (panel === 'hooks') return <HooksPanel />;
  const label = panels.find((entry) => entry.id === panel)?.label ?? panel;
  return <UpcomingPanel title={label} purpose={purposes[panel]} />;
}

export function AppShell() {
  const panel = useNavigationStore((state) => state.panel);
  const open = useNavigationStore((state) => state.open);
  const version = useAppInfoStore((state) => state.info?.version);
  const load = useAppInfoStore((state) => state.load);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="app" data-testid="app-shell">
      <header className="app-header">
        <span className="app-title">Broadcaster Companion</span>
        {version && <span className="app-version">v{version}</span>}
        <span className="header-spacer" />
        <AccountArea />
        <ConnectionIndicator />
      </header>
      <nav className="app-nav" aria-label="Panels">
        {panels.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className="nav-item"
            aria-current={entry.id === panel ? 'page' : undefined}
            onClick={() => open(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </nav>
      <main className="app-main">
        <NoticeBanners />
        <PanelView panel={panel} />
      </main>
    </div>
  );
}
