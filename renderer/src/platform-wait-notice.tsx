import { useAppStatusStore } from './state/app-status-slice';

/**
 * A wait the platform's rate limit asks for, said above the open panel while it lasts: the panel's calls are
 * the ones held back, and it goes on by itself when the wait is over (the header's status says it too).
 */
export function PlatformWaitNotice() {
  const waiting = useAppStatusStore((state) => state.status?.waiting ?? null);
  if (waiting === null) return null;
  return (
    <p className="notice notice-warning" role="status" data-testid="panel-platform-wait">
      {waiting.message} Calls go on by themselves when it is over; nothing is lost.
    </p>
  );
}
