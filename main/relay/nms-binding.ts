// The one file that touches node-media-server 4.4.3, which ships no types (@types/node-media-server
// describes v2), with nms-guard.ts (the checks in front of its parser). Its untyped objects stay in here; the rest of main/relay/ sees the small typed surface
// below: an RTMP server whose publishes we decide on, a tap on a stream path's packets, and the RTMP
// chunk and AMF0 code of its protocol folder, reused by our outbound publisher.
//
// node-media-server keeps config, sessions and broadcasts in a process-wide singleton (core/context.js),
// so a process hosts one server at a time: startNmsServer refuses a second while one runs.
import { createServer, type Server, type Socket } from 'node:net';
// @ts-expect-error -- untyped package (see above)
import NmsRtmpServer from 'node-media-server/src/server/rtmp_server.js';
// @ts-expect-error -- untyped package
import nmsContext from 'node-media-server/src/core/context.js';
// @ts-expect-error -- untyped package
import nmsLogger from 'node-media-server/src/core/logger.js';
// @ts-expect-error -- untyped package
import NmsBroadcastServer from 'node-media-server/src/server/broadcast_server.js';
// @ts-expect-error -- untyped package
import NmsRtmpSession from 'node-media-server/src/session/rtmp_session.js';
// @ts-expect-error -- untyped package
import NmsRtmp from 'node-media-server/src/protocol/rtmp.js';
// @ts-expect-error -- untyped package
import nmsAmf from 'node-media-server/src/protocol/amf.js';
import { DEFAULT_CONNECTION_LIMITS, guardSession, PendingConnections, type ConnectionLimits, type SessionGuard } from './nms-guard.js';

/* ------------------------------------------------------------------------------------------------ */
/* The shapes of the node-media-server objects we use, as read in its source (4.4.3).                */

/** An AVPacket as the RTMP parser hands it on: `data` is the parser's own buffer, reused for the next message. */
interface RawPacket {
  codec_type: number;
  /** 0 audio sequence header, 2 video sequence header, 5 metadata; 1, 3 (keyframe), 4 frames. */
  flags: number;
  dts: number;
  size: number;
  data: Buffer;
}

interface RawRtmpProtocol {
  onPacketCallback: (packet: RawPacket) => void;
}

interface RawSession {
  readonly id: string;
  /** "address:port" */
  readonly ip: string;
  readonly streamApp: string;
  readonly streamName: string;
  readonly streamPath: string;
  readonly socket: Socket;
  readonly rtmp: RawRtmpProtocol;
  readonly broadcast: RawBroadcast;
  onData: (data: Buffer) => void;
  run(): void;
}

/** A subscriber, as BroadcastServer.postPlay expects one; an empty ip marks an internal session. */
interface RawSubscriber {
  readonly id: string;
  readonly ip: string;
  readonly protocol: 'flv';
  readonly streamPath: string;
  endTime: number;
  sendBuffer(buffer: Buffer): void;
}

interface RawBroadcast {
  publisher: RawSession | null;
  readonly subscribers: Map<string, RawSubscriber>;
  /** Builds an FLV tag and RTMP chunks of every packet, caches both by GOP, sends them to the subscribers. */
  broadcastMessage: (packet: RawPacket) => void;
  publishGraceMs: number;
  postPlay(subscriber: RawSubscriber): string | null;
  donePlay(subscriber: RawSubscriber): void;
  /** Ends the publish at once: emits donePublish, frees the publisher slot, drops the caches. */
  _finishPublish(): void;
}

interface RawContext {
  /** Read by the servers when they are made: bind, rtmp.port, auth... */
  config: Record<string, unknown>;
  sessions: Map<string, RawSession>;
  broadcasts: Map<string, RawBroadcast>;
  eventEmitter: NodeJS.EventEmitter;
}

/** Its RTMP listener alone: the package's main export also starts HTTP, a store, recorders and relays. */
interface RawRtmpServer {
  tcpServer?: Server;
  /** Its open connections, which stop() destroys. */
  _sockets: Set<Socket>;
  handleRequest: (socket: Socket) => void;
  run(): void;
  /** Closes the listener and destroys every connection. */
  stop(): void;
}

interface RawRtmpPacket {
  header: { fmt: number; cid: number; timestamp: number; length: number; type: number; stream_id: number };
  payload: Buffer;
}

interface RawRtmpParser {
  inChunkSize: number;
  parserPacket: RawRtmpPacket;
  packetHandler: () => void;
  chunkRead(data: Buffer, offset: number, length: number): string | null;
}

