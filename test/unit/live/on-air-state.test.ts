// The one on-air state: every status and alarm, from the relay's and the encoder's events as the live
// service hands them over (live-relay-facts.ts), and the checklist reading the same state.
import { describe, expect, it } from 'vitest';
import { LiveRelayFacts } from '../../../main/live/live-relay-facts.js';
import { alarmDoing, clock, onAirState, type AirFacts } from '../../../main/live/on-air-state.js';
import { preflight } from '../../../main/live/preflight.js';
import type { RelayStats } from '../../../main/relay/relay-types.js';
import type { SafetyCopyState } from '../../../preload/contract.js';

const INGEST_1 = { id: 't1', label: 'Ingest 1' };
const INGEST_2 = { id: 't2', label: 'Ingest 2' };
const COPY_OFF: SafetyCopyState = { enabled: false, folder: null, uploadWhenDone: false, state: 'off', currentFile: null, bytes: 0, freeBytes: null, warning: null, files: [] };
const COPY_STOPPED: SafetyCopyState = { ...COPY_OFF, enabled: true, folder: '/tmp', state: 'stopped', warning: 'The disk is full: free some space, or choose another folder.' };
const CODECS = { video: 'H.264', audio: 'AAC' };

function facts(now = { at: 100_000 }) {
  const seen = { problems: [] as string[], gaveUp: [] as string[] };
  const live = new LiveRelayFacts({
    listenUrl: () => 'rtmp://127.0.0.1:1935/live',
    relay: () => undefined,
    encoderAccepted: () => undefined,
    problem: (error) => seen.problems.push(error),
    giveUp: (reason) => seen.gaveUp.push(reason),
    now: () => now.at,
  });
  return { live, seen, now };
}

function connected(at: number, target = INGEST_1) {
  return { event: 'target-connected', at, destination: 'channel', target, role: 'failover' } as const;
}

function failed(at: number, kind: 'refused' | 'unreachable' | 'dropped', fatal = false, target = INGEST_1) {
  return { event: 'target-failed', at, destination: 'channel', target, role: 'failover', kind, reason: `${target.label} ${kind}`, fatal } as const;
}

function stats(bitrateKbps: number): RelayStats {
  return { at: 0, encoder: { connected: true, codecs: CODECS, width: 1280, height: 720, fps: 30, bitrateKbps, measuredFps: 30, keyframeIntervalSeconds: 2 }, activeTargetId: 't1', nextRetryAt: null, targets: [], destinations: [] };
}

/** Live on Ingest 1 since 10 s, with the encoder sending. */
function onAir() {
  const made = facts();
  made.live.onEncoder({ event: 'encoder-connected', at: 9_000, codecs: CODECS, width: 1280, height: 720, fps: 30 });
  made.live.begin();
  made.live.onRelay({ event: 'target-connecting', at: 9_500, destination: 'channel', target: INGEST_1, role: 'failover' });
  made.live.onRelay(connected(10_000));
  return made;
}

