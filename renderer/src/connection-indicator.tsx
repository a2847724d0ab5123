import { useConnectionStore } from './state/connection-slice';
import type { LinkState } from './bridge/socket-bridge';

function describe(link: LinkState): { label: string; tone: 'ok' | 'busy' | 'bad'; title: string } {
  switch (link.kind) {
    case 'connected':
      return { label: 'Connected', tone: 'ok', title: 'Connected to the app.' };
    case 'connecting':
      return { label: 'Connecting…', tone: 'busy', title: 'Connecting to the app.' };
    case 'reconnecting':
      return { label: 'Reconnecting…', tone: 'busy', title: `The connection dropped; retrying (attempt ${link.attempt}).` };
    case 'lost':
      return { label: 'Disconnected', tone: 'bad', title: link.reason };
  }
}

export function ConnectionIndicator() {
  const link = useConnectionStore((state) => state.link);
  const { label, tone, title } = describe(link);
  return (
    <div className={`connection connection-${tone}`} role="status" aria-live="polite" title={title} data-testid="connection-indicator" data-state={link.kind}>
      <span className="connection-dot" aria-hidden="true" />
      {label}
    </div>
  );
}
