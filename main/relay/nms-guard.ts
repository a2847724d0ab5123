// What stands between a socket and node-media-server's RTMP parser (4.4.3). Its parser trusts its input:
// a `connect` without a valid tcUrl, a `publish` or `play` without a name, or a malformed AMF body throws
// inside the socket's 'data' handler (which took the whole process down), it believes any announced
// message length (16 MiB buffers per chunk stream, before any key is checked), and a chunk header that
// changes the length of a message in progress sends its read offset backwards. Rather than patch the
// package, each connection's parser gets checks in front of the methods that act on the input, and the
// 'data' handler is wrapped: a check that fails, or an exception of the parser, drops that connection
// alone, with one log line (its address and what was wrong; never a stream name, which is a key).
//
// Connections that have not been accepted yet (no publish with the right key, no allowed play) are also
// limited in number, in time, and in the memory their parser may hold.
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Connections at once that are not accepted yet: more are closed at once. */
  readonly maxPending: number;
  /** From the connection to its accepted publish or play. */
  readonly pendingDeadlineMs: number;
  /** The largest message a connection may announce before it is accepted. */
  readonly maxPendingMessageBytes: number;
  /** What the parser may hold for one connection (its per-chunk-stream buffers) before it is accepted. */
  readonly maxPendingBufferedBytes: number;
  /** The same, once accepted (an encoder's keyframes). */
  readonly maxBufferedBytes: number;
  readonly maxChunkStreams: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxPending: 16,
  pendingDeadlineMs: 10_000,
  maxPendingMessageBytes: 64 * 1024,
  maxPendingBufferedBytes: 256 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxChunkStreams: 32,
};

/* The parts of node-media-server's Rtmp parser (src/protocol/rtmp.js) the checks read or wrap. */
interface RawChunkPacket {
  header: { fmt: number; cid: number; length: number; type: number };
  /** Bytes of the current message received so far; 0 between messages. */
  bytes: number;
  /** The size of its payload buffer: the parser keeps it for the next message on the chunk stream. */
  capacity: number;
  payload: Buffer;
}

interface RawParser {
  handshakeState: number;
  parserPacket: RawChunkPacket;
  inPackets: Map<number, RawChunkPacket>;
  streamApp?: unknown;
  parserData(buffer: Buffer): string | null;
  packetParse(): void;
  chunkMessageHeaderRead(): number;
  packetAlloc(): void;
  controlHandler(): void;
  onConnect(message: Record<string, unknown>): void;
  onPublish(message: Record<string, unknown>): void;
  onPlay(message: Record<string, unknown>): void;
}

/** The parts of its RtmpSession the guard needs; `run()` must not have been called yet. */
export interface GuardedSession {
  readonly ip: string;
  readonly socket: Socket;
  readonly rtmp: unknown;
  onData: (data: Buffer) => void;
}

export interface SessionGuardOptions {
  readonly limits: ConnectionLimits;
  /** Whether a play of /app/name may start (before node-media-server answers it). */
  readonly mayPlay: (app: string, name: string) => boolean;
  readonly onDrop: (address: string, reason: string) => void;
}

export interface SessionGuard {
  /** Its publish (or play) was accepted: the pending limits and deadline no longer apply. */
  accept(): void;
}

/** Node-media-server's RTMP_HANDSHAKE_UNINIT: nothing received yet. */
const HANDSHAKE_UNINIT = 0;
const RTMP_VERSION = 3;
const SET_CHUNK_SIZE = 1;
const WINDOW_ACK_SIZE = 5;
/** The parser allocates this much more than a message's length. */
const PAYLOAD_SLACK = 1024;
/** What node-media-server accepts in an application or stream name. */
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

/** A check that failed: its message is the log line's reason. */
class Refused extends Error {}

/** Counts the pending connections of one server. */
export class PendingConnections {
  readonly #sockets = new Set<Socket>();
  constructor(readonly limits: ConnectionLimits) {}