describe('the on-air state from the broadcast facts', () => {
  it('is off air, then starting, then live with its start for the uptime, then ending and off air again', () => {
    const { live } = facts();
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'off-air', liveSince: null, alarm: null, movedOn: null });
    live.begin();
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'starting', liveSince: null, alarm: null, movedOn: null });
    live.onRelay(connected(10_000));
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'live', liveSince: 10_000, alarm: null, movedOn: null });
    live.phase = 'ending';
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'ending', liveSince: 10_000, alarm: null, movedOn: null });
    live.end(false);
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'off-air', liveSince: null, alarm: null, movedOn: null });
  });

  it('raises "encoder lost" while live: holding with the slate, then paused past the window; the encoder back clears it', () => {
    const { live } = onAir();
    live.onRelay({ event: 'stats', at: 11_000, stats: stats(2500) });
    live.onEncoder({ event: 'encoder-disconnected', at: 20_000, reason: 'closed' });
    const holding = live.air({ since: 20_000, until: 80_000 }, COPY_OFF);
    expect(holding).toMatchObject({ status: 'trouble', liveSince: 10_000, alarm: { kind: 'encoder-lost', since: 20_000, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: { word: 'for', from: 20_000, until: 80_000 } } });
    expect(alarmDoing(holding.alarm!, 33_000)).toBe('Holding the stream with a slate for 0:47');
    // The relay's input is the slate now: the encoder shows no figures.
    expect(live.encoderView()).toBeNull();
    live.onRelay({ event: 'session-ended', at: 80_000, reason: 'the encoder stayed away' });
    expect(live.air(null, COPY_OFF).alarm).toMatchObject({ kind: 'encoder-lost', since: 20_000, doing: 'The stream to the platform is paused; it resumes as soon as the encoder is back', countdown: null });
    live.onEncoder({ event: 'encoder-connected', at: 90_000, codecs: CODECS, width: 1280, height: 720, fps: 30 });
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'live', liveSince: 10_000, alarm: null, movedOn: null });
    expect(live.encoderView()).toMatchObject({ connected: true, bitrateKbps: 2500, fps: 30 });
  });

  it('does not call an encoder that never sent "lost" before the platform took the stream', () => {
    const { live } = facts();
    live.begin();
    live.onEncoder({ event: 'encoder-disconnected', at: 5_000, reason: 'closed' });
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'starting', liveSince: null, alarm: null, movedOn: null });
  });

  it('is in trouble without an alarm while failing over, and raises "every ingest is failing" once all failed and it retries', () => {
    const { live } = onAir();
    live.onRelay(failed(30_000, 'dropped'));
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'trouble', liveSince: 10_000, alarm: null, movedOn: null });
    live.onRelay(failed(31_000, 'dropped', false, INGEST_2));
    live.onRelay({ event: 'retrying', at: 32_000, destination: 'channel', inMs: 5_000, target: INGEST_1 });
    const air = live.air(null, COPY_OFF);
    expect(air).toMatchObject({ status: 'trouble', alarm: { kind: 'ingests-failing', since: 30_000, title: 'Every ingest is failing', doing: 'Retrying Ingest 1', countdown: { word: 'in', from: 32_000, until: 37_000 } } });
    expect(alarmDoing(air.alarm!, 32_000)).toBe('Retrying Ingest 1 in 0:05');
    live.onRelay(connected(37_500, INGEST_2));
    expect(live.air(null, COPY_OFF)).toEqual({
      status: 'live',
      liveSince: 10_000,
      alarm: null,
      movedOn: { since: 37_500, message: 'The stream moved to Ingest 2, because Ingest 1 failed: Ingest 1 dropped. It goes on there; nothing to do.' },
    });
  });

  it('says a failover that worked without an alarm, once on air only, until the broadcast ends', () => {
    const { live } = facts();
    live.begin();
    // Before the platform took the stream, a first ingest refusing is no move: the broadcast starts on the second.
    live.onRelay(failed(5_000, 'unreachable'));
    live.onRelay(connected(6_000, INGEST_2));
    expect(live.air(null, COPY_OFF).movedOn).toBeNull();
    // The same ingest taking the stream back after a drop is no move either.
    live.onRelay(failed(20_000, 'dropped', false, INGEST_2));
    live.onRelay(connected(21_000, INGEST_2));
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'live', liveSince: 6_000, alarm: null, movedOn: null });
    // Another one taking it is, with the reason the first one failed.
    live.onRelay(failed(30_000, 'dropped', false, INGEST_2));
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'trouble', liveSince: 6_000, alarm: null, movedOn: null });
    live.onRelay(connected(31_000, INGEST_1));
    expect(live.air(null, COPY_OFF)).toMatchObject({ status: 'live', alarm: null, movedOn: { since: 31_000, message: expect.stringMatching(/^The stream moved to Ingest 1, because Ingest 2 failed: Ingest 2 dropped\./) } });
    // An alarm comes first; the note stays for when it has passed.
    live.onEncoder({ event: 'encoder-disconnected', at: 40_000, reason: 'closed' });
    expect(live.air(null, COPY_OFF)).toMatchObject({ alarm: { kind: 'encoder-lost' }, movedOn: { since: 31_000 } });
    live.phase = 'ending';
    expect(live.air(null, COPY_OFF).movedOn).toBeNull();
    live.end(false);
    live.begin();
    live.onRelay(connected(50_000, INGEST_2));
    expect(live.air(null, COPY_OFF)).toEqual({ status: 'live', liveSince: 50_000, alarm: null, movedOn: null });
  });

  it('calls unreachable ingests a network problem, and ignores another destination retrying', () => {
    const { live } = onAir();
    live.onRelay({ event: 'retrying', at: 30_000, destination: 'extra', inMs: 5_000, target: INGEST_2 });
    expect(live.air(null, COPY_OFF).alarm).toBeNull();
    live.onRelay(failed(31_000, 'unreachable'));
    live.onRelay({ event: 'retrying', at: 31_500, destination: 'channel', inMs: 2_000, target: INGEST_1 });
    expect(live.air(null, COPY_OFF).alarm).toMatchObject({ kind: 'network', since: 31_000, title: 'The platform cannot be reached' });
  });

  it('raises "key refused" at once, even before going live, and keeps it after every destination gave up', () => {
    const { live, seen } = facts();
    live.begin();
    live.onRelay(failed(5_000, 'refused'));
    expect(live.air(null, COPY_OFF)).toMatchObject({ status: 'starting', alarm: { kind: 'key-refused', since: 5_000, doing: 'Trying the next ingest' } });
    live.onRelay(failed(6_000, 'refused', true));
    expect(seen.gaveUp).toEqual(['Ingest 1 refused']);
    expect(live.phase).toBe('failed');
    live.end(true);
    expect(live.air(null, COPY_OFF)).toMatchObject({ status: 'off-air', alarm: { kind: 'key-refused', since: 5_000, doing: 'The stream was ended', countdown: null } });
    expect(live.air(null, COPY_OFF).alarm?.youCan).toContain('press Go live again');
    live.begin();
    expect(live.air(null, COPY_OFF).alarm).toBeNull();
  });

  it('raises "the safety copy stopped" while live without calling the broadcast in trouble, since when it was first seen', () => {
    const made = onAir();
    made.now.at = 50_000;
    expect(made.live.air(null, COPY_STOPPED)).toMatchObject({ status: 'live', alarm: { kind: 'disk', since: 50_000, youCan: COPY_STOPPED.warning } });
    made.now.at = 60_000;
    expect(made.live.air(null, COPY_STOPPED).alarm?.since).toBe(50_000);
    expect(made.live.air(null, COPY_OFF).alarm).toBeNull();
  });

  it('puts the encoder before the link: the streamer fixes what is theirs first', () => {
    const base: AirFacts = { phase: 'live', liveSince: 1, encoderLostAt: 2, holding: null, paused: false, reconnectingSince: 3, failure: { kind: 'dropped', reason: 'x', since: 3 }, retry: { label: 'Ingest 1', from: 8, at: 9, since: 4 }, disk: null, movedOn: null };
    expect(onAirState(base).alarm?.kind).toBe('encoder-lost');
    expect(onAirState({ ...base, encoderLostAt: null }).alarm?.kind).toBe('ingests-failing');
  });

  it('words a move without a known reason as a sentence too', () => {
    const base: AirFacts = { phase: 'live', liveSince: 1, encoderLostAt: null, holding: null, paused: false, reconnectingSince: null, failure: null, retry: null, disk: null, movedOn: { from: 'Ingest 1', to: 'Ingest 2', reason: null, at: 5 } };
    expect(onAirState(base).movedOn).toEqual({ since: 5, message: 'The stream moved to Ingest 2, because Ingest 1 stopped taking it. It goes on there; nothing to do.' });
    expect(onAirState({ ...base, movedOn: { ...base.movedOn!, reason: 'it closed the connection' } }).movedOn?.message).toBe('The stream moved to Ingest 2, because Ingest 1 failed: it closed the connection. It goes on there; nothing to do.');
  });

  it('words clock times as the panel does', () => {
    expect([clock(0), clock(23.9), clock(725), clock(3723)]).toEqual(['0:00', '0:23', '12:05', '1:02:03']);
  });
});

