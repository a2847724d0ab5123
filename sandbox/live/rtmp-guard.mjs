// @ts-check
// The sandbox ingest's checks in front of node-media-server's RTMP parser (the sandbox's own: it shares
// no code with the app). The parser trusts its input: a `connect` without a valid tcUrl, a `publish`
// without a name or a malformed AMF body throws in the socket's 'data' handler (which ended the worker
// thread, and the ingest with it), and it believes any announced message length. Each connection's
// parser gets checks before the methods that act on its input, and its 'data' handler is wrapped: a
// failed check or an exception of the parser closes that connection alone, with one log line.
// Connections without an accepted publish are limited in number, time and memory. The platform's
// ingest takes publishes only: a play is refused.

/**
 * @typedef {{ maxPending: number, pendingDeadlineMs: number, maxPendingMessageBytes: number,
 *   maxPendingBufferedBytes: number, maxBufferedBytes: number, maxChunkStreams: number }} Limits
 */

/** @type {Limits} */
export const LIMITS = {
  maxPending: 32,
  pendingDeadlineMs: 10_000,
  maxPendingMessageBytes: 64 * 1024,
  maxPendingBufferedBytes: 256 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxChunkStreams: 32,
};

const HANDSHAKE_UNINIT = 0;
const RTMP_VERSION = 3;
const PAYLOAD_SLACK = 1024;
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

class Refused extends Error {}

/** The connections of one server without an accepted publish. */
export class PendingConnections {
  /** @param {Limits} limits */
  constructor(limits) {
    this.limits = limits;
    /** @type {Set<import('node:net').Socket>} */
    this.sockets = new Set();
  }

  /** @param {import('node:net').Socket} socket */
  admit(socket) {
    if (this.sockets.size >= this.limits.maxPending) return false;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return true;
  }
}

/**
 * Puts the checks on a session of node-media-server (before its run()). Returns accept(), to call once
 * its publish is accepted.
 * @param {any} session
 * @param {PendingConnections} pending
 * @param {(address: string, reason: string) => void} onDrop
 * @returns {() => void}
 */
export function guardSession(session, pending, onDrop) {
  const { limits } = pending;
  const rtmp = session.rtmp;
  const socket = session.socket;
  let accepted = false;
  let dropped = false;
  let streamed = false;
  /**
   * Its publish is asked for: the parent's answer takes a message round trip, while the encoder sends
   * media at once (keyframes larger than the pending limit), so the larger limits apply already.
   */
  let publishing = false;

  /** @param {string} reason */
  const drop = (reason) => {
    if (dropped) return;
    dropped = true;
    clearTimeout(deadline);
    onDrop(session.ip, reason);
    socket.destroy();
  };
  const deadline = setTimeout(() => drop(`no accepted publish within ${limits.pendingDeadlineMs / 1000} s`), limits.pendingDeadlineMs);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));

  const onData = session.onData;
  session.onData = (/** @type {Buffer} */ data) => {
    if (dropped) return;
    try {
      onData(data);
    } catch (error) {
      drop(error instanceof Refused ? error.message : `node-media-server failed on its input (${error instanceof Error ? error.name : 'a throw'})`);
    }
  };

  /**
   * @param {string} name
   * @param {(original: Function) => Function} wrap
   */
  const around = (name, wrap) => {
    rtmp[name] = wrap(rtmp[name].bind(rtmp));
  };

  around('parserData', (original) => (/** @type {Buffer} */ buffer) => {
    if (rtmp.handshakeState === HANDSHAKE_UNINIT && buffer.length > 0 && buffer[0] !== RTMP_VERSION) {
      const http = /^[A-Z]{3,8} \S+ HTTP\//.test(buffer.subarray(0, 64).toString('latin1'));
      throw new Refused(`not RTMP (version byte ${buffer[0]}${http ? ': an HTTP request' : ''})`);
    }
    return original(buffer);
  });
  around('packetParse', (original) => () => {
    original();
    if (rtmp.inPackets.size > limits.maxChunkStreams) throw new Refused(`more than ${limits.maxChunkStreams} chunk streams`);
  });
  around('chunkMessageHeaderRead', (original) => () => {
    const packet = rtmp.parserPacket;
    const inProgress = packet.bytes !== 0;
    const length = packet.header.length;
    const offset = original();
    // The parser would read on with its read offset gone backwards.
    if (inProgress && packet.header.length !== length) throw new Refused('a chunk header changed the length of a message in progress');
    return offset;
  });
  around('packetAlloc', (original) => () => {
    const packet = rtmp.parserPacket;
    const length = packet.header.length;
    const trusted = accepted || publishing;
    if (!trusted && length > limits.maxPendingMessageBytes) throw new Refused(`a message of ${length} bytes before any accepted publish`);
    let held = Math.max(packet.capacity, length + PAYLOAD_SLACK);
    for (const other of rtmp.inPackets.values()) if (other !== packet) held += other.capacity;
    if (held > (trusted ? limits.maxBufferedBytes : limits.maxPendingBufferedBytes)) throw new Refused(`messages of ${held} bytes in all`);
    original();
  });
  around('controlHandler', (original) => () => {
    const { header, payload } = rtmp.parserPacket;
    if (header.type === 1 || header.type === 5) {
      if (header.length < 4 || payload.length < 4) throw new Refused(`a control message (type ${header.type}) of ${header.length} bytes`);
      const size = payload.readUInt32BE(0);
      if (header.type === 1 && (size === 0 || size > 0x7fffffff)) throw new Refused(`a chunk size of ${size}`);
    }
    original();
  });
  around('onConnect', (original) => (/** @type {any} */ message) => {
    const command = message.cmdObj;
    if (typeof command !== 'object' || command === null) throw new Refused('a connect without its command object');
    if (typeof command.app !== 'string' || !SAFE_NAME.test(command.app)) throw new Refused('a connect without a valid application name');
    if (typeof command.tcUrl !== 'string') throw new Refused('a connect without tcUrl');
    if (!URL.canParse(command.tcUrl)) throw new Refused('a connect with an invalid tcUrl');
    original(message);
  });
  around('onPublish', (original) => (/** @type {any} */ message) => {
    if (typeof rtmp.streamApp !== 'string') throw new Refused('a publish before connect');
    if (streamed) throw new Refused('a second publish on one connection');
    if (typeof message.streamName !== 'string') throw new Refused('a publish without a stream name');
    if (!SAFE_NAME.test(message.streamName.split('?')[0])) throw new Refused('a publish with an invalid stream name');
    streamed = true;
    publishing = true;
    original(message);
  });
  around('onPlay', () => () => {
    throw new Refused('a play (this ingest takes publishes only)');
  });

  return () => {
    if (accepted) return;
    accepted = true;
    clearTimeout(deadline);
    pending.sockets.delete(socket);
  };
}
