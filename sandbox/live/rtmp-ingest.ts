// The sandbox's RTMP ingest and cloud recorder. node-media-server runs in a worker thread (see
// ingest-host.mjs); this side owns every decision: which key may publish (the channel key, or a streaming
// key within its 10 minutes), the channel's live/offair status, when to record, and the videos that
// recordings become.
//
// Addresses: rtmpUrls() hands out the same server under two names (its address and `localhost`), so
// clients can exercise their fallback to the next URL. Files: the ingest's log and node-media-server's
// per-run work folder live in <dataDir>/rtmp/, finished recordings in <dataDir>/recordings/<video id>.flv.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Channel, Recording, Video, VideoProtection } from '../state/model.js';
import { nowSeconds } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { channelForStreamKey } from './ingest-keys.js';
import type { HostCommand, HostEvent } from './ingest-protocol.js';

/** What other sandbox parts need to know of the ingest: where encoders publish. */
export interface IngestAddresses {
  rtmpUrls(): string[];
}

export interface RtmpIngest extends IngestAddresses {
  /** The first of rtmpUrls(). */
  readonly url: string;
  /**
   * Starts recording a live channel (recorder API: trigger 'api'; autorecord: 'auto'). Returns the
   * running recording (the one already running, if any), or null when the channel is not live.
   */
  startRecording(channel: Channel, trigger: Recording['trigger']): Recording | null;
  /** Stops the channel's recording; resolves with the video it became, or null when nothing was recorded. */
  stopRecording(channel: Channel): Promise<Video | null>;
  /** Ends every publish and recording (recordings still become videos) and stops the host. */
  close(): Promise<void>;
  /**
   * Ends the host as a crash would (an operator call: the platform's ingest server failing); it is restarted
   * on the same address like after any unexpected exit. False when no host runs.
   */
  crashHost(): boolean;
}

export interface RtmpIngestOptions {
  readonly store: SandboxStore;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly dataDir: string;
}

const HOST_START_TIMEOUT_MS = 15_000;
const HOST_STOP_TIMEOUT_MS = 10_000;
const MAX_RESTARTS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 200;

interface ActiveRecording {
  readonly channelId: string;
  readonly recording: Recording;
  readonly protect: VideoProtection;
  readonly filePath: string;
  readonly ended: Deferred<Video | null>;
  /** The host has closed the file; the video is being made. */
  finishing: boolean;
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export async function startRtmpIngest(options: RtmpIngestOptions): Promise<RtmpIngest> {
  const workDir = join(options.dataDir, 'rtmp');
  const recordingsDir = join(options.dataDir, 'recordings');
  await mkdir(workDir, { recursive: true });
  await mkdir(recordingsDir, { recursive: true });
  const ingest = new Ingest(options.store, recordingsDir, join(workDir, 'ingest.log'));
  await ingest.start(options.host, options.port, await mkdtemp(join(workDir, 'run-')));
  return ingest;
}

class Ingest implements RtmpIngest {
  readonly #store: SandboxStore;
  readonly #recordingsDir: string;
  readonly #logPath: string;
  readonly #log: WriteStream;
  #urls: string[] = [];
  #host: Worker | null = null;
  #runDir = '';
  #exited: Promise<void> = Promise.resolve();
  #ready = deferred<number>();
  #stopped = deferred<void>();
  /** Where a host that died is started again; null until the first one listened. */
  #restartAt: { readonly host: string; readonly port: number } | null = null;
  /** When the host was restarted, within the last minute. */
  #restarts: number[] = [];
  #closing: Promise<void> | null = null;
  /** Accepted publishes: host session id → channel id, and back. */
  readonly #publishers = new Map<string, string>();
  readonly #liveSessions = new Map<string, string>();
  /** By video id. */
  readonly #recordings = new Map<string, ActiveRecording>();
  /** Recordings being turned into videos. */
  readonly #finalizing = new Set<Promise<void>>();

  constructor(store: SandboxStore, recordingsDir: string, logPath: string) {
    this.#store = store;
    this.#recordingsDir = recordingsDir;
    this.#logPath = logPath;
    this.#log = createWriteStream(logPath, { flags: 'a' });
  }

