// The platform's cloud recorder for one channel: start and stop (with the video it made), the channel's
// record time limit as a countdown, the autorecord mode, and "record when live" (start when the channel's
// status turns live, finish when the broadcast ends). The platform gives no feedback on a start, so the
// recorder checks that the channel is live first and reads the recorder back to learn the video's id.
import type { LiveState } from '../../preload/contract.js';
import type { AutorecordMode, PlatformApi, RecorderVideo } from '../platform/endpoints/index.js';
import { PlatformError } from '../platform/platform-error.js';
import { systemClock, type Clock, type Timer } from './clock.js';
import { autorecordNotInPlanError, channelAccessError, channelOffAirError } from './live-errors.js';

export interface RecorderPlatform {
  readonly recording: Pick<PlatformApi['recording'], 'start' | 'stop' | 'get' | 'getLimit' | 'setAutorecord'>;
  readonly channels: Pick<PlatformApi['channels'], 'get'>;
}

interface Running {
  /** Unix seconds, as the contract and the platform count time. */
  readonly since: number;
  /** The recording's video, when the platform showed it right after the start. */
  readonly videoId: string | null;
  /** The channel's maximum recording length in seconds. */
  readonly limitSeconds: number;
}

export type RecorderState =
  | { readonly state: 'idle' }
  | { readonly state: 'starting' }
  | ({ readonly state: 'recording' } & Running)
  | ({ readonly state: 'stopping' } & Running);

/** Who started a recording. */
export type RecordTrigger = 'manual' | 'record-when-live';
/** Why a recording ended. */
export type StopReason = 'stopped' | 'limit-reached' | 'broadcast-ended';

export type RecorderEvent =
  | ({ readonly type: 'recording-started'; readonly channelId: string; readonly trigger: RecordTrigger } & Running)
  | { readonly type: 'recording-stopped'; readonly channelId: string; readonly video: RecorderVideo | null; readonly reason: StopReason }
  | { readonly type: 'recording-limit-reached'; readonly channelId: string; readonly limitSeconds: number }
  /** An automatic start or stop failed; a call the caller made rejects instead. */
  | { readonly type: 'recording-failed'; readonly channelId: string; readonly action: 'start' | 'stop'; readonly error: Error };

export interface RecorderOptions {
  readonly platform: RecorderPlatform;
  readonly channelId: string;
  /** The owner's name when the signed-in user manages the channel for them: refusals then say so. */
  readonly managedFor?: string | null;
  readonly onEvent?: (event: RecorderEvent) => void;
  readonly clock?: Clock;
  readonly recordWhenLive?: boolean;
}

interface Recording extends Running {
  /** Clock time of the start, for a countdown finer than `since`. */
  readonly startedAt: number;
  /** The recorder's latest video before this start: a different one afterwards is this recording's. */
  readonly baselineVideoId: string | null;
}

export class Recorder {
  readonly #options: RecorderOptions;
  readonly #clock: Clock;
  #state: 'idle' | 'starting' | 'recording' | 'stopping' = 'idle';
  #recording: Recording | null = null;
  #limitTimer: Timer | null = null;
  #lastVideo: RecorderVideo | null = null;
  #autorecord: AutorecordMode | null = null;
  #recordWhenLive: boolean;
  #channelStatus: 'live' | 'offair' | null = null;
  /** Starts and stops run one after another, so each sees the state the previous one left. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: RecorderOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#recordWhenLive = options.recordWhenLive ?? false;
  }

  state(): RecorderState {
    const recording = this.#recording;
    if ((this.#state === 'recording' || this.#state === 'stopping') && recording !== null) {
      return { state: this.#state, since: recording.since, videoId: recording.videoId, limitSeconds: recording.limitSeconds };
    }
    return { state: this.#state === 'starting' ? 'starting' : 'idle' };
  }

  /** The recording part of the contract's LiveState. */
  summary(): LiveState['recording'] {
    return {
      state: this.#state,
      since: this.#recording?.since ?? null,
      limitSeconds: this.#recording?.limitSeconds ?? null,
      recordWhenLive: this.#recordWhenLive,
      lastVideo: this.#lastVideo,
    };
  }

  /** Whole seconds left before the channel's limit ends the recording; null when not recording. */
  remainingSeconds(now: number = this.#clock.now()): number | null {
    const recording = this.#recording;
    if (recording === null) return null;
    return Math.max(0, Math.ceil(recording.limitSeconds - (now - recording.startedAt) / 1000));
  }

  /** The channel's maximum recording length, in seconds. */
  async limitSeconds(): Promise<number> {
    return this.#channelCall((id) => this.#options.platform.recording.getLimit(id));
  }

  /** Starts recording the live channel; a recording already running is kept. Rejects when the channel is off air. */
  start(): Promise<RecorderState> {
    return this.#serially(() => this.#start('manual'));
  }

  /** Stops the channel's recording (also one started elsewhere); the video it became, or null. */
  stop(): Promise<RecorderVideo | null> {
    return this.#serially(() => this.#stop('stopped'));
  }

  /** The mode last set here: the platform has no call that reads it. */
  autorecord(): AutorecordMode | null {
    return this.#autorecord;
  }

