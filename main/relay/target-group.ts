// One destination's outbound publish and the targets it may use (the channel's ingest URLs, or a second
// platform's), one at a time, the next one when the current one fails. An outbound
// session starts when the stream has a start (metadata, configurations, a keyframe), lives across
// failovers and encoder reconnects, and ends when the relay ends it (the encoder stayed away past the
// grace period) or stops. Each new connection starts at the latest keyframe, so the target's first
// frame decodes.
import type { BackoffPolicy } from './backoff.js';
import { FailoverPlan, type NextStep } from './failover-plan.js';
import type { MediaPacket } from './media-packet.js';
import { RateWindow } from './rate-window.js';
import type { FailureKind, PublishFailure } from './publish-failure.js';
import type { OpenPublisher, OutboundSession } from './rtmp-publisher.js';
import type { DestinationRef, DestinationStats, RelayEvent, RelayLogger, TargetRef, TargetRole, TargetSource, TargetSpec, TargetState, TargetStats } from './relay-types.js';
import { publicAddress } from './target-url.js';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface GroupContext {
  /** The destination this group publishes to; its id goes into every event. */
  readonly destination: DestinationRef;
  readonly role: TargetRole;
  readonly source: TargetSource;
  readonly backoff: BackoffPolicy;
  readonly open: OpenPublisher;
  /** What a new connection is sent first; null while the stream has no start. */
  readonly startSequence: () => MediaPacket[] | null;
  readonly emit: (event: RelayEvent) => void;
  /** The group gave up (the stream key was refused again): `reason` is for the streamer. */
  readonly onFatal: (reason: string) => void;
  readonly now: () => number;
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly logger?: RelayLogger;
}

interface TargetRecord {
  ref: TargetRef;
  state: TargetState;
  /** Sent in earlier sessions. */
  bytesBefore: number;
  readonly rate: RateWindow;
  attempts: number;
  lastSwitchAt: number | null;
  lastError: string | null;
  lastFailure: FailureKind | null;
  /** Dropped for a slow link in earlier sessions. */
  dropped: { frames: number; gops: number };
}

interface Connection {
  readonly target: TargetSpec;
  readonly session: OutboundSession;
  /** When the target started receiving. */
  readonly startedAt: number;
  /** Relay time sent as 0 on this connection; null until the start sequence went out. */
  base: number | null;
  /** session.bytesSent already counted in the target's rate. */
  counted: number;
}

export class TargetGroup {
  readonly #context: GroupContext;
  readonly #records = new Map<string, TargetRecord>();
  #targets: readonly TargetSpec[] = [];
  #connection: Connection | null = null;
  /** The target the failover publish last ran on, for `switched`. */
  #lastActive: TargetSpec | null = null;
  #stopped = false;
  /** Aborted when the outbound session ends (grace expired) or the group stops. */
  #session = new AbortController();
  /** Aborted by reconnectNow. */
  #backoff: AbortController | null = null;
  #retryAt: number | null = null;
  #lastFailure: DestinationStats['lastFailure'] = null;
  #gaveUp = false;
  #startWaiter: (() => void) | null = null;
  #inSession = false;
  #loop: Promise<void> = Promise.resolve();

  constructor(context: GroupContext) {
    this.#context = context;
  }

  /** Learns the targets (for stats) and starts publishing as soon as the stream has a start. */
  async start(): Promise<void> {
    this.#useTargets(await this.#context.source.targets());
    this.#loop = this.#run();
  }

  get destination(): DestinationRef {
    return this.#context.destination;
  }

  get active(): TargetRef | null {
    return this.#connection?.target ?? null;
  }

  /** An outbound session runs: connected, or moving between targets. */
  get inSession(): boolean {
    return this.#inSession;
  }

  get retryAt(): number | null {
    return this.#retryAt;
  }

  /** Its stream key was refused again: it publishes no more. */
  get gaveUp(): boolean {
    return this.#gaveUp;
  }

  /** The destination as a whole: its state, its active target and last failure, and its targets. */
  destinationStats(now: number): DestinationStats {
    const targets = this.stats(now);
    const active = targets.find((target) => target.active) ?? null;
    const attempts = this.#targets.reduce((sum, target) => sum + this.#record(target).attempts, 0);
    return {
      ...this.#context.destination,
      state: this.#state(active),
      activeTargetId: active?.id ?? null,
      bitrateKbps: active?.bitrateKbps ?? null,
      reconnects: Math.max(0, attempts - 1),
      lastFailure: this.#lastFailure,
      nextRetryAt: this.#retryAt,
      targets,
    };
  }

