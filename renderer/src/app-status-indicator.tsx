import { useEffect } from 'react';
import { describeAppStatus, useAppStatusStore } from './state/app-status-slice';

/** The header's live / recording / uploading status: what the tray icon shows in the desktop app. */
export function AppStatusIndicator() {
  const status = useAppStatusStore((state) => state.status);
  const load = useAppStatusStore((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);
  const { label, tone, title } = describeAppStatus(status);
  return (
    <div className={`app-status app-status-${tone}`} role="status" aria-live="polite" title={title} data-testid="app-status" data-indicator={status?.indicator ?? 'offline'} data-live={status?.live ?? 'offline'}>
      <span className="app-status-dot" aria-hidden="true" />
      {label}
    </div>
  );
}
