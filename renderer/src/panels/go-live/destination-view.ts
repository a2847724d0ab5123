// The destinations as the panel shows them, from the live state's rows (the channel first, then the
// extra ones): each row's health with its targets' send buffers summed up, and failures in words.
import type { LiveState } from '../../../../preload/contract.js';

type DestinationRow = LiveState['destinations'][number];

export interface DestinationView {
  readonly id: string;
  readonly label: string;
  /** The channel gone live on: it cannot be switched off or removed here. */
  readonly main: boolean;
  readonly kind: DestinationRow['kind'];
  readonly enabled: boolean;
  readonly state: DestinationRow['state'];
  readonly bitrateKbps: number | null;
  readonly reconnects: number;
  readonly lastFailure: DestinationRow['lastFailure'];
  /** ms since the epoch. */
  readonly nextRetryAt: number | null;
  /** Bytes waiting for its link (all its targets together), and the longest time to drain them. */
  readonly sendBufferBytes: number;
  readonly drainSeconds: number | null;
  readonly droppedFrames: number;
  readonly droppedGops: number;
  readonly congested: boolean;
}

const FAILURE_WORDS: Record<NonNullable<DestinationRow['lastFailure']>['kind'], string> = {
  refused: 'refused the stream key',
  unreachable: 'could not be reached',
  timeout: 'stopped answering',
  untrusted: 'certificate not trusted',
  dropped: 'closed the connection',
  unavailable: 'could not be prepared',
};

/** The failure's kind in a few words, for the row's state column. */
export function failureWords(kind: NonNullable<DestinationRow['lastFailure']>['kind']): string {
  return FAILURE_WORDS[kind];
}

export function destinationView(row: DestinationRow): DestinationView {
  const drains = row.targets.map((target) => target.drainSeconds).filter((seconds): seconds is number => seconds !== null);
  return {
    id: row.id,
    label: row.kind === 'main' ? `Channel: ${row.label}` : row.label,
    main: row.kind === 'main',
    kind: row.kind,
    enabled: row.enabled,
    state: row.state,
    bitrateKbps: row.bitrateKbps,
    reconnects: row.reconnects,
    lastFailure: row.lastFailure,
    nextRetryAt: row.nextRetryAt,
    sendBufferBytes: row.targets.reduce((sum, target) => sum + target.sendBufferBytes, 0),
    drainSeconds: drains.length === 0 ? null : Math.max(...drains),
    droppedFrames: row.targets.reduce((sum, target) => sum + target.droppedFrames, 0),
    droppedGops: row.targets.reduce((sum, target) => sum + target.droppedGops, 0),
    congested: row.targets.some((target) => target.congested),
  };
}

/** The channel first, then each extra destination in the order saved (as the live state lists them). */
export function destinationsOf(live: LiveState): DestinationView[] {
  return live.destinations.map(destinationView);
}