  /** The platform's own recording of every broadcast, for broadcasts that start after this. */
  async setAutorecord(mode: AutorecordMode): Promise<void> {
    try {
      await this.#options.platform.recording.setAutorecord(this.#options.channelId, mode);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 402) throw autorecordNotInPlanError();
      throw channelAccessError(error, this.#options.channelId, this.#options.managedFor);
    }
    this.#autorecord = mode;
  }

  /** Turned on while the channel is live, it starts recording now. */
  setRecordWhenLive(on: boolean): void {
    this.#recordWhenLive = on;
    if (on && this.#channelStatus === 'live' && this.#state === 'idle') this.#automatically('start', () => this.#start('record-when-live'));
  }

  /**
   * The channel's status as the watcher sees it. Live starts a recording when "record when live" is on; off
   * air finishes any recording, because the platform's recording of a broadcast ends with it.
   */
  channelStatus(status: 'live' | 'offair'): void {
    if (this.#closed) return;
    const previous = this.#channelStatus;
    this.#channelStatus = status;
    if (status === previous) return;
    if (status === 'live' && this.#recordWhenLive) {
      this.#automatically('start', () => (this.#state === 'idle' ? this.#start('record-when-live') : Promise.resolve()));
    } else if (status === 'offair') {
      this.#automatically('stop', () => (this.#state === 'recording' ? this.#stop('broadcast-ended') : Promise.resolve()));
    }
  }

  /** Stops the countdown and ignores later status changes; a running recording is left to the platform. */
  close(): void {
    this.#closed = true;
    this.#limitTimer?.cancel();
    this.#limitTimer = null;
  }

  async #start(trigger: RecordTrigger): Promise<RecorderState> {
    if (this.#state === 'recording') return this.state();
    const { platform, channelId } = this.#options;
    this.#state = 'starting';
    try {
      const [channel, limitSeconds, baseline] = await this.#channelCall((id) =>
        Promise.all([platform.channels.get(id), platform.recording.getLimit(id), platform.recording.get(id)]),
      );
      if (channel.status !== 'live') throw channelOffAirError(channelId);
      await this.#channelCall((id) => platform.recording.start(id));
      const startedAt = this.#clock.now();
      const after = await this.#channelCall((id) => platform.recording.get(id));
      const baselineVideoId = baseline?.id ?? null;
      const videoId = after !== null && after.id !== baselineVideoId ? after.id : null;
      this.#recording = { since: Math.floor(startedAt / 1000), videoId, limitSeconds, startedAt, baselineVideoId };
      this.#state = 'recording';
    } catch (error) {
      this.#state = 'idle';
      throw error;
    }
    this.#scheduleLimit();
    const { since, videoId, limitSeconds } = this.#recording;
    this.#options.onEvent?.({ type: 'recording-started', channelId, trigger, since, videoId, limitSeconds });
    return this.state();
  }

  async #stop(reason: StopReason): Promise<RecorderVideo | null> {
    const { platform, channelId } = this.#options;
    const recording = this.#recording;
    const before = this.#state;
    this.#state = recording === null ? 'idle' : 'stopping';
    this.#limitTimer?.cancel();
    this.#limitTimer = null;
    let video: RecorderVideo | null;
    try {
      video = await this.#channelCall((id) => platform.recording.stop(id));
      // Ended by the platform already (limit, end of broadcast), the recording is no longer the recorder's to
      // stop: it is the newest video the recorder shows since the start.
      if (video === null && recording !== null) {
        const latest = await this.#channelCall((id) => platform.recording.get(id));
        if (latest !== null && latest.id !== recording.baselineVideoId) video = latest;
      }
    } catch (error) {
      this.#state = before;
      if (before === 'recording') this.#scheduleLimit();
      throw error;
    }
    this.#state = 'idle';
    this.#recording = null;
    if (video !== null) this.#lastVideo = video;
    this.#options.onEvent?.({ type: 'recording-stopped', channelId, video, reason });
    return video;
  }

  #scheduleLimit(): void {
    const recording = this.#recording;
    if (recording === null || this.#closed) return;
    const due = recording.startedAt + recording.limitSeconds * 1000 - this.#clock.now();
    this.#limitTimer = this.#clock.after(Math.max(0, due), () => {
      this.#limitTimer = null;
      this.#options.onEvent?.({ type: 'recording-limit-reached', channelId: this.#options.channelId, limitSeconds: recording.limitSeconds });
      this.#automatically('stop', () => (this.#recording === recording ? this.#stop('limit-reached') : Promise.resolve()));
    });
  }

  #automatically(action: 'start' | 'stop', work: () => Promise<unknown>): void {
    this.#serially(work).catch((error: unknown) => {
      this.#options.onEvent?.({
        type: 'recording-failed',
        channelId: this.#options.channelId,
        action,
        error: error instanceof Error ? error : new Error(String(error)),
      });
    });
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #channelCall<T>(call: (channelId: string) => Promise<T>): Promise<T> {
    try {
      return await call(this.#options.channelId);
    } catch (error) {
      throw channelAccessError(error, this.#options.channelId, this.#options.managedFor);
    }
  }
}