describe('the checklist reads the same state', () => {
  const steps = { session: { status: 'signed-in', user: 'demo' }, channel: { id: '1', title: 'Main' }, ingest: { state: 'fetched', targets: 2 } } as const;

  it('fails the encoder step with the time since it was lost, and says the platform gets the slate', () => {
    const { live } = onAir();
    live.onEncoder({ event: 'encoder-disconnected', at: 20_000, reason: 'closed' });
    const air = live.air({ since: 20_000, until: 80_000 }, COPY_OFF);
    const { checklist } = preflight({ ...steps, encoder: live.encoder, target: live.target, air, now: 43_000 });
    expect(checklist.slice(3).map(({ state, detail }) => [state, detail])).toEqual([
      ['failed', 'Lost 0:23 ago'],
      ['ok', 'Sending the holding slate to Ingest 1'],
    ]);
  });

  it('fails the platform step while every ingest fails, with what the app does', () => {
    const { live } = onAir();
    live.onRelay(failed(30_000, 'dropped'));
    live.onRelay({ event: 'retrying', at: 32_000, destination: 'channel', inMs: 5_000, target: INGEST_1 });
    const { checklist } = preflight({ ...steps, encoder: live.encoder, target: live.target, air: live.air(null, COPY_OFF), now: 33_000 });
    expect(checklist[4]).toMatchObject({ state: 'failed', detail: 'Every ingest is failing: Retrying Ingest 1 in 0:04' });
  });
});
