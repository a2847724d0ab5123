// The app's local RTMP ingest: the one address the encoder is set up with (rtmp://127.0.0.1:1935/live
// plus the local stream key). node-media-server runs in this process (nms-binding.ts); this side decides
// who may publish: only /<app>/<current key>, and a second publisher with the right key replaces the one
// there (an encoder that crashed or lost its network leaves a stale publish behind, and restarting it
// must not be refused). What the encoder sends goes to subscribers, the relay among them.
import { timingSafeEqual } from 'node:crypto';
import { MediaCache } from './media-cache.js';
import { classify, codecOf, kindOfMessage, type MediaPacket } from './media-packet.js';
import { decodeMetadata, startNmsServer, type NmsLogLevel, type NmsMediaMessage, type NmsPublish } from './nms-binding.js';
import type { ConnectionLimits } from './nms-guard.js';
import type { EncoderEvent, RelayLogger, StreamInfo } from './relay-types.js';

export interface LocalIngestOptions {
  /** 127.0.0.1 unless told otherwise. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The RTMP application; `live` unless told otherwise. */
  readonly app?: string;
  readonly streamKey: string;
  readonly onEvent?: (event: EncoderEvent) => void;
  readonly logger?: RelayLogger;
  readonly now?: () => number;
  /** Limits on connections that have not published with the key yet (tests shorten them). */
  readonly connectionLimits?: Partial<ConnectionLimits>;
}

/** Told about the encoder's publishes, in order: started, packets (described once known), ended. */
export interface IngestSink {
  started(): void;
  packet(packet: MediaPacket): void;
  /** The encoder's first frame arrived: what it sends is known. */
  described(info: StreamInfo): void;
  ended(reason: string): void;
}

export interface LocalIngest {
  /** rtmp://HOST:PORT/APP: the encoder's server address (the key goes in its own field). */
  readonly url: string;
  readonly port: number;
  /** From now on only this key may publish; an encoder publishing with the old one is disconnected. */
  setStreamKey(key: string): void;
  /** What the encoder sends, while one publishes. */
  currentStream(): StreamInfo | null;
  /** A subscriber that joins mid-publish is told `started` and the packets held since the last keyframe. */
  subscribe(sink: IngestSink): () => void;
  close(): Promise<void>;
}

/** The characters node-media-server accepts in a stream name. */
const STREAM_KEY = /^[A-Za-z0-9_-]+$/;

interface Publisher {
  readonly sessionId: string;
  info: StreamInfo;
  described: boolean;
}

