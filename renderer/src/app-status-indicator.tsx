import { useEffect } from 'react';
import { useConnectionStore } from './state/connection-slice';
import { describeAppStatus, useAppStatusStore } from './state/app-status-slice';

/** The header's live / recording / uploading status (what the tray icon shows in the desktop app), and a wait the platform asks for. */
export function AppStatusIndicator() {
  const status = useAppStatusStore((state) => state.status);
  const load = useAppStatusStore((state) => state.load);
  const connected = useConnectionStore((state) => state.link.kind === 'connected');
  // Asked again after each reconnect: the changes sent while the link was down never arrived.
  useEffect(() => {
    if (connected) void load();
  }, [connected, load]);
  const { label, tone, title, wait } = describeAppStatus(status);
  return (
    <div className={`app-status app-status-${tone}`} role="status" aria-live="polite" title={title} data-testid="app-status" data-indicator={status?.indicator ?? 'offline'} data-live={status?.live ?? 'offline'}>
      <span className="app-status-dot" aria-hidden="true" />
      {label}
      {wait !== null && (
        <span className="app-status-wait" data-testid="platform-wait">
          {wait}
        </span>
      )}
    </div>
  );
}