interface RawAmf {
  encodeAmf0Cmd(command: Record<string, unknown>): Buffer;
  decodeAmf0Cmd(payload: Buffer): Record<string, unknown>;
  decodeAmf0Data(payload: Buffer): Record<string, unknown>;
  amf0DecodeOne(payload: Buffer): { len: number; value: unknown } | null;
}

const context = nmsContext as RawContext;
const amf = nmsAmf as RawAmf;
const Rtmp = NmsRtmp as { new (): RawRtmpParser; chunksCreate(packet: RawRtmpPacket): Buffer };
const BroadcastServer = NmsBroadcastServer as new (streamPath: string) => RawBroadcast;
const RtmpServer = NmsRtmpServer as new () => RawRtmpServer;
const RtmpSession = NmsRtmpSession as new (socket: Socket) => RawSession;

/* ------------------------------------------------------------------------------------------------ */
/* Its logger.                                                                                       */

export type NmsLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type NmsLogSink = (level: NmsLogLevel, message: string) => void;

let logSink: NmsLogSink | null = null;
// It writes to stdout with console.log, stream paths (which hold stream keys) included: every line
// goes to the running server's sink instead, or nowhere.
(nmsLogger as { log: (message: unknown, level?: NmsLogLevel) => void }).log = (message, level = 'info') => {
  logSink?.(level, String(message));
};

/* ------------------------------------------------------------------------------------------------ */
/* The server.                                                                                       */

/** A publish node-media-server is about to accept. */
export interface NmsPublish {
  readonly sessionId: string;
  readonly app: string;
  readonly name: string;
  /** "address:port" of the encoder. */
  readonly address: string;
  /** Another session publishes on this path (node-media-server would refuse this one). */
  readonly pathBusy: boolean;
  /** Ends that other publish and disconnects its encoder (onPublishEnd reports it), freeing the path. */
  endCurrent(): void;
}

export interface NmsServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Decides on each publish; called before the server takes it. A refused encoder is disconnected. */
  readonly decide: (publish: NmsPublish) => 'accept' | 'refuse';
  /** An accepted publish ended (encoder gone, replaced, or kicked). */
  readonly onPublishEnd: (sessionId: string) => void;
  /** Whether a player may play /app/name; one that may not is disconnected. */
  readonly mayPlay: (app: string, name: string) => boolean;
  readonly log: NmsLogSink;
  /** Limits on connections not accepted yet (defaults: DEFAULT_CONNECTION_LIMITS). */
  readonly limits?: Partial<ConnectionLimits>;
}

export interface NmsServer {
  readonly port: number;
  /**
   * Ends the publish on `path` now and disconnects its encoder: the path is free for the next publisher
   * (node-media-server would refuse a second one), and onPublishEnd reports the old one.
   */
  endPublish(path: string): void;
  /**
   * Receives every audio, video and data message published on `path` until the returned function is
   * called. While tapped, the path's broadcast outlives its publishers, so encoder reconnects land in it.
   */
  tap(path: string, onMessage: (message: NmsMediaMessage) => void): () => void;
  stop(): Promise<void>;
}

/** One message of a publish as the encoder sent it. */
export interface NmsMediaMessage {
  /** The RTMP message type: 8 audio, 9 video, 18 data (others pass too). */
  readonly type: number;
  /** In ms, as the encoder stamped it. */
  readonly timestamp: number;
  /** The message body: a copy, the receiver's to keep. */
  readonly payload: Buffer;
}

let running = false;

