// The relay's decisions with its edges replaced: a scripted ingest, publishers that accept, fail or refuse
// on command, an injected clock and an injected sleep that records each backoff wait.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import type { MediaKind, MediaPacket } from '../../../main/relay/media-packet.js';
import { createRelay, fixedTargets, type Relay, type RelayOptions } from '../../../main/relay/relay.js';
import type { RelayEvent, TargetSource, TargetSpec } from '../../../main/relay/relay-types.js';
import { PublishFailure } from '../../../main/relay/publish-failure.js';
import type { OutboundSession } from '../../../main/relay/rtmp-publisher.js';
import { label, packets } from './packets.js';

class FakeSession implements OutboundSession {
  readonly sent: { kind: MediaKind; timestamp: number; payload: Buffer }[] = [];
  readonly accepted: Promise<PublishFailure | null>;
  readonly lost: Promise<PublishFailure>;
  bytesSent = 0;
  closed = false;
  #accept: (failure: PublishFailure | null) => void = () => undefined;
  #lose: (failure: PublishFailure) => void = () => undefined;

  constructor(readonly url: string) {
    this.accepted = new Promise((resolve) => (this.#accept = resolve));
    this.lost = new Promise((resolve) => (this.#lose = resolve));
  }

  send(kind: MediaKind, timestamp: number, payload: Buffer): void {
    this.sent.push({ kind, timestamp, payload });
    this.bytesSent += payload.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.#accept(new PublishFailure('dropped', 'closed'));
  }

  accept(): void {
    this.#accept(null);
  }

  refuse(message = 'it closed the connection right after accepting the publish'): void {
    const failure = new PublishFailure('refused', message);
    this.#accept(failure);
    this.#lose(failure);
  }

  drop(message = 'the connection was reset'): void {
    this.#lose(new PublishFailure('dropped', message));
  }

  labels(): string[] {
    return this.sent.map((entry) => label(entry));
  }
}

type Behaviour = 'accept' | 'refuse' | 'unreachable' | 'wait';

/** Opens fake sessions; what each URL does is looked up by its stream name ("host/app/NAME"). */
class FakeTargets {
  readonly sessions: FakeSession[] = [];
  readonly behaviour = new Map<string, Behaviour>();

  readonly open = async (url: string): Promise<OutboundSession> => {
    const name = url.split('/').at(-1)!;
    const behaviour = this.behaviour.get(name) ?? 'accept';
    if (behaviour === 'unreachable') {
      this.sessions.push(new FakeSession(url));
      throw new PublishFailure('unreachable', 'nothing listens there (connection refused)');
    }
    const session = new FakeSession(url);
    this.sessions.push(session);
    if (behaviour === 'accept') queueMicrotask(() => session.accept());
    if (behaviour === 'refuse') queueMicrotask(() => session.refuse());
    return session;
  };

  last(): FakeSession {
    return this.sessions.at(-1)!;
  }

  opened(): string[] {
    return this.sessions.map((session) => session.url.split('/').at(-1)!);
  }
}

class FakeIngest {
  sink: IngestSink | null = null;

  subscribe(sink: IngestSink): () => void {
    this.sink = sink;
    return () => (this.sink = null);
  }

  /** An encoder's first second: metadata, configurations, keyframe, audio, frames; timestamps from `from`. */
  publish(from = 0, frames = 3): void {
    this.sink!.started();
    for (const packet of [packets.metadata(from), packets.videoConfig(from), packets.audioConfig(from), packets.keyframe(from)]) this.sink!.packet(packet);
    for (let index = 1; index <= frames; index += 1) {
      this.sink!.packet(packets.audio(from + index * 23 - 10));
      this.sink!.packet(packets.frame(from + index * 33));
    }
    this.sink!.described({ codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30 });
  }

  send(packet: MediaPacket): void {
    this.sink!.packet(packet);
  }

  end(): void {
    this.sink!.ended('the encoder disconnected');
  }
}

const target = (name: string): TargetSpec => ({ id: name, label: `Ingest ${name}`, url: `rtmp://ingest.example/live/${name}` });

interface Harness {
  readonly relay: Relay;
  readonly ingest: FakeIngest;
  readonly targets: FakeTargets;
  readonly events: RelayEvent[];
  readonly waits: number[];
  readonly refreshes: TargetSpec[];
  /** Lets a pending backoff wait end. */
  wake(): void;
  clock: { now: number };
}

async function harness(source: TargetSource | TargetSpec[], extra: Partial<RelayOptions> = {}): Promise<Harness> {
  const ingest = new FakeIngest();
  const targets = new FakeTargets();
  const events: RelayEvent[] = [];
  const waits: number[] = [];
  const refreshes: TargetSpec[] = [];
  const clock = { now: 1_000_000 };
  let wake: () => void = () => undefined;
  const relay = createRelay({
    ingest,
    targets: Array.isArray(source) ? { targets: async () => source, refreshAfterAuthFailure: async (failed) => (refreshes.push(failed), null) } : source,
    onEvent: (event) => events.push(event),
    openPublisher: targets.open,
    now: () => clock.now,
    random: () => 0.999999,
    sleep: (ms, signal) => {
      waits.push(ms);
      return new Promise((resolve, reject) => {
        wake = () => resolve();
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
    ...extra,
  });
  await relay.start();
  return { relay, ingest, targets, events, waits, refreshes, wake: () => wake(), clock };
}

async function settle(): Promise<void> {
  for (let round = 0; round < 20; round += 1) await tick();
}

const named = (events: RelayEvent[], name: RelayEvent['event']) => events.filter((event) => event.event === name);

describe('publishing', () => {
  it('connects when the stream has a start, sends metadata, configurations and the keyframe first, from timestamp 0', async () => {
    const h = await harness([target('a'), target('b')]);
    await settle();
    expect(h.targets.sessions).toEqual([]);
    h.ingest.publish(5000);
    await settle();
    expect(h.targets.opened()).toEqual(['a']);
    expect(h.targets.last().labels()).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@13', 'v@33', 'a@36', 'v@66', 'a@59', 'v@99']);
    expect(named(h.events, 'target-connected')).toMatchObject([{ target: { id: 'a', label: 'Ingest a' }, role: 'failover' }]);
    // The encoder's own events come from the ingest, once: the relay does not repeat them.
    expect(h.events.filter((event) => event.event.startsWith('encoder-'))).toEqual([]);
    expect(h.relay.stats()).toMatchObject({ activeTargetId: 'a', encoder: { connected: true, codecs: { video: 'h264' } }, targets: [{ id: 'a', state: 'live', active: true, reconnects: 0 }, { id: 'b', state: 'idle', active: false }] });
    await h.relay.stop('done');
    expect(h.targets.last().closed).toBe(true);
    expect(named(h.events, 'stopped')).toMatchObject([{ reason: 'done' }]);
  });

  it('on a drop moves to the next target at once, starting at the latest keyframe, and reports the switch', async () => {
    const h = await harness([target('a'), target('b')]);
    h.ingest.publish(0, 2);
    await settle();
    h.ingest.send(packets.keyframe(1000));
    h.ingest.send(packets.audio(1010));
    h.ingest.send(packets.frame(1033));
    const first = h.targets.last();
    h.clock.now += 500;
    first.drop();
    await settle();
    expect(h.targets.opened()).toEqual(['a', 'b']);
    expect(h.waits).toEqual([]);
    expect(h.targets.last().labels()).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@10', 'v@33']);
    h.ingest.send(packets.frame(1066));
    expect(h.targets.last().labels().at(-1)).toBe('v@66');
    expect(named(h.events, 'target-failed')).toMatchObject([{ target: { id: 'a' }, reason: 'the connection was reset', fatal: false }]);
    expect(named(h.events, 'switched')).toEqual([{ event: 'switched', at: h.clock.now, destination: 'channel', from: { id: 'a', label: 'Ingest a' }, to: { id: 'b', label: 'Ingest b' } }]);
    expect(h.relay.stats()).toMatchObject({ activeTargetId: 'b', targets: [{ id: 'a', state: 'failed', lastError: 'the connection was reset' }, { id: 'b', state: 'live', lastSwitchAt: h.clock.now }] });
    await h.relay.stop('done');
  });

  it('waits with capped, doubling backoff once every target failed in a row; reconnectNow skips the wait', async () => {
    const h = await harness([target('a'), target('b')], { backoff: { baseMs: 500, maxMs: 1500 } });
    h.targets.behaviour.set('a', 'unreachable');
    h.targets.behaviour.set('b', 'unreachable');
    h.ingest.publish();
    await settle();
    expect(h.targets.opened()).toEqual(['a', 'b']);
    expect(h.waits).toEqual([500]);
    expect(named(h.events, 'retrying')).toMatchObject([{ inMs: 500, target: { id: 'a' } }]);
    expect(h.relay.stats().nextRetryAt).toBe(h.clock.now + 500);
    h.wake();
    await settle();
    expect(h.targets.opened()).toEqual(['a', 'b', 'a', 'b']);
    expect(h.waits).toEqual([500, 1000]);
    h.relay.reconnectNow();
    await settle();
    expect(h.waits).toEqual([500, 1000, 1500]);
    h.targets.behaviour.set('a', 'accept');
    h.relay.reconnectNow();
    await settle();
    expect(h.targets.opened()).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a']);
    expect(named(h.events, 'target-connected')).toHaveLength(1);
    expect(h.relay.stats().targets).toMatchObject([{ id: 'a', reconnects: 3, state: 'live' }, { id: 'b', reconnects: 2, state: 'failed' }]);
    await h.relay.stop('done');
  });
});

describe('a refused stream key', () => {
  it('asks for fresh targets once; refused again, it stops with a clear error and tries nothing more', async () => {
    const refreshes: TargetSpec[] = [];
    const h = await harness({
      targets: async () => [target('old-a'), target('old-b')],
      refreshAfterAuthFailure: async (failed) => (refreshes.push(failed), [target('new-a'), target('new-b')]),
    });
    for (const name of ['old-a', 'old-b', 'new-a', 'new-b']) h.targets.behaviour.set(name, 'refuse');
    h.ingest.publish();
    await settle();
    expect(refreshes.map((failed) => failed.id)).toEqual(['old-a']);
    expect(h.targets.opened()).toEqual(['old-a', 'new-a']);
    expect(named(h.events, 'target-failed')).toEqual([
      { event: 'target-failed', at: h.clock.now, destination: 'channel', target: { id: 'old-a', label: 'Ingest old-a' }, role: 'failover', kind: 'refused', reason: 'it closed the connection right after accepting the publish', fatal: false },
      {
        event: 'target-failed',
        at: h.clock.now,
        destination: 'channel',
        target: { id: 'new-a', label: 'Ingest new-a' },
        role: 'failover',
        kind: 'refused',
        reason: 'The platform refused the stream key (Ingest new-a: it closed the connection right after accepting the publish). Fetch a new key or check the channel.',
        fatal: true,
      },
    ]);
    expect(named(h.events, 'stopped')).toMatchObject([{ reason: expect.stringMatching(/^The platform refused the stream key/) }]);
    expect(h.ingest.sink).toBeNull();
    h.relay.reconnectNow();
    await settle();
    expect(h.targets.opened()).toEqual(['old-a', 'new-a']);
    expect(h.waits).toEqual([]);
  });

  it('stops at once when no fresh targets come', async () => {
    const h = await harness([target('a')]);
    h.targets.behaviour.set('a', 'refuse');
    h.ingest.publish();
    await settle();
    expect(h.refreshes.map((failed) => failed.id)).toEqual(['a']);
    expect(h.targets.opened()).toEqual(['a']);
    expect(named(h.events, 'target-failed').map((event) => 'fatal' in event && event.fatal)).toEqual([false, true]);
    expect(named(h.events, 'stopped')).toHaveLength(1);
  });

  it('starts over with the fresh targets and goes live when they are accepted', async () => {
    const h = await harness({ targets: async () => [target('old')], refreshAfterAuthFailure: async () => [target('fresh')] });
    h.targets.behaviour.set('old', 'refuse');
    h.ingest.publish();
    await settle();
    expect(h.targets.opened()).toEqual(['old', 'fresh']);
    expect(named(h.events, 'target-connected')).toMatchObject([{ target: { id: 'fresh' } }]);
    expect(h.relay.stats().targets.map((entry) => entry.id)).toEqual(['fresh']);
    await h.relay.stop('done');
  });
});

describe('the end of a stream', () => {
  it('keeps the outbound publish across an encoder reconnect within the grace, with timestamps going on', async () => {
    const h = await harness([target('a')], { graceMs: 200 });
    h.ingest.publish(0, 1);
    await settle();
    h.ingest.end();
    h.clock.now += 1500;
    h.ingest.publish(0, 1);
    await settle();
    expect(h.targets.opened()).toEqual(['a']);
    // 1500 ms away: the second run starts 1500 ms after the last packet of the first.
    expect(h.targets.last().labels()).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@13', 'v@33', 'meta', 'vcfg', 'acfg', 'key@1533', 'a@1546', 'v@1566']);
    expect(named(h.events, 'session-ended')).toEqual([]);
    await h.relay.stop('done');
  });

  it('ends the outbound publish cleanly after the grace, and starts a new one (at 0) for the next encoder', async () => {
    const h = await harness([target('a'), target('b')], { graceMs: 50 });
    h.ingest.publish(0, 1);
    await settle();
    h.ingest.end();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(h.targets.last().closed).toBe(true);
    expect(named(h.events, 'session-ended')).toMatchObject([{ reason: 'the encoder stayed away for 0.05 s' }]);
    expect(h.relay.stats().activeTargetId).toBeNull();
    h.ingest.publish(7000, 1);
    await settle();
    expect(h.targets.opened()).toEqual(['a', 'a']);
    expect(h.targets.last().labels().slice(0, 4)).toEqual(['meta', 'vcfg', 'acfg', 'key@0']);
    expect(named(h.events, 'switched')).toEqual([]);
    await h.relay.stop('done');
  });

  it('joins a running publish to a reconnected encoder at its first keyframe', async () => {
    const h = await harness([target('a')], { graceMs: 1000 });
    h.ingest.publish(0, 1);
    await settle();
    h.ingest.end();
    h.ingest.sink!.started();
    h.ingest.send(packets.videoConfig(0));
    h.ingest.send(packets.frame(5));
    h.ingest.send(packets.keyframe(10));
    expect(h.targets.last().labels().slice(-2)).toEqual(['vcfg', 'key@44']);
    await h.relay.stop('done');
  });
});

const destination = (name: string, ...targets: TargetSpec[]) => ({ id: name, label: `Destination ${name}`, targets: fixedTargets(targets.length > 0 ? targets : [target(name)]) });

describe('destinations', () => {
  it('gives each destination its own publish, failing and stopping on its own', async () => {
    const h = await harness([target('main')], { destinations: [destination('copy'), destination('refusing')] });
    h.targets.behaviour.set('refusing', 'refuse');
    h.ingest.publish();
    await settle();
    expect(h.targets.opened().sort()).toEqual(['copy', 'main', 'refusing']);
    const failures = named(h.events, 'target-failed');
    expect(failures.map((event) => event.event === 'target-failed' && [event.destination, event.target.id, event.role, event.fatal])).toEqual([
      ['refusing', 'refusing', 'fanout', false],
      ['refusing', 'refusing', 'fanout', true],
    ]);
    expect(named(h.events, 'stopped')).toEqual([]);
    const copy = h.targets.sessions.find((session) => session.url.endsWith('/copy'))!;
    copy.drop();
    await settle();
    // A destination of one target: its only target failed, so the retry waits.
    expect(h.waits).toEqual([500]);
    expect(named(h.events, 'retrying')).toMatchObject([{ destination: 'copy', target: { id: 'copy' } }]);
    expect(h.relay.stats().destinations.find((entry) => entry.id === 'copy')).toMatchObject({ state: 'retrying', nextRetryAt: h.clock.now + 500 });
    h.wake();
    await settle();
    expect(h.targets.opened().filter((name) => name === 'copy')).toHaveLength(2);
    expect(h.targets.opened().filter((name) => name === 'main')).toHaveLength(1);
    expect(h.relay.stats().destinations.flatMap((entry) => entry.targets).map((entry) => [entry.id, entry.role, entry.state])).toEqual([
      ['main', 'failover', 'live'],
      ['copy', 'fanout', 'live'],
      ['refusing', 'fanout', 'stopped'],
    ]);
    expect(h.relay.stats().targets.map((entry) => entry.id)).toEqual(['main']);
    expect(h.relay.stats().destinations).toMatchObject([
      { id: 'channel', state: 'live', activeTargetId: 'main', reconnects: 0, lastFailure: null },
      { id: 'copy', state: 'live', activeTargetId: 'copy', reconnects: 1, lastFailure: { kind: 'dropped', reason: 'the connection was reset' } },
      { id: 'refusing', state: 'stopped', activeTargetId: null, lastFailure: { kind: 'refused', reason: expect.stringContaining('refused the stream key') } },
    ]);
    await h.relay.stop('done');
  });

  it("the main destination's key refused for good stops it alone while another destination publishes", async () => {
    const h = await harness([target('main')], { destinations: [destination('second')] });
    h.targets.behaviour.set('main', 'refuse');
    h.ingest.publish();
    await settle();
    expect(named(h.events, 'target-failed')).toMatchObject([{ destination: 'channel', fatal: false }, { destination: 'channel', fatal: true }]);
    expect(named(h.events, 'stopped')).toEqual([]);
    const second = h.targets.sessions.find((session) => session.url.endsWith('/second'))!;
    h.ingest.send(packets.frame(200));
    expect(second.closed).toBe(false);
    expect(second.labels().at(-1)).toBe('v@200');
    expect(h.relay.stats().destinations.map((entry) => [entry.id, entry.state])).toEqual([
      ['channel', 'stopped'],
      ['second', 'live'],
    ]);
    await h.relay.stop('done');
  });

  it('stops the relay once every destination has given up', async () => {
    const h = await harness([target('main')], { destinations: [destination('second')] });
    h.targets.behaviour.set('main', 'refuse');
    h.targets.behaviour.set('second', 'refuse');
    h.ingest.publish();
    await settle();
    expect(named(h.events, 'target-failed').filter((event) => event.event === 'target-failed' && event.fatal)).toHaveLength(2);
    expect(named(h.events, 'stopped')).toHaveLength(1);
  });

  it('a destination added mid-broadcast starts at the latest keyframe; one removed ends its publish cleanly and alone', async () => {
    const h = await harness([target('main')]);
    h.ingest.publish(0, 2);
    await settle();
    h.ingest.send(packets.keyframe(1000));
    h.ingest.send(packets.audio(1010));
    h.ingest.send(packets.frame(1033));
    await h.relay.addDestination(destination('late'));
    await settle();
    const late = h.targets.sessions.find((session) => session.url.endsWith('/late'))!;
    expect(late.labels()).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@10', 'v@33']);
    h.ingest.send(packets.frame(1066));
    expect(late.labels().at(-1)).toBe('v@66');
    expect(named(h.events, 'destination-added')).toMatchObject([{ destination: 'late', label: 'Destination late' }]);
    expect(named(h.events, 'target-connected').map((event) => event.event === 'target-connected' && event.destination)).toEqual(['channel', 'late']);
    await expect(h.relay.addDestination(destination('late'))).rejects.toThrow(/already/);

    await h.relay.removeDestination('late');
    expect(late.closed).toBe(true);
    const main = h.targets.sessions.find((session) => session.url.endsWith('/main'))!;
    expect(main.closed).toBe(false);
    h.ingest.send(packets.frame(1100));
    expect(main.labels().at(-1)).toBe('v@1100');
    expect(late.labels().at(-1)).toBe('v@66');
    expect(named(h.events, 'destination-removed')).toMatchObject([{ destination: 'late' }]);
    expect(h.relay.stats().destinations.map((entry) => entry.id)).toEqual(['channel']);
    await expect(h.relay.removeDestination('channel')).rejects.toThrow(/main destination/);
    // Switched on again: a new publish.
    await h.relay.addDestination(destination('late'));
    await settle();
    expect(h.targets.opened().filter((name) => name === 'late')).toHaveLength(2);
    await h.relay.stop('done');
    expect(h.targets.sessions.every((session) => session.closed)).toBe(true);
  });

  it('reconnectNow with an id skips only that destination\'s wait', async () => {
    const h = await harness([target('main')], { destinations: [destination('second')] });
    h.ingest.publish();
    await settle();
    h.targets.behaviour.set('main', 'unreachable');
    h.targets.behaviour.set('second', 'unreachable');
    for (const session of [...h.targets.sessions]) session.drop();
    await settle();
    expect(h.waits).toEqual([500, 500]);
    h.relay.reconnectNow('second');
    await settle();
    expect(h.targets.opened().filter((name) => name === 'second')).toHaveLength(2);
    expect(h.targets.opened().filter((name) => name === 'main')).toHaveLength(1);
    expect(h.relay.stats().destinations.map((entry) => entry.state)).toEqual(['retrying', 'retrying']);
    await h.relay.stop('done');
  });
});