  #state(active: TargetStats | null): DestinationStats['state'] {
    if (this.#gaveUp) return 'stopped';
    if (this.#retryAt !== null) return 'retrying';
    if (active?.state === 'live') return 'live';
    return this.#inSession ? 'connecting' : 'idle';
  }

  /** A packet of the stream (already in the start cache, in relay time). */
  deliver(packet: MediaPacket): void {
    if (this.#startWaiter !== null && this.#context.startSequence() !== null) {
      this.#startWaiter();
      this.#startWaiter = null;
    }
    const connection = this.#connection;
    if (connection === null) return;
    if (connection.base === null) {
      this.#prime(connection);
      return;
    }
    this.#send(connection, packet);
  }

  /** Ends the outbound session cleanly; the next stream start begins a new one. */
  async endSession(): Promise<void> {
    this.#session.abort();
    this.#session = new AbortController();
    this.#lastActive = null;
    await this.#closeConnection();
  }

  reconnectNow(): void {
    this.#backoff?.abort();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#session.abort();
    this.#startWaiter?.();
    await this.#closeConnection();
    await this.#loop;
  }

  stats(now: number): TargetStats[] {
    return this.#targets.map((target) => {
      const record = this.#record(target);
      const connection = this.#connection?.target.id === target.id ? this.#connection : null;
      const rate = record.rate.perSecond(now);
      const buffer = connection?.session.sendBuffer?.() ?? null;
      return {
        ...record.ref,
        role: this.#context.role,
        state: record.state,
        active: connection !== null,
        bytes: record.bytesBefore + (connection?.session.bytesSent ?? 0),
        bitrateKbps: rate === null || connection === null ? null : Math.round((rate * 8) / 1000),
        reconnects: Math.max(0, record.attempts - 1),
        lastSwitchAt: record.lastSwitchAt,
        lastError: record.lastError,
        lastFailure: record.lastFailure,
        sendBufferBytes: buffer?.bytes ?? 0,
        drainSeconds: buffer === null ? null : buffer.drainSeconds,
        backlogSeconds: buffer?.backlogSeconds ?? 0,
        droppedFrames: record.dropped.frames + (buffer?.droppedFrames ?? 0),
        droppedGops: record.dropped.gops + (buffer?.droppedGops ?? 0),
        congested: buffer?.congested ?? false,
      };
    });
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      await this.#waitForStart();
      if (this.#stopped) return;
      const signal = this.#session.signal;
      let plan: FailoverPlan;
      try {
        plan = new FailoverPlan(this.#useTargets(await this.#context.source.targets()), this.#context.backoff, this.#context.random);
      } catch (error) {
        this.#context.logger?.error('the relay could not get its targets', { role: this.#context.role, error });
        await this.#wait(this.#context.backoff.maxMs, signal);
        continue;
      }
      let step: NextStep = { kind: 'connect', target: plan.current, waitMs: 0, round: 0 };
      this.#inSession = true;
      while (!this.#stopped && !signal.aborted && step.kind === 'connect') {
        if (step.waitMs > 0) {
          this.#context.emit({ event: 'retrying', at: this.#context.now(), destination: this.#context.destination.id, inMs: step.waitMs, target: refOf(step.target) });
          await this.#wait(step.waitMs, signal);
          await this.#waitForStart();
          if (this.#stopped || signal.aborted) break;
        }
        const failure = await this.#attempt(step.target, signal);
        if (failure === null) break;
        step = await this.#next(plan, step.target, failure);
      }
      this.#inSession = false;
      if (step.kind === 'give-up') return;
    }
  }

  /** One connection to `target`, from connect to its end; null when it ended because we ended it. */
  async #attempt(target: TargetSpec, signal: AbortSignal): Promise<PublishFailure | null> {
    const { emit, now, role } = this.#context;
    const destination = this.#context.destination.id;
    const record = this.#record(target);
    record.attempts += 1;
    record.state = 'connecting';
    emit({ event: 'target-connecting', at: now(), destination, target: refOf(target), role });
    this.#context.logger?.info('relay target connecting', { role, target: target.label, address: publicAddress(target.url) });
    let session: OutboundSession;
    try {
      session = await this.#context.open(target.url);
    } catch (error) {
      return error as PublishFailure;
    }
    if (this.#stopped || signal.aborted) {
      await session.close();
      return null;
    }
    session.onCongestion?.((congested, { backlogSeconds, droppedFrames, droppedGops }) =>
      emit({ event: congested ? 'target-congested' : 'target-recovered', at: now(), destination, target: refOf(target), role, backlogSeconds, droppedFrames, droppedGops }),
    );
    const connection: Connection = { target, session, startedAt: now(), base: null, counted: 0 };
    this.#connection = connection;
    this.#prime(connection);
    const refusal = await session.accepted;
    if (refusal !== null) {
      this.#forget(connection);
      // Closing a connection we end ourselves settles it as not accepted, too.
      return this.#stopped || signal.aborted ? null : refusal;
    }
    record.state = 'live';
    record.lastError = null;
    record.lastFailure = null;
    emit({ event: 'target-connected', at: now(), destination, target: refOf(target), role });
    this.#context.logger?.info('relay target live', { role, target: target.label });
    const previous = this.#lastActive;
    if (previous !== null && previous.id !== target.id) {
      record.lastSwitchAt = connection.startedAt;
      emit({ event: 'switched', at: connection.startedAt, destination, from: refOf(previous), to: refOf(target) });
    }
    this.#lastActive = target;
    const lost = await Promise.race([session.lost, whenAborted(signal)]);
    if (lost !== null) this.#forget(connection);
    return lost;
  }