export async function startLocalIngest(options: LocalIngestOptions): Promise<LocalIngest> {
  const host = options.host ?? '127.0.0.1';
  const app = options.app ?? 'live';
  const now = options.now ?? Date.now;
  const logger = options.logger;
  if (!STREAM_KEY.test(app)) throw new Error(`the ingest application must be letters, digits, _ or - (got ${JSON.stringify(app)})`);
  checkKey(options.streamKey);

  let key = options.streamKey;
  let closing = false;
  let publisher: Publisher | null = null;
  /** Why the current publish is being ended, when we end it ourselves. */
  let endReason: string | null = null;
  const cache = new MediaCache();
  const sinks = new Set<IngestSink>();
  /** Every key this ingest has had: none may reach a log line. */
  const keys = new Set([key]);

  // Listeners run inside node-media-server's socket handlers: one that throws must not take them down.
  const guard = (call: () => void): void => {
    try {
      call();
    } catch (error) {
      logger?.error('a local ingest listener failed', { error });
    }
  };
  const emit = (event: EncoderEvent): void => guard(() => options.onEvent?.(event));
  const tell = (call: (sink: IngestSink) => void): void => {
    for (const sink of sinks) guard(() => call(sink));
  };
  const pathOf = (streamKey: string): string => `/${app}/${streamKey}`;

  const decide = (publish: NmsPublish): 'accept' | 'refuse' => {
    const refusal = closing ? 'the ingest is closing' : publish.app !== app ? `wrong application (not "${app}")` : sameKey(publish.name, key) ? null : 'wrong stream key';
    if (refusal !== null) {
      logger?.warn('refused a publish to the local ingest', { reason: refusal, address: publish.address });
      emit({ event: 'encoder-refused', at: now(), reason: refusal, address: publish.address });
      return 'refuse';
    }
    if (publish.pathBusy) {
      endReason = 'replaced by a new publish with the same key';
      publish.endCurrent();
    }
    publisher = { sessionId: publish.sessionId, info: { codecs: { video: null, audio: null }, width: null, height: null, fps: null }, described: false };
    cache.clear();
    logger?.info('an encoder publishes to the local ingest', { address: publish.address });
    tell((sink) => sink.started());
    return 'accept';
  };

  const onPublishEnd = (sessionId: string): void => {
    if (publisher?.sessionId !== sessionId) return;
    const reason = endReason ?? 'the encoder disconnected';
    endReason = null;
    publisher = null;
    cache.clear();
    logger?.info('the encoder left the local ingest', { reason });
    emit({ event: 'encoder-disconnected', at: now(), reason });
    tell((sink) => sink.ended(reason));
  };

  const onMessage = (message: NmsMediaMessage): void => {
    const current = publisher;
    const kind = kindOfMessage(message.type);
    if (current === null || kind === null) return;
    const packet = classify(kind, message.timestamp, message.payload);
    learn(current, packet);
    cache.add(packet);
    tell((sink) => sink.packet(packet));
    if (!current.described && (packet.kind === 'audio' || packet.kind === 'video') && !packet.config) {
      current.described = true;
      const info = current.info;
      emit({ event: 'encoder-connected', at: now(), ...info });
      tell((sink) => sink.described(info));
    }
  };

  const redact = (message: string): string => {
    let out = message;
    for (const secret of keys) out = out.split(secret).join('[redacted]');
    // Stream names are keys even when they are not ours (a wrong key is someone's key too).
    return out.replace(/(\/[\w-]+\/)[\w-]+/g, '$1[redacted]').replace(/\bname=[^,\s]+/g, 'name=[redacted]');
  };
  const log = (level: NmsLogLevel, message: string): void => {
    if (level === 'warn') logger?.warn(`node-media-server: ${redact(message)}`);
    else if (level === 'error') logger?.error(`node-media-server: ${redact(message)}`);
  };

  // A player needs the key too: it is the encoder's stream.
  const mayPlay = (playApp: string, name: string): boolean => !closing && playApp === app && sameKey(name, key);
  const server = await startNmsServer({ host, port: options.port, decide, onPublishEnd, mayPlay, log, limits: options.connectionLimits });
  let untap = server.tap(pathOf(key), onMessage);
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `rtmp://${shownHost}:${server.port}/${app}`;
  logger?.info('local ingest listening', { url });

  return {
    url,
    port: server.port,
    setStreamKey(next) {
      checkKey(next);
      if (next === key) return;
      keys.add(next);
      if (publisher !== null) {
        endReason = 'the local stream key changed';
        server.endPublish(pathOf(key));
      }
      untap();
      key = next;
      untap = server.tap(pathOf(key), onMessage);
    },
    currentStream() {
      return publisher?.described ? publisher.info : null;
    },
    subscribe(sink) {
      sinks.add(sink);
      const current = publisher;
      if (current !== null) {
        guard(() => sink.started());
        for (const packet of cache.snapshot()) guard(() => sink.packet(packet));
        if (current.described) guard(() => sink.described(current.info));
      }
      return () => sinks.delete(sink);
    },
    async close() {
      if (closing) return;
      closing = true;
      if (publisher !== null) {
        endReason = 'the local ingest closed';
        server.endPublish(pathOf(key));
      }
      untap();
      sinks.clear();
      await server.stop();
    },
  };
}

function checkKey(key: string): void {
  if (!STREAM_KEY.test(key)) throw new Error('the local stream key must be letters, digits, _ or -');
}

/** Constant-time, so a key cannot be guessed from response times. */
function sameKey(offered: string, key: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the packets and metadata tell about the stream, kept on the publisher. */
function learn(publisher: Publisher, packet: MediaPacket): void {
  const info = publisher.info;
  if (packet.metadata) {
    const metadata = decodeMetadata(packet.payload);
    if (metadata === null) return;
    publisher.info = { ...info, width: positive(metadata.width) ?? info.width, height: positive(metadata.height) ?? info.height, fps: positive(metadata.framerate) ?? info.fps };
    return;
  }
  if (packet.kind === 'data' || publisher.info.codecs[packet.kind] !== null) return;
  const codec = codecOf(packet);
  if (codec !== null) publisher.info = { ...info, codecs: { ...info.codecs, [packet.kind]: codec } };
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