export async function startNmsServer(options: NmsServerOptions): Promise<NmsServer> {
  if (running) throw new Error('node-media-server already runs in this process (it allows one server per process)');
  running = true;
  logSink = options.log;
  const accepted = new Set<string>();
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const pending = new PendingConnections(limits);
  const guards = new WeakMap<RawSession, SessionGuard>();
  const onDrop = (address: string, reason: string): void => options.log('warn', `dropped the RTMP connection from ${address}: ${reason}`);

  const onPrePublish = (session: RawSession): void => {
    // Its default keeps a publish open 30 s after the encoder left; the relay has its own grace.
    session.broadcast.publishGraceMs = 0;
    const broadcast = session.broadcast;
    const verdict = options.decide({
      sessionId: session.id,
      app: session.streamApp,
      name: session.streamName,
      address: session.ip,
      pathBusy: broadcast.publisher !== null && broadcast.publisher !== session,
      endCurrent: () => finishPublish(broadcast),
    });
    if (verdict === 'accept') {
      accepted.add(session.id);
      guards.get(session)?.accept();
      return;
    }
    // The server has already answered Publish.Start (it does before asking): all we can do is hang up,
    // and drop what the encoder sent in the same read.
    session.rtmp.onPacketCallback = () => undefined;
    session.socket.destroy();
  };
  const onDonePublish = (session: RawSession): void => {
    if (accepted.delete(session.id)) options.onPublishEnd(session.id);
  };

  let server: RawRtmpServer | null = null;
  try {
    context.config = { bind: options.host, rtmp: { port: options.port } };
    const rtmpServer = (server = new RtmpServer());
    // Its own listener (which it skips when the port is 0, to us "any free port") would hand sockets
    // straight to its parser: ours admits them and puts the guard in front first.
    const tcpServer = (server.tcpServer = createServer((socket) => {
      if (!pending.admit(socket)) {
        onDrop(`${socket.remoteAddress}:${socket.remotePort}`, `${limits.maxPending} connections are already waiting to publish`);
        socket.destroy();
        return;
      }
      // As its handleRequest does, with the guard put on the session before it runs.
      rtmpServer._sockets.add(socket);
      socket.on('close', () => rtmpServer._sockets.delete(socket));
      const session = new RtmpSession(socket);
      guards.set(session, guardSession(session, pending, { limits, mayPlay: options.mayPlay, onDrop }));
      session.run();
      context.sessions.set(session.id, session);
    }));
    let listenError: (error: Error) => void = () => undefined;
    const listening = new Promise<void>((resolve, reject) => {
      tcpServer.once('listening', resolve);
      // The code stays on the error: EADDRINUSE lets the caller try another port.
      listenError = (error) => reject(Object.assign(new Error(`cannot listen on ${options.host}:${options.port}: ${error.message}`), { code: (error as NodeJS.ErrnoException).code }));
    });
    server.run();
    // Its own listen-error handler exits the process: the caller gets an error instead, and later
    // errors (accept failures) go to the log.
    tcpServer.removeAllListeners('error');
    let listened = false;
    tcpServer.on('error', (error: Error) => {
      // A listen failure is the caller's to tell (it may try another port): only later ones are logged here.
      if (listened) options.log('error', `RTMP listener: ${error.message}`);
      else listenError(error);
    });
    await listening;
    listened = true;
    context.eventEmitter.on('prePublish', onPrePublish);
    context.eventEmitter.on('donePublish', onDonePublish);
    const address = tcpServer.address();
    if (address === null || typeof address === 'string') throw new Error('the RTMP listener has no port');
    return liveServer(server, tcpServer, address.port, onPrePublish, onDonePublish);
  } catch (error) {
    server?.stop();
    running = false;
    logSink = null;
    throw error;
  }
}

function liveServer(server: RawRtmpServer, listener: Server, port: number, onPrePublish: (session: RawSession) => void, onDonePublish: (session: RawSession) => void): NmsServer {
  let tapCount = 0;
  return {
    port,
    endPublish(path) {
      const broadcast = context.broadcasts.get(path);
      if (broadcast) finishPublish(broadcast);
    },
    tap(path, onMessage) {
      const broadcast = context.broadcasts.get(path) ?? new BroadcastServer(path);
      context.broadcasts.set(path, broadcast);
      // A subscriber that takes nothing: it keeps the broadcast (and the path) alive between publishes.
      const subscriber: RawSubscriber = { id: `relay-tap-${++tapCount}`, ip: '', protocol: 'flv', streamPath: path, endTime: 0, sendBuffer: () => undefined };
      const refused = broadcast.postPlay(subscriber);
      if (refused !== null) throw new Error(refused);
      // The messages are taken before the broadcast turns each into an FLV tag and RTMP chunks and keeps
      // both in its GOP caches: work and memory for players, which the relay does not need. While a player
      // watches it gets them all; otherwise the broadcast still keeps the sequence headers and metadata,
      // so a player that comes later can decode from the next keyframe.
      const forPlayers = broadcast.broadcastMessage;
      broadcast.broadcastMessage = (packet) => {
        onMessage({ type: packet.codec_type, timestamp: packet.dts, payload: copyOf(packet.data, packet.size) });
        if (broadcast.subscribers.size > 1 || STREAM_DESCRIPTIONS.has(packet.flags)) forPlayers(packet);
      };
      return () => {
        broadcast.broadcastMessage = forPlayers;
        broadcast.donePlay(subscriber);
      };
    },
    async stop() {
      context.eventEmitter.off('prePublish', onPrePublish);
      context.eventEmitter.off('donePublish', onDonePublish);
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      try {
        server.stop();
        await closed;
      } finally {
        running = false;
        logSink = null;
      }
    },
  };
}

