import { ErrorDetails } from './error-details';
import { useAppStatusStore } from './state/app-status-slice';

/**
 * A wait the platform's rate limit asks for, said above the open panel while it lasts: the panel's calls are
 * the ones held back, and it goes on by itself when the wait is over (the header's status says it too).
 * The call held back (`GET /channels/<channel_id>.<format>`) is a detail, not the sentence.
 */
export function PlatformWaitNotice() {
  const waiting = useAppStatusStore((state) => state.status?.waiting ?? null);
  if (waiting === null) return null;
  const words = `The platform asks the app to wait ${waiting.seconds} s before its next call. Calls go on by themselves when it is over; nothing is lost.`;
  return (
    <div className="notice notice-warning notice-stacked" role="status" data-testid="panel-platform-wait">
      <p>{words}</p>
      <ErrorDetails error={{ message: words, details: waiting.message }} />
    </div>
  );
}