  /** After a failure: tells, and picks the next step (asking for fresh targets after a refusal). */
  async #next(plan: FailoverPlan, target: TargetSpec, failure: PublishFailure): Promise<NextStep> {
    const { role } = this.#context;
    const record = this.#record(target);
    record.lastError = failure.message;
    record.lastFailure = failure.kind;
    let step = failure.kind === 'refused' ? plan.refused() : plan.failed();
    if (step.kind === 'refresh') {
      this.#report(target, failure, failure.message, false);
      let fresh: readonly TargetSpec[] | null = null;
      try {
        fresh = await this.#context.source.refreshAfterAuthFailure(step.failed);
      } catch (error) {
        this.#context.logger?.warn('fetching fresh targets after a refused key failed', { role, error });
      }
      step = plan.afterRefresh(fresh, step.failed);
      if (step.kind === 'connect') this.#useTargets(plan.targets);
    }
    if (step.kind === 'give-up') {
      record.state = 'stopped';
      this.#gaveUp = true;
      const reason = `The platform refused the stream key (${target.label}: ${failure.message}). Fetch a new key or check the channel.`;
      this.#report(target, failure, reason, true);
      this.#context.onFatal(reason);
      return step;
    }
    if (failure.kind !== 'refused') this.#report(target, failure, failure.message, false);
    return step;
  }

  #report(target: TargetSpec, failure: PublishFailure, reason: string, fatal: boolean): void {
    const { emit, now, role } = this.#context;
    const record = this.#record(target);
    if (!fatal) record.state = 'failed';
    this.#lastFailure = { kind: failure.kind, reason, at: now() };
    emit({ event: 'target-failed', at: now(), destination: this.#context.destination.id, target: refOf(target), role, kind: failure.kind, reason, fatal });
    this.#context.logger?.warn('relay target failed', { role, target: target.label, kind: failure.kind, reason, fatal });
  }

  #prime(connection: Connection): void {
    const sequence = this.#context.startSequence();
    if (sequence === null || sequence.length === 0) return;
    // The connection's time starts at its first frame: metadata and configurations from earlier in the
    // publish go out at 0 with it, so a target that took over mid-stream shows no gap at its start.
    const media = sequence.filter((packet) => !packet.config && !packet.metadata);
    connection.base = Math.min(...(media.length > 0 ? media : sequence).map((packet) => packet.timestamp));
    for (const packet of sequence) this.#send(connection, packet);
  }

  #send(connection: Connection, packet: MediaPacket): void {
    connection.session.send(packet.kind, Math.max(0, packet.timestamp - (connection.base ?? 0)), packet.payload);
    const sent = connection.session.bytesSent;
    this.#record(connection.target).rate.add(sent - connection.counted, this.#context.now());
    connection.counted = sent;
  }

  /** The connection is over: its bytes join the target's total. */
  #forget(connection: Connection): void {
    if (this.#connection !== connection) return;
    this.#connection = null;
    const record = this.#record(connection.target);
    record.bytesBefore += connection.session.bytesSent;
    const buffer = connection.session.sendBuffer?.();
    record.dropped.frames += buffer?.droppedFrames ?? 0;
    record.dropped.gops += buffer?.droppedGops ?? 0;
    record.rate.reset();
  }

  async #closeConnection(): Promise<void> {
    const connection = this.#connection;
    if (connection === null) return;
    this.#forget(connection);
    const record = this.#record(connection.target);
    if (record.state === 'live' || record.state === 'connecting') record.state = 'idle';
    await connection.session.close();
  }

  #waitForStart(): Promise<void> {
    if (this.#stopped || this.#context.startSequence() !== null) return Promise.resolve();
    return new Promise((resolve) => (this.#startWaiter = resolve));
  }

  /** Waits `ms`, or less if the session ends, the group stops or reconnectNow is called. */
  async #wait(ms: number, session: AbortSignal): Promise<void> {
    const backoff = new AbortController();
    this.#backoff = backoff;
    const onEnd = (): void => backoff.abort();
    session.addEventListener('abort', onEnd, { once: true });
    this.#retryAt = this.#context.now() + ms;
    try {
      await this.#context.sleep(ms, backoff.signal);
    } catch {
      // Cut short.
    } finally {
      session.removeEventListener('abort', onEnd);
      this.#retryAt = null;
      this.#backoff = null;
    }
  }

  #useTargets(targets: readonly TargetSpec[]): readonly TargetSpec[] {
    if (targets.length === 0) throw new Error('the target list is empty');
    this.#targets = targets;
    for (const target of targets) {
      const record = this.#record(target);
      record.ref = refOf(target);
    }
    return targets;
  }

  #record(target: TargetSpec): TargetRecord {
    let record = this.#records.get(target.id);
    if (record === undefined) {
      record = { ref: refOf(target), state: 'idle', bytesBefore: 0, rate: new RateWindow(), attempts: 0, lastSwitchAt: null, lastError: null, lastFailure: null, dropped: { frames: 0, gops: 0 } };
      this.#records.set(target.id, record);
    }
    return record;
  }
}

function refOf(target: TargetSpec): TargetRef {
  return { id: target.id, label: target.label };
}

function whenAborted(signal: AbortSignal): Promise<null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }));
}
