// The one state of the broadcast: off air, starting, live, in trouble or ending, since when it is live,
// and the alarm a streamer must not miss (the encoder lost, every ingest failing, the key refused, the
// network or the disk), with what the app is doing about it and what they can do. Pure: the live service
// gathers the facts (live-relay-facts.ts); the header, the checklist and the panel all read what this
// returns, so they cannot disagree.
import type { LiveState, OnAir } from '../../preload/contract.js';
import type { FailureKind } from '../relay/publish-failure.js';

export type Alarm = NonNullable<OnAir['alarm']>;

export interface AirFacts {
  readonly phase: LiveState['phase'];
  /** ms since the epoch: when the platform first took this broadcast's stream. */
  readonly liveSince: number | null;
  /** When the encoder left mid-broadcast (null while it sends). */
  readonly encoderLostAt: number | null;
  /** The bridge's holding slate, while it stands in for the encoder. */
  readonly holding: { readonly since: number; readonly until: number } | null;
  /** The encoder stayed away past the bridge (or the grace): the publishes to the platform were ended until it comes back. */
  readonly paused: boolean;
  /** The channel's active ingest is not publishing (failing over or reconnecting), since when. */
  readonly reconnectingSince: number | null;
  /** The channel's last ingest failure not yet answered by a connection; `since`: the first of that streak. */
  readonly failure: { readonly kind: FailureKind; readonly reason: string; readonly since: number } | null;
  /** Every ingest of the channel failed: the next attempt, at `at` (ms since the epoch). */
  readonly retry: { readonly label: string; readonly from: number; readonly at: number; readonly since: number } | null;
  /** The safety copy stopped during this broadcast. */
  readonly disk: { readonly warning: string; readonly since: number } | null;
  /** The last time on air the channel's stream moved from one ingest to another (`reason`: why the first failed). */
  readonly movedOn: { readonly from: string; readonly to: string; readonly reason: string | null; readonly at: number } | null;
}

const OFF_AIR: OnAir = { status: 'off-air', liveSince: null, alarm: null, movedOn: null };
const END_OR_WAIT = 'or end the stream';
const KEY_REFUSED = 'The platform refused the stream key';
const CHECK_CHANNEL = "Check that this channel may go live (a channel you manage needs its owner's permission), then press";
const UNREACHABLE = 'The platform cannot be reached';
const CHECK_NETWORK = "Check this computer's internet connection";
const ALL_FAILING = 'Every ingest is failing';

export function onAirState(facts: AirFacts): OnAir {
  switch (facts.phase) {
    case 'idle':
      return OFF_AIR;
    case 'ending':
      return { status: 'ending', liveSince: facts.liveSince, alarm: null, movedOn: null };
    case 'failed':
      return { ...OFF_AIR, alarm: facts.failure && failedAlarm(facts.failure) };
    case 'starting':
    case 'live':
      return going(facts);
  }
}

function going(facts: AirFacts): OnAir {
  const link = linkAlarm(facts);
  if (facts.liveSince === null) return { status: 'starting', liveSince: null, alarm: link, movedOn: null };
  const alarm = encoderAlarm(facts) ?? link ?? diskAlarm(facts);
  const trouble = facts.encoderLostAt !== null || link !== null || facts.reconnectingSince !== null;
  return { status: trouble ? 'trouble' : 'live', liveSince: facts.liveSince, alarm, movedOn: movedOnNote(facts.movedOn) };
}

/** A failover that worked: no alarm (the stream goes on), but said, so that a change of ingest is never a surprise. */
function movedOnNote(moved: AirFacts['movedOn']): OnAir['movedOn'] {
  if (moved === null) return null;
  const why = moved.reason === null ? `${moved.from} stopped taking it.` : `${moved.from} failed: ${moved.reason.replace(/\.?$/, '.')}`;
  return { since: moved.at, message: `The stream moved to ${moved.to}, because ${why} It goes on there; nothing to do.` };
}

