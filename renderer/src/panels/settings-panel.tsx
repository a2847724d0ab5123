import { useAppInfoStore } from '../state/app-info-slice';
import { useConnectionStore } from '../state/connection-slice';
import { CopyDiagnostics } from './copy-diagnostics';
import { DesktopSettingsSection } from './desktop-settings-section';
import { PlatformProfileSection } from './profile-addresses';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../error-details';

export function SettingsPanel() {
  const { info, error } = useAppInfoStore(
    useShallow((state) => ({ info: state.info, error: state.error })),
  );
  const transport = useConnectionStore((state) => state.transport);
  return (
    <section className="panel" aria-labelledby="panel-title">
      <h1 id="panel-title">Settings</h1>
      <h2>About this app</h2>
      {error && (
        <ErrorMessage error={error} lead="Could not read the app's details: " />
      )}
      {!info && !error && <p>Loading…</p>}
      {info && (
        <dl className="facts" data-testid="app-info">
          <dt>Version</dt>
          <dd>
            {info.name} {info.version}
          </dd>
          <dt>Running as</dt>
          <dd data-testid="app-shell-kind">{transport === 'browser' ? 'Browser mode' : 'Desktop app'}</dd>
          {info.shellNote && (
            <>
              <dt>Why</dt>
              <dd>{info.shellNote}</dd>
            </>
          )}
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Runtime</dt>
          <dd>
            Node {info.versions.node}
            {info.versions.electron && `, Electron ${info.versions.electron}`}
          </dd>
        </dl>
      )}
      <PlatformProfileSection />
      <DesktopSettingsSection />
      <h2>Diagnostics</h2>
      <CopyDiagnostics />
    </section>
  );
}