  /** False when there are too many already (the caller closes it). */
  admit(socket: Socket): boolean {
    if (this.#sockets.size >= this.limits.maxPending) return false;
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    return true;
  }

  settle(socket: Socket): void {
    this.#sockets.delete(socket);
  }
}

export function guardSession(session: GuardedSession, pending: PendingConnections, options: SessionGuardOptions): SessionGuard {
  const { limits } = options;
  const rtmp = session.rtmp as RawParser;
  const socket = session.socket;
  let accepted = false;
  let dropped = false;
  let streamed = false;

  const drop = (reason: string): void => {
    if (dropped) return;
    dropped = true;
    clearTimeout(deadline);
    options.onDrop(session.ip, reason);
    socket.destroy();
  };
  const deadline = setTimeout(() => drop(`no accepted publish within ${limits.pendingDeadlineMs / 1000} s`), limits.pendingDeadlineMs);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));

  const onData = session.onData;
  session.onData = (data) => {
    if (dropped) return;
    try {
      onData(data);
    } catch (error) {
      drop(error instanceof Refused ? error.message : `node-media-server failed on its input (${error instanceof Error ? error.name : 'a throw'})`);
    }
  };

  const parserData = rtmp.parserData.bind(rtmp);
  rtmp.parserData = (buffer) => {
    if (rtmp.handshakeState === HANDSHAKE_UNINIT && buffer.length > 0 && buffer[0] !== RTMP_VERSION) {
      const http = /^[A-Z]{3,8} \S+ HTTP\//.test(buffer.subarray(0, 64).toString('latin1'));
      throw new Refused(`not RTMP (version byte ${buffer[0]}${http ? ': an HTTP request' : ''})`);
    }
    return parserData(buffer);
  };

  const packetParse = rtmp.packetParse.bind(rtmp);
  rtmp.packetParse = () => {
    packetParse();
    if (rtmp.inPackets.size > limits.maxChunkStreams) throw new Refused(`more than ${limits.maxChunkStreams} chunk streams`);
  };

  const chunkMessageHeaderRead = rtmp.chunkMessageHeaderRead.bind(rtmp);
  rtmp.chunkMessageHeaderRead = () => {
    const packet = rtmp.parserPacket;
    const inProgress = packet.bytes !== 0;
    const length = packet.header.length;
    const offset = chunkMessageHeaderRead();
    // The parser would read on with a read offset gone backwards (or past its buffer).
    if (inProgress && packet.header.length !== length) throw new Refused('a chunk header changed the length of a message in progress');
    return offset;
  };

  const packetAlloc = rtmp.packetAlloc.bind(rtmp);
  rtmp.packetAlloc = () => {
    const packet = rtmp.parserPacket;
    const length = packet.header.length;
    if (!accepted && length > limits.maxPendingMessageBytes) throw new Refused(`a message of ${length} bytes before any accepted publish`);
    let held = Math.max(packet.capacity, length + PAYLOAD_SLACK);
    for (const other of rtmp.inPackets.values()) if (other !== packet) held += other.capacity;
    const most = accepted ? limits.maxBufferedBytes : limits.maxPendingBufferedBytes;
    if (held > most) throw new Refused(`messages of ${held} bytes in all${accepted ? '' : ' before any accepted publish'}`);
    packetAlloc();
  };

  const controlHandler = rtmp.controlHandler.bind(rtmp);
  rtmp.controlHandler = () => {
    const { header, payload } = rtmp.parserPacket;
    if (header.type === SET_CHUNK_SIZE || header.type === WINDOW_ACK_SIZE) {
      if (header.length < 4 || payload.length < 4) throw new Refused(`a control message (type ${header.type}) of ${header.length} bytes`);
      const size = payload.readUInt32BE(0);
      if (header.type === SET_CHUNK_SIZE && (size === 0 || size > 0x7fffffff)) throw new Refused(`a chunk size of ${size}`);
    }
    controlHandler();
  };

  const onConnect = rtmp.onConnect.bind(rtmp);
  rtmp.onConnect = (message) => {
    const command = message.cmdObj;
    if (typeof command !== 'object' || command === null) throw new Refused('a connect without its command object');
    const { app, tcUrl } = command as Record<string, unknown>;
    if (typeof app !== 'string' || !SAFE_NAME.test(app)) throw new Refused('a connect without a valid application name');
    if (typeof tcUrl !== 'string') throw new Refused('a connect without tcUrl');
    if (!URL.canParse(tcUrl)) throw new Refused('a connect with an invalid tcUrl');
    onConnect(message);
  };

  /** The name a publish or play asks for, once checked. */
  const streamName = (message: Record<string, unknown>, command: string): string => {
    if (typeof rtmp.streamApp !== 'string') throw new Refused(`a ${command} before connect`);
    if (streamed) throw new Refused(`a second publish or play on one connection`);
    const name = message.streamName;
    if (typeof name !== 'string') throw new Refused(`a ${command} without a stream name`);
    if (!SAFE_NAME.test(name.split('?')[0]!)) throw new Refused(`a ${command} with an invalid stream name`);
    streamed = true;
    return name.split('?')[0]!;
  };

  const onPublish = rtmp.onPublish.bind(rtmp);
  rtmp.onPublish = (message) => {
    streamName(message, 'publish');
    onPublish(message);
  };

  const onPlay = rtmp.onPlay.bind(rtmp);
  rtmp.onPlay = (message) => {
    const name = streamName(message, 'play');
    if (!options.mayPlay(rtmp.streamApp as string, name)) throw new Refused('a play of a stream it may not play');
    guard.accept();
    onPlay(message);
  };

  const guard: SessionGuard = {
    accept() {
      if (accepted) return;
      accepted = true;
      clearTimeout(deadline);
      pending.settle(socket);
    },
  };
  return guard;
}
