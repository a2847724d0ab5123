// The go-live checklist: what must hold before the stream reaches the platform, each step's state and
// detail, and what to do next in words. Pure: the caller gathers the facts (session, chosen channel, the
// streaming-key keeper, the local ingest and the relay) and shows what this returns.
import type { OnAir, SessionInfo } from '../../preload/contract.js';
import { alarmDoing, clock } from './on-air-state.js';

export const PREFLIGHT_STEPS = ['signed-in', 'channel-chosen', 'ingest-fetched', 'encoder-connected', 'target-connected'] as const;
export type PreflightStepId = (typeof PREFLIGHT_STEPS)[number];
export type StepState = 'pending' | 'running' | 'ok' | 'failed';

export interface PreflightStep {
  readonly step: PreflightStepId;
  readonly label: string;
  readonly state: StepState;
  readonly detail: string | null;
}

export interface PreflightFacts {
  readonly session: { readonly status: SessionInfo['status']; readonly user: string | null };
  readonly channel: { readonly id: string; readonly title: string } | null;
  /** The keeper's fetch of the channel's ingest settings for this go-live. */
  readonly ingest:
    | { readonly state: 'idle' }
    | { readonly state: 'fetching' }
    | { readonly state: 'fetched'; readonly targets: number }
    | { readonly state: 'failed'; readonly error: string };
  /** The local ingest, where the encoder publishes. */
  readonly encoder:
    | { readonly state: 'waiting'; readonly listenUrl: string | null }
    | { readonly state: 'connected'; readonly codecs: string | null }
    | { readonly state: 'failed'; readonly error: string };
  /** The relay's outbound stream to the platform. */
  readonly target:
    | { readonly state: 'idle' }
    | { readonly state: 'connecting'; readonly label: string }
    | { readonly state: 'connected'; readonly label: string }
    | { readonly state: 'failed'; readonly error: string };
  /** The one on-air state (on-air-state.ts): once on air, the encoder and platform steps say what it says. */
  readonly air?: OnAir;
  /** ms since the epoch, for "lost 0:23 ago". */
  readonly now?: number;
}

export interface Preflight {
  readonly checklist: readonly PreflightStep[];
  /** For the first step that is not done: what to do (or, while it runs, what is happening); null when all are done. */
  readonly nextAction: string | null;
}

const LABELS: Readonly<Record<PreflightStepId, string>> = {
  'signed-in': 'Signed in',
  'channel-chosen': 'Channel chosen',
  'ingest-fetched': 'Ingest settings fetched',
  'encoder-connected': 'Encoder connected',
  'target-connected': 'Platform receiving',
};

interface Judged {
  readonly state: StepState;
  readonly detail: string | null;
  /** What to do while the step is not ok. */
  readonly action: string | null;
}

export function preflight(facts: PreflightFacts): Preflight {
  const judged: Record<PreflightStepId, Judged> = {
    'signed-in': signedIn(facts.session),
    'channel-chosen': channelChosen(facts.channel),
    'ingest-fetched': ingestFetched(facts.ingest),
    'encoder-connected': onAirEncoder(facts) ?? encoderConnected(facts.encoder),
    'target-connected': onAirTarget(facts) ?? targetConnected(facts.target),
  };
  const checklist = PREFLIGHT_STEPS.map((step) => ({ step, label: LABELS[step], state: judged[step].state, detail: judged[step].detail }));
  const first = PREFLIGHT_STEPS.find((step) => judged[step].state !== 'ok');
  return { checklist, nextAction: first === undefined ? null : judged[first].action };
}

function signedIn(session: PreflightFacts['session']): Judged {
  switch (session.status) {
    case 'signed-in':
      return { state: 'ok', detail: session.user === null ? null : `As ${session.user}`, action: null };
    case 'expired':
      return { state: 'failed', detail: 'The sign-in expired', action: 'Your sign-in expired: sign in again.' };
    case 'signed-out':
      return { state: 'pending', detail: null, action: 'Sign in to the platform.' };
  }
}

function channelChosen(channel: PreflightFacts['channel']): Judged {
  if (channel === null) return { state: 'pending', detail: null, action: 'Choose the channel to go live on.' };
  return { state: 'ok', detail: `${channel.title} (${channel.id})`, action: null };
}

function ingestFetched(ingest: PreflightFacts['ingest']): Judged {
  switch (ingest.state) {
    case 'idle':
      return { state: 'pending', detail: null, action: "Press Go live: the app fetches the channel's ingest addresses and keys." };
    case 'fetching':
      return running("Asking the platform for the channel's ingest addresses and keys");
    case 'fetched':
      return { state: 'ok', detail: `${ingest.targets} ${ingest.targets === 1 ? 'address' : 'addresses'} to publish to`, action: null };
    case 'failed':
      return { state: 'failed', detail: ingest.error, action: `The ingest settings could not be fetched: ${sentence(ingest.error)} Then press Go live again.` };
  }
}

function encoderConnected(encoder: PreflightFacts['encoder']): Judged {
  switch (encoder.state) {
    case 'waiting': {
      const where = encoder.listenUrl === null ? 'the local ingest' : encoder.listenUrl;
      return {
        state: 'pending',
        detail: `Waiting for the encoder at ${where}`,
        action: `Start streaming in your encoder (OBS, vMix, a camera) to ${where} with the local stream key.`,
      };
    }
    case 'connected':
      return { state: 'ok', detail: encoder.codecs, action: null };
    case 'failed':
      return { state: 'failed', detail: encoder.error, action: `The local ingest cannot take the encoder's stream: ${sentence(encoder.error)}` };
  }
}

function targetConnected(target: PreflightFacts['target']): Judged {
  switch (target.state) {
    case 'idle':
      return { state: 'pending', detail: null, action: 'Press Go live to send the stream to the platform.' };
    case 'connecting':
      return running(`Connecting to ${target.label}`);
    case 'connected':
      return { state: 'ok', detail: `Sending to ${target.label}`, action: null };
    case 'failed':
      return { state: 'failed', detail: target.error, action: `The platform did not take the stream: ${sentence(target.error)} Then reconnect or press Go live again.` };
  }
}

/** The encoder lost mid-broadcast: failed, with the time since, whatever the ingest waits for. */
function onAirEncoder({ air, now = Date.now() }: PreflightFacts): Judged | null {
  const alarm = air?.alarm;
  if (alarm?.kind !== 'encoder-lost') return null;
  return { state: 'failed', detail: `Lost ${clock((now - alarm.since) / 1000)} ago`, action: `${alarm.title}: ${alarmDoing(alarm, now)}. ${alarm.youCan}` };
}

/** On air, the platform step follows the alarm: a failing link fails it, a held or paused stream says so. */
function onAirTarget({ air, target, now = Date.now() }: PreflightFacts): Judged | null {
  const alarm = air?.alarm;
  if (!alarm || air.status === 'off-air' || air.status === 'ending') return null;
  if (alarm.kind === 'encoder-lost') {
    if (alarm.countdown !== null && target.state === 'connected') return { state: 'ok', detail: `Sending the holding slate to ${target.label}`, action: null };
    return { state: 'pending', detail: alarmDoing(alarm, now), action: null };
  }
  if (alarm.kind === 'disk') return null;
  return { state: 'failed', detail: `${alarm.title}: ${alarmDoing(alarm, now)}`, action: alarm.youCan };
}

function running(detail: string): Judged {
  return { state: 'running', detail, action: `${detail}…` };
}

/** Error messages arrive with or without their full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