  get url(): string {
    return this.#urls[0]!;
  }

  rtmpUrls(): string[] {
    return [...this.#urls];
  }

  async start(host: string, port: number, runDir: string): Promise<void> {
    this.#runDir = runDir;
    this.#forgetEarlierBroadcasts();
    const boundPort = await this.#spawn(host, port);
    this.#urls = ingestUrls(host, boundPort);
    this.#write('info', `listening at ${this.#urls.join(', ')}`);
    // A host that dies later is started again on the same address (its URLs are handed out).
    this.#restartAt = { host, port: boundPort };
  }

  /** Starts a host thread listening on host:port; resolves with its port once it listens. */
  async #spawn(host: string, port: number): Promise<number> {
    const ready = deferred<number>();
    this.#ready = ready;
    this.#stopped = deferred<void>();
    // A worker thread, not a child process: a packaged Electron app (runAsNode fuse off) cannot fork
    // Node, and the thread's own module registry still keeps this node-media-server apart from the app's.
    const worker = new Worker(new URL('./ingest-host.mjs', import.meta.url), { stdout: true, stderr: true, execArgv: [] });
    worker.stdout.pipe(this.#log, { end: false });
    worker.stderr.pipe(this.#log, { end: false });
    this.#host = worker;
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        this.#hostExited(code);
        resolve();
      }),
    );
    this.#exited = exited;
    worker.on('message', (message) => this.#onHostEvent(message as HostEvent));
    worker.on('error', (error) => {
      this.#write('error', `the RTMP ingest host: ${error.message}`);
      ready.reject(error);
    });
    void exited.then(() => ready.reject(new Error(`the RTMP ingest exited while starting; see ${this.#logPath}`)));
    const timer = setTimeout(() => ready.reject(new Error(`the RTMP ingest did not start within ${HOST_START_TIMEOUT_MS / 1000} s`)), HOST_START_TIMEOUT_MS);
    this.#send({ type: 'start', host, port, storeDir: join(this.#runDir, 'store') });
    try {
      return await ready.promise;
    } catch (error) {
      void worker.terminate();
      await exited;
      // The first start cleans up after itself; a restart leaves that to close().
      if (this.#restartAt === null) await this.#cleanUp();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** After an unexpected exit: a new host on the same address, a few times a minute at most. */
  #restartHost(): void {
    const at = this.#restartAt;
    if (at === null || this.#closing) return;
    const now = Date.now();
    this.#restarts = this.#restarts.filter((time) => now - time < 60_000);
    if (this.#restarts.length >= MAX_RESTARTS_PER_MINUTE) {
      this.#write('error', `the RTMP ingest host died ${MAX_RESTARTS_PER_MINUTE} times within a minute: it stays down`);
      return;
    }
    this.#restarts.push(now);
    this.#write('warn', `restarting the RTMP ingest host on ${at.host}:${at.port}`);
    const timer = setTimeout(() => {
      if (this.#closing) return;
      this.#spawn(at.host, at.port).then(
        () => this.#write('info', `the RTMP ingest host runs again at ${this.#urls.join(', ')}`),
        (error: unknown) => this.#write('error', `the RTMP ingest host did not restart: ${(error as Error).message}`),
      );
    }, RESTART_DELAY_MS);
    timer.unref();
  }

  startRecording(channel: Channel, trigger: Recording['trigger']): Recording | null {
    const sessionId = this.#liveSessions.get(channel.id);
    if (!sessionId || this.#closing) {
      this.#write('info', `recorder start on channel ${channel.id} ignored: the channel is not live`);
      return null;
    }
    if (channel.recording) return channel.recording;
    const recording: Recording = { videoId: this.#store.nextId('video'), startedAt: nowSeconds(), trigger };
    channel.recording = recording;
    this.#store.changed();
    const ended = deferred<Video | null>();
    const filePath = join(this.#recordingsDir, `${recording.videoId}.flv`);
    // The recorder API has no privacy parameter: its recordings are public, as uploads are by default.
    const protect: VideoProtection = trigger === 'auto' && channel.autorecord !== 'disabled' ? channel.autorecord : 'public';
    this.#recordings.set(recording.videoId, { channelId: channel.id, recording, protect, filePath, ended, finishing: false });
    // The host ends the recording when its media reaches the limit, so no video is longer than it.
    this.#send({ type: 'record-start', sessionId, videoId: recording.videoId, filePath, limitMs: channel.recordingLimit * 1000 });
    this.#write('info', `channel ${channel.id}: recording video ${recording.videoId} (${trigger}, ${protect}, limit ${channel.recordingLimit} s)`);
    return recording;
  }

  stopRecording(channel: Channel): Promise<Video | null> {
    const recording = channel.recording;
    if (!recording) return Promise.resolve(null);
    const active = this.#recordings.get(recording.videoId);
    if (!active) {
      // Left in the state by an earlier run of the sandbox: nothing records it any more.
      channel.recording = null;
      this.#store.changed();
      return Promise.resolve(null);
    }
    if (!active.finishing) this.#send({ type: 'record-stop', videoId: recording.videoId });
    return active.ended.promise;
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  crashHost(): boolean {
    if (!this.#host || this.#closing) return false;
    void this.#host.terminate();
    return true;
  }

  async #close(): Promise<void> {
    const host = this.#host;
    if (host) {
      this.#send({ type: 'stop' });
      await Promise.race([this.#stopped.promise, this.#exited, delay(HOST_STOP_TIMEOUT_MS, undefined, { ref: false })]);
      // After 'stopped' (or without it, when it did not come in time) the thread is ended.
      if (this.#host) void host.terminate();
      await this.#exited;
    }
    await this.#cleanUp();
  }

  async #cleanUp(): Promise<void> {
    while (this.#finalizing.size > 0) await Promise.all(this.#finalizing);
    await rm(this.#runDir, { recursive: true, force: true });
    await new Promise((resolve) => this.#log.end(resolve));
  }

  /** Nothing publishes when the ingest starts, whatever a persisted state says. */
  #forgetEarlierBroadcasts(): void {
    const now = nowSeconds();
    for (const channel of this.#store.data.channels) {
      if (channel.recording) {
        this.#write('warn', `channel ${channel.id}: recording ${channel.recording.videoId} of an earlier run is lost`);
        channel.recording = null;
        this.#store.changed();
      }
      this.#store.setChannelStatus(channel, 'offair', now);
    }
  }

  #onHostEvent(event: HostEvent): void {
    switch (event.type) {
      case 'publish':
        this.#decidePublish(event);
        break;
      case 'unpublish':
        this.#endPublish(event.sessionId);
        break;
      case 'record-ended': {
        const active = this.#recordings.get(event.videoId);
        if (!active) break;
        active.finishing = true;
        this.#track(this.#finishRecording(active, event.durationMs));
        break;
      }
      case 'record-failed': {
        const active = this.#recordings.get(event.videoId);
        if (!active) break;
        this.#write('error', `channel ${active.channelId}: recording ${event.videoId} failed: ${event.reason}`);
        this.#settle(active, null);
        break;
      }
      case 'ready':
        this.#ready.resolve(event.port);
        break;
      case 'failed':
        this.#write('error', `the RTMP ingest host failed: ${event.reason}`);
        this.#ready.reject(new Error(`the RTMP ingest failed to start: ${event.reason}`));
        // A host that failed is of no use (it used to exit): ending it reports the loss as an exit does.
        void this.#host?.terminate();
        break;
      case 'stopped':
        this.#stopped.resolve();
        break;
    }
  }

  #decidePublish(event: Extract<HostEvent, { type: 'publish' }>): void {
    const now = nowSeconds();
    const where = `/${event.app}/${event.name.slice(0, 4)}…`;
    const refuse = (why: string) => {
      this.#send({ type: 'reject', sessionId: event.sessionId });
      this.#write('warn', `refused a publish from ${event.address} to ${where}: ${why}`);
    };
    if (this.#closing) return refuse('the ingest is shutting down');
    if (event.app !== 'live') return refuse('the application is not "live"');
    const match = channelForStreamKey(this.#store, event.name, now);
    if ('problem' in match) return refuse(match.problem);
    const { channel, kind } = match;
    if (this.#liveSessions.has(channel.id)) return refuse(`channel ${channel.id} is already receiving a broadcast`);

    this.#send({ type: 'accept', sessionId: event.sessionId });
    this.#publishers.set(event.sessionId, channel.id);
    this.#liveSessions.set(channel.id, event.sessionId);
    this.#write('info', `channel ${channel.id} is live: publish from ${event.address} with its ${kind}`);
    this.#store.setChannelStatus(channel, 'live', now);
    if (channel.autorecord !== 'disabled') this.startRecording(channel, 'auto');
  }

  #endPublish(sessionId: string): void {
    const channelId = this.#publishers.get(sessionId);
    if (channelId === undefined) return;
    this.#publishers.delete(sessionId);
    this.#liveSessions.delete(channelId);
    const channel = this.#store.channel(channelId);
    this.#write('info', `channel ${channelId} is off air`);
    // The host ends the publish's recording itself; its video follows with record-ended.
    if (channel) this.#store.setChannelStatus(channel, 'offair', nowSeconds());
  }

  async #finishRecording(active: ActiveRecording, durationMs: number): Promise<void> {
    const { recording } = active;
    const channel = this.#store.channel(active.channelId);
    let video: Video | null = null;
    try {
      const { size } = await stat(active.filePath);
      if (!channel || durationMs === 0) {
        this.#write('warn', `recording ${recording.videoId} is discarded: ${channel ? 'it holds no media' : `channel ${active.channelId} was deleted meanwhile`}`);
        await rm(active.filePath, { force: true });
      } else {
        video = {
          id: recording.videoId,
          channelId: channel.id,
          ownerId: channel.ownerId,
          title: `${channel.title}, recorded ${new Date(recording.startedAt * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          description: '',
          protect: active.protect,
          createdAt: recording.startedAt,
          addedAt: nowSeconds(),
          length: (durationMs / 1000).toFixed(3),
          fileSize: size,
          views: 0,
          source: 'recording',
          filePath: active.filePath,
        };
      }
    } catch (error) {
      this.#write('error', `recording ${recording.videoId}: cannot read ${active.filePath}: ${(error as Error).message}`);
    }
    if (video) {
      this.#store.addVideo(video);
      this.#write('info', `channel ${video.channelId}: recording became video ${video.id} (${video.length} s, ${video.fileSize} bytes)`);
    }
    this.#settle(active, video);
  }

  #settle(active: ActiveRecording, video: Video | null): void {
    this.#recordings.delete(active.recording.videoId);
    const channel = this.#store.channel(active.channelId);
    if (channel?.recording?.videoId === active.recording.videoId) {
      channel.recording = null;
      this.#store.changed();
    }
    active.ended.resolve(video);
  }

  #hostExited(code: number): void {
    this.#host = null;
    if (!this.#closing) this.#write('error', `the RTMP ingest host exited unexpectedly (code ${code}); see the lines above`);
    for (const sessionId of [...this.#publishers.keys()]) this.#endPublish(sessionId);
    for (const active of [...this.#recordings.values()].filter((candidate) => !candidate.finishing)) {
      this.#write('error', `channel ${active.channelId}: recording ${active.recording.videoId} is lost with the host`);
      this.#settle(active, null);
    }
    if (!this.#closing) this.#restartHost();
  }

  #track(work: Promise<void>): void {
    const tracked = work.finally(() => this.#finalizing.delete(tracked));
    this.#finalizing.add(tracked);
  }

  #send(command: HostCommand): void {
    this.#host?.postMessage(command);
  }

  #write(level: 'info' | 'warn' | 'error', message: string): void {
    this.#log.write(`${new Date().toISOString()} sandbox ${level} ${message}\n`);
  }
}

/** One server, two names: its address (loopback for a wildcard bind) and, on loopback, `localhost`. */
function ingestUrls(host: string, port: number): string[] {
  const wildcard = host === '0.0.0.0' || host === '::';
  const address = wildcard ? '127.0.0.1' : host;
  const urls = [`rtmp://${address.includes(':') ? `[${address}]` : address}:${port}/live`];
  const loopback = address.startsWith('127.') || address === '::1';
  if (loopback) urls.push(`rtmp://localhost:${port}/live`);
  return urls;
}