/** The flags of sequence headers and metadata (see RawPacket). */
const STREAM_DESCRIPTIONS = new Set([0, 2, 5]);

function copyOf(data: Buffer, size: number): Buffer {
  const copy = Buffer.allocUnsafe(size);
  data.copy(copy, 0, 0, size);
  return copy;
}

function finishPublish(broadcast: RawBroadcast): void {
  const publisher = broadcast.publisher;
  if (publisher === null) return;
  broadcast._finishPublish();
  publisher.socket.destroy();
}

/* ------------------------------------------------------------------------------------------------ */
/* RTMP chunks and AMF0, for the outbound publisher.                                                 */

export interface RtmpMessage {
  readonly chunkStreamId: number;
  readonly type: number;
  readonly streamId: number;
  readonly timestamp: number;
  readonly payload: Buffer;
}

/** RTMP_MAX_CHUNK_SIZE of rtmp.js: chunksCreate always cuts at this size, so a sender must announce it. */
export const NMS_CHUNK_SIZE = 0xffff;

/** One RTMP message as chunks (type 0 header, absolute timestamp) of NMS_CHUNK_SIZE. */
export function encodeRtmpMessage(message: RtmpMessage): Buffer {
  return Rtmp.chunksCreate({
    header: { fmt: 0, cid: message.chunkStreamId, timestamp: message.timestamp, length: message.payload.length, type: message.type, stream_id: message.streamId },
    payload: message.payload,
  });
}

export interface RtmpChunkReader {
  /** Feeds received bytes (after the handshake); complete messages go to the callback. */
  read(data: Buffer): void;
}

/** Reassembles the messages a server sends; honours its Set Chunk Size. */
export function createRtmpChunkReader(onMessage: (message: RtmpMessage) => void): RtmpChunkReader {
  const parser = new Rtmp();
  parser.packetHandler = () => {
    const { header, payload } = parser.parserPacket;
    // The parser reuses its payload buffer for the next message on the chunk stream.
    const body = Buffer.from(payload.subarray(0, header.length));
    if (header.type === 1 && body.length >= 4) parser.inChunkSize = body.readUInt32BE(0) & 0x7fffffff;
    onMessage({ chunkStreamId: header.cid, type: header.type, streamId: header.stream_id, timestamp: header.timestamp, payload: body });
  };
  return {
    read(data) {
      const error = parser.chunkRead(data, 0, data.length);
      if (error !== null) throw new Error(error);
    },
  };
}

/** An AMF0 command (connect, createStream, publish...): its name, transaction id and arguments by name. */
export function encodeAmf0Command(command: { readonly cmd: string; readonly transId: number } & Readonly<Record<string, unknown>>): Buffer {
  return amf.encodeAmf0Cmd(command);
}

/** The commands a server sends a publisher, decoded; others (onBWDone...) only by name. */
export interface DecodedCommand {
  readonly cmd: string;
  readonly transId: number;
  readonly info: unknown;
}

const DECODED_COMMANDS = new Set(['_result', '_error', 'onStatus', 'close']);

/** null for a payload that is not AMF0 (node-media-server's decoder throws on some). */
export function decodeAmf0Command(payload: Buffer): DecodedCommand | null {
  try {
    const name = amf.amf0DecodeOne(payload)?.value;
    if (typeof name !== 'string') return null;
    // Its full decoder logs every command it does not know as an error.
    if (!DECODED_COMMANDS.has(name)) return { cmd: name, transId: 0, info: null };
    const decoded = amf.decodeAmf0Cmd(payload);
    return { cmd: name, transId: typeof decoded.transId === 'number' ? decoded.transId : 0, info: decoded.info ?? null };
  } catch {
    return null;
  }
}

/** The object of an `[@setDataFrame] onMetaData {...}` data message, or null for anything else. */
export function decodeMetadata(payload: Buffer): Readonly<Record<string, unknown>> | null {
  try {
    const name = amf.amf0DecodeOne(payload)?.value;
    // Its full decoder logs every data message it does not know (onCuePoint, onTextData...) as an error.
    if (name !== '@setDataFrame' && name !== 'onMetaData') return null;
    const decoded = amf.decodeAmf0Data(payload);
    const isMetadata = name === 'onMetaData' || decoded.method === 'onMetaData';
    const object = decoded.dataObj;
    return isMetadata && typeof object === 'object' && object !== null ? (object as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
