import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type MouseEvent } from 'react';
import { AccountArea } from './account-area';
import { AppStatusIndicator } from './app-status-indicator';
import { PlatformWaitNotice } from './platform-wait-notice';
import { ConnectionIndicator } from './connection-indicator';
import { KeychainBanner } from './keychain-banner';
import { NoticeBanners } from './notice-banners';
import { SignInPanel } from './panels/sign-in-panel';
import { useAccountScopeStore } from './state/account-scope';
import { useAppInfoStore } from './state/app-info-slice';
import { panels, useNavigationStore, type PanelId } from './state/navigation-slice';

/**
 * A panel loaded when it is first opened: the window's first paint carries only the shell and the
 * Sign-in panel (the build reports the initial load; see scripts/initial-load.mjs).
 */
function lazyPanel<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

const lazyPanels: Record<Exclude<PanelId, 'sign-in'>, LazyExoticComponent<ComponentType>> = {
  'go-live': lazyPanel(() => import('./panels/go-live/go-live-panel'), 'GoLivePanel'),
  uploads: lazyPanel(() => import('./panels/uploads-panel'), 'UploadsPanel'),
  playlists: lazyPanel(() => import('./panels/playlists-panel'), 'PlaylistsPanel'),
  videos: lazyPanel(() => import('./panels/videos/videos-panel'), 'VideosPanel'),
  channel: lazyPanel(() => import('./panels/channel-panel'), 'ChannelPanel'),
  managers: lazyPanel(() => import('./panels/managers-panel'), 'ManagersPanel'),
  'device-passwords': lazyPanel(() => import('./panels/device-passwords-panel'), 'DevicePasswordsPanel'),
  security: lazyPanel(() => import('./panels/security-panel'), 'SecurityPanel'),
  branding: lazyPanel(() => import('./panels/branding-panel'), 'BrandingPanel'),
  hooks: lazyPanel(() => import('./panels/hooks-panel'), 'HooksPanel'),
  settings: lazyPanel(() => import('./panels/settings-panel'), 'SettingsPanel'),
};

function PanelView({ panel }: { panel: PanelId }) {
  if (panel === 'sign-in') return <SignInPanel />;
  const Panel = lazyPanels[panel];
  return (
    <Suspense
      fallback={
        <p className="hint" role="status">
          Opening…
        </p>
      }
    >
      <Panel />
    </Suspense>
  );
}

/**
 * The skip link's jump: focus on the open panel's heading (its first h1), so the next Tab is the panel's
 * first control rather than the header's and the navigation's dozen. The hash keeps naming the panel.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const heading = document.querySelector<HTMLElement>('.app-main h1') ?? document.querySelector<HTMLElement>('.app-main');
  if (heading === null) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export function AppShell() {
  const panel = useNavigationStore((state) => state.panel);
  const open = useNavigationStore((state) => state.open);
  const version = useAppInfoStore((state) => state.info?.version);
  const load = useAppInfoStore((state) => state.load);
  // Another account: the open panel mounts again and loads that account's data.
  const accountGeneration = useAccountScopeStore((state) => state.generation);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="app" data-testid="app-shell">
      <a href="#panel-title" className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <header className="app-header">
        <span className="app-title">Broadcaster Companion</span>
        {version && <span className="app-version">v{version}</span>}
        <span className="header-spacer" />
        <AppStatusIndicator />
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
      <main className="app-main" id="main">
        <KeychainBanner />
        <NoticeBanners />
        <PlatformWaitNotice />
        <PanelView key={accountGeneration} panel={panel} />
      </main>
    </div>
  );
}