function encoderAlarm(facts: AirFacts): Alarm | null {
  if (facts.encoderLostAt === null) return null;
  const youCan = `Check the encoder (OBS, vMix, a camera) and start streaming again to the same address, ${END_OR_WAIT}.`;
  const base = { kind: 'encoder-lost', since: facts.encoderLostAt, title: 'Encoder lost', youCan } as const;
  if (facts.holding) return { ...base, doing: 'Holding the stream with a slate', countdown: { word: 'for', from: facts.holding.since, until: facts.holding.until } };
  if (facts.paused) return { ...base, doing: 'The stream to the platform is paused; it resumes as soon as the encoder is back', countdown: null };
  return { ...base, doing: 'Waiting for the encoder to come back', countdown: null };
}

/** The link to the platform: a refused key at once; otherwise only once every ingest has failed. */
function linkAlarm(facts: AirFacts): Alarm | null {
  const { failure, retry } = facts;
  const doing = retry ? `Retrying ${retry.label}` : 'Trying the next ingest';
  const countdown = retry ? ({ word: 'in', from: retry.from, until: retry.at } as const) : null;
  if (failure?.kind === 'refused') {
    return { kind: 'key-refused', since: failure.since, title: KEY_REFUSED, doing, countdown, youCan: `${CHECK_CHANNEL} Reconnect now, ${END_OR_WAIT}.` };
  }
  if (retry === null) return null;
  if (failure !== null && (failure.kind === 'unreachable' || failure.kind === 'timeout')) {
    return { kind: 'network', since: Math.min(failure.since, retry.since), title: UNREACHABLE, doing, countdown, youCan: `${CHECK_NETWORK}: the stream resumes by itself once it is back. Press Reconnect now to try at once.` };
  }
  return { kind: 'ingests-failing', since: Math.min(failure?.since ?? retry.since, retry.since), title: ALL_FAILING, doing, countdown, youCan: `Wait: the stream resumes by itself once an ingest takes it. Press Reconnect now to try at once, ${END_OR_WAIT}.` };
}

function diskAlarm(facts: AirFacts): Alarm | null {
  if (facts.disk === null) return null;
  return { kind: 'disk', since: facts.disk.since, title: 'The safety copy stopped', doing: 'The stream goes on without a local copy', countdown: null, youCan: facts.disk.warning };
}

/** Why a start or a broadcast failed, and what to do before going live again. */
function failedAlarm(failure: NonNullable<AirFacts['failure']>): Alarm {
  const doing = 'The stream was ended';
  if (failure.kind === 'refused') {
    return { kind: 'key-refused', since: failure.since, title: KEY_REFUSED, doing, countdown: null, youCan: `${CHECK_CHANNEL} Go live again.` };
  }
  const network = failure.kind === 'unreachable' || failure.kind === 'timeout';
  return {
    kind: network ? 'network' : 'ingests-failing',
    since: failure.since,
    title: network ? UNREACHABLE : ALL_FAILING,
    doing,
    countdown: null,
    youCan: network ? `${CHECK_NETWORK}, then press Go live again.` : `${failure.reason} Then press Go live again.`,
  };
}

/** The alarm's "doing" as one sentence at `now` ("Holding the stream with a slate for 0:47"), for words outside the panel. */
export function alarmDoing(alarm: Alarm, now: number): string {
  if (alarm.countdown === null) return alarm.doing;
  const seconds = Math.max(0, Math.ceil((alarm.countdown.until - now) / 1000));
  return `${alarm.doing} ${alarm.countdown.word} ${clock(seconds)}`;
}

/** 0:23, 12:05, 1:02:03. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const parts = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const [hours, ...rest] = parts;
  return hours! > 0 ? `${hours}:${rest.map(pad).join(':')}` : `${rest[0]}:${pad(rest[1]!)}`;
}

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
