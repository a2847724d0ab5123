// The destinations as the panel shows them, read from the live state: the channel (its ingest servers
// as one destination) first, then the extra destinations. Fields a relay does not report yet (the send
// buffer, dropped frames) read as null or zero, so the rows show "—" rather than failing.
import type { LiveState } from '../../../../preload/contract.js';

export interface DestinationView {
  readonly id: string;
  readonly label: string;
  /** The channel the broadcast is for: it cannot be switched off or removed here. */
  readonly main: boolean;
  readonly kind: string;
  readonly enabled: boolean;
  readonly state: string;
  readonly bitrateKbps: number | null;
  readonly reconnects: number;
  readonly lastFailure: { readonly kind: string; readonly reason: string } | null;
  /** ms since the epoch. */
  readonly nextRetryAt: number | null;
  readonly sendBufferBytes: number | null;
  readonly drainSeconds: number | null;
  readonly droppedFrames: number;
  readonly congested: boolean;
}

/** Per-target congestion, as far as the relay reports it. */
interface TargetHealth {
  readonly sendBufferBytes?: number | null;
  readonly drainSeconds?: number | null;
  readonly droppedFrames?: number;
  readonly congested?: boolean;
}

/** An extra destination, as far as the live state reports it. */
interface DestinationFields {
  readonly id: string;
  readonly label: string;
  readonly kind?: string;
  readonly enabled?: boolean;
  readonly state?: string;
  readonly bitrateKbps?: number | null;
  readonly reconnects?: number;
  readonly lastFailure?: { readonly kind: string; readonly reason: string } | null;
  readonly nextRetryAt?: number | null;
  readonly targets?: readonly TargetHealth[];
}

const FAILURE_WORDS: Record<string, string> = {
  refused: 'refused the stream key',
  auth: 'refused the stream key',
  unreachable: 'could not be reached',
  timeout: 'stopped answering',
  untrusted: 'certificate not trusted',
  tls: 'certificate not trusted',
  dropped: 'closed the connection',
  closed: 'closed the connection',
};

/** The failure's kind in a few words, for the row's state column. */
export function failureWords(kind: string): string {
  return FAILURE_WORDS[kind] ?? kind;
}

function health(targets: readonly TargetHealth[]): Pick<DestinationView, 'sendBufferBytes' | 'drainSeconds' | 'droppedFrames' | 'congested'> {
  const buffers = targets.map((target) => target.sendBufferBytes).filter((bytes): bytes is number => typeof bytes === 'number');
  const drains = targets.map((target) => target.drainSeconds).filter((seconds): seconds is number => typeof seconds === 'number');
  return {
    sendBufferBytes: buffers.length === 0 ? null : buffers.reduce((sum, bytes) => sum + bytes, 0),
    drainSeconds: drains.length === 0 ? null : Math.max(...drains),
    droppedFrames: targets.reduce((sum, target) => sum + (target.droppedFrames ?? 0), 0),
    congested: targets.some((target) => target.congested === true),
  };
}

function channelDestination(live: LiveState, main: DestinationFields | undefined): DestinationView {
  const active = live.targets.find((target) => target.active);
  const failed = live.targets.find((target) => target.lastError !== null);
  const onAir = live.phase === 'live' || live.phase === 'starting';
  return {
    id: main?.id ?? 'channel',
    label: live.channel ? `Channel: ${live.channel.title}` : 'Channel',
    main: true,
    kind: 'channel',
    enabled: true,
    state: main?.state ?? active?.state ?? (onAir ? 'connecting' : 'idle'),
    bitrateKbps: main?.bitrateKbps ?? active?.bitrateKbps ?? null,
    reconnects: main?.reconnects ?? live.targets.reduce((sum, target) => sum + target.reconnects, 0),
    lastFailure: main?.lastFailure ?? (failed?.lastError ? { kind: failed.failure ?? 'dropped', reason: failed.lastError } : null),
    nextRetryAt: main?.nextRetryAt ?? null,
    ...health((main?.targets ?? live.targets) as readonly TargetHealth[]),
  };
}

function extraDestination(fields: DestinationFields): DestinationView {
  return {
    id: fields.id,
    label: fields.label,
    main: false,
    kind: fields.kind ?? 'url',
    enabled: fields.enabled ?? true,
    state: fields.enabled === false ? 'off' : (fields.state ?? 'idle'),
    bitrateKbps: fields.bitrateKbps ?? null,
    reconnects: fields.reconnects ?? 0,
    lastFailure: fields.lastFailure ?? null,
    nextRetryAt: fields.nextRetryAt ?? null,
    ...health(fields.targets ?? []),
  };
}

/** The channel first, then each extra destination in the order saved. */
export function destinationsOf(live: LiveState): DestinationView[] {
  const listed = (live as LiveState & { destinations?: readonly DestinationFields[] }).destinations ?? [];
  const isMain = (fields: DestinationFields) => fields.kind === 'main' || fields.id === 'channel';
  return [channelDestination(live, listed.find(isMain)), ...listed.filter((fields) => !isMain(fields)).map(extraDestination)];
}
