// One outbound RTMP publish to one target, over TCP or TLS (rtmps://): the handshake, connect,
// releaseStream/FCPublish, createStream and publish an encoder would send, then the stream's messages as
// they come, and a clean goodbye (FCUnpublish, deleteStream, close). Chunks and AMF0 are node-media-
// server's (nms-binding.ts); sockets, timeouts and the reading of refusals are ours. Media goes out through
// a bounded send buffer (outbound-buffer.ts) that drops what a slow link cannot carry and says so; a link that
// takes nothing at all is given up by the stall timeout.
//
// How a refused stream key looks on the wire (measured): nginx-rtmp whose on_publish hook says no closes
// the connection after the publish command, with no status; node-media-server (the sandbox) answers
// NetStream.Publish.Start before it asks whether the key is good, then closes the connection a few ms
// later; others answer an error status (NetStream.Publish.BadName...) or a rejected connect. So a publish
// counts as accepted only once the target has kept it for `acceptWindowMs` after Publish.Start: a close
// before that is a refusal.
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { randomBytes } from 'node:crypto';
import { MESSAGE_TYPE, type MediaKind } from './media-packet.js';
import { DEFAULT_BUFFER_LIMITS, OutboundBuffer, type BufferLimits, type CongestionListener, type SendBufferStats } from './outbound-buffer.js';
import { createRtmpChunkReader, decodeAmf0Command, encodeAmf0Command, encodeRtmpMessage, NMS_CHUNK_SIZE, type DecodedCommand, type RtmpMessage } from './nms-binding.js';
import { describeCertificateProblem, describeSocketError, describeStatus, PublishFailure, refusedStream, timedOut } from './publish-failure.js';
import { parsePublishUrl, type PublishTarget } from './target-url.js';
import { trustedAuthorities } from './trust-store.js';

export interface PublisherOptions {
  /** From the TCP connect to NetStream.Publish.Start. */
  readonly connectTimeoutMs: number;
  /** How long a target must keep a publish after Publish.Start before it counts as accepted. */
  readonly acceptWindowMs: number;
  /** A connection whose outgoing data has not moved for this long is given up. */
  readonly stallTimeoutMs: number;
  /** PEM certificates trusted for rtmps:// in addition to Node's store (its roots and NODE_EXTRA_CA_CERTS). */
  readonly extraCaCerts?: readonly string[];
  /** The send buffer's watermark, queue bounds and congestion thresholds (outbound-buffer.ts). */
  readonly sendBuffer?: Partial<BufferLimits>;
}

/** A publish in progress on one target. */
export interface OutboundSession {
  /** Resolves with null once the target has kept the publish for the accept window, or with why not. */
  readonly accepted: Promise<PublishFailure | null>;
  /** Resolves when the connection is lost (never after close()). */
  readonly lost: Promise<PublishFailure>;
  /** Bytes handed to the connection, protocol included. */
  readonly bytesSent: number;
  send(kind: MediaKind, timestamp: number, payload: Buffer): void;
  /** What waits to go out, what was dropped for a slow link, and whether it is congested (fakes may have none). */
  sendBuffer?(): SendBufferStats;
  /** Tells when the link falls behind the stream and when it has caught up again. */
  onCongestion?(listener: CongestionListener): void;
  /** Ends the publish cleanly (FCUnpublish, deleteStream, close); never throws. */
  close(): Promise<void>;
}

export type OpenPublisher = (url: string) => Promise<OutboundSession>;

export const DEFAULT_PUBLISHER_OPTIONS: PublisherOptions = { connectTimeoutMs: 5000, acceptWindowMs: 1500, stallTimeoutMs: 5000 };

const HANDSHAKE_SIZE = 1536;
const RTMP_VERSION = 3;
const CLOSE_TIMEOUT_MS = 2000;
const STALL_CHECK_MS = 1000;
/**
 * How often the target is asked to acknowledge what it received (RTMP Window Acknowledgement Size): about
 * every 0.4 s of a 5 Mbps stream. A target that acknowledges (nginx-rtmp, the big platforms' ingests) and then
 * stops is noticed within the stall timeout; the kernel's send buffers alone would hide it for half a minute.
 */
const ACK_WINDOW_BYTES = 256 * 1024;
/** Chunk stream ids, as node-media-server and most encoders use them. */
const CHUNK_STREAM = { control: 2, command: 3, audio: 4, video: 5, data: 6 } as const;
const TYPE = { setChunkSize: 1, acknowledgement: 3, userControl: 4, windowAckSize: 5, amf3Command: 17, amf0Command: 20 } as const;
const PING_REQUEST = 6;
const PING_RESPONSE = 7;

export function rtmpPublisher(options: PublisherOptions): OpenPublisher {
  return (url) => openPublish(url, options);
}

type Stage = 'connecting' | 'handshake' | 'connect' | 'createStream' | 'publish' | 'publishing' | 'closing' | 'closed';

function openPublish(url: string, options: PublisherOptions): Promise<OutboundSession> {
  let target: PublishTarget;
  try {
    target = parsePublishUrl(url);
  } catch (error) {
    return Promise.reject(new PublishFailure('unreachable', (error as Error).message));
  }
  return new Promise((resolve, reject) => new Publish(target, options, resolve, reject).start());
}

class Publish implements OutboundSession {
  readonly accepted: Promise<PublishFailure | null>;
  readonly lost: Promise<PublishFailure>;
  bytesSent = 0;

  readonly #target: PublishTarget;
  readonly #options: PublisherOptions;
  readonly #opened: (session: OutboundSession) => void;
  readonly #openFailed: (failure: PublishFailure) => void;
  #settleAccepted: (failure: PublishFailure | null) => void = () => undefined;
  #settleLost: (failure: PublishFailure) => void = () => undefined;
  #socket: Socket | null = null;
  /** What waits for the socket, and what a slow link drops (outbound-buffer.ts). */
  #buffer: OutboundBuffer | null = null;
  #stage: Stage = 'connecting';
  #handshake = Buffer.alloc(0);
  readonly #reader = createRtmpChunkReader((message) => this.#onMessage(message));
  #nextTransaction = 1;
  readonly #transactions = new Map<number, 'connect' | 'createStream'>();
  #streamId = 0;
  #acceptedYet = false;
  #openTimer: NodeJS.Timeout | null = null;
  #acceptTimer: NodeJS.Timeout | null = null;
  #stallTimer: NodeJS.Timeout | null = null;
  #received = 0;
  #acknowledged = 0;
  #ackWindow = 0;
  #flushed = 0;
  #flushedAt = 0;
  /** The target's last acknowledgement (bytes it received, modulo 2^32) and when it came; null: it sends none. */
  #peerAcked: { readonly bytes: number; readonly at: number } | null = null;
  /** Bytes between its last two acknowledgements: the window it acknowledges at. */
  #ackStep: number | null = null;

  constructor(target: PublishTarget, options: PublisherOptions, opened: (session: OutboundSession) => void, openFailed: (failure: PublishFailure) => void) {
    this.#target = target;
    this.#options = options;
    this.#opened = opened;
    this.#openFailed = openFailed;
    this.accepted = new Promise((resolve) => (this.#settleAccepted = resolve));
    this.lost = new Promise((resolve) => (this.#settleLost = resolve));
  }

  start(): void {
    const { host, port, secure } = this.#target;
    this.#openTimer = setTimeout(
      () => this.#fail(timedOut(`no answer within ${this.#options.connectTimeoutMs / 1000} s (${this.#stage === 'connecting' ? 'connecting' : `waiting for ${this.#stage}`})`)),
      this.#options.connectTimeoutMs,
    );
    const ca = trustedAuthorities(this.#options.extraCaCerts ?? []);
    // SNI takes names only.
    const socket = secure ? connectTls({ host, port, ...(isIP(host) === 0 ? { servername: host } : {}), ...(ca ? { ca } : {}) }) : connectTcp({ host, port });
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.once(secure ? 'secureConnect' : 'connect', () => this.#onConnected());
    socket.on('data', (data: Buffer) => this.#onData(data));
    socket.on('error', (error: NodeJS.ErrnoException) => this.#onSocketEnd(error));
    socket.on('close', () => this.#onSocketEnd(null));
    socket.on('drain', () => {
      if (this.#stage === 'publishing') this.#buffer?.flush();
    });
    this.#buffer = new OutboundBuffer(
      socket,
      ({ kind, timestamp, payload }) => this.#write({ chunkStreamId: CHUNK_STREAM[kind], type: MESSAGE_TYPE[kind], streamId: this.#streamId, timestamp: timestamp >>> 0, payload }),
      { ...DEFAULT_BUFFER_LIMITS, ...this.#options.sendBuffer },
      () => this.#unacknowledged(),
    );
    // A peer that half-closes is gone for a publisher.
    socket.on('end', () => socket.destroy());
  }

  send(kind: MediaKind, timestamp: number, payload: Buffer): void {
    if (this.#stage !== 'publishing') return;
    this.#buffer?.send(kind, timestamp, payload);
  }

  sendBuffer(): SendBufferStats {
    return this.#buffer!.stats(Date.now());
  }

  onCongestion(listener: CongestionListener): void {
    this.#buffer?.onCongestion(listener);
  }

  async close(): Promise<void> {
    const socket = this.#socket;
    if (socket === null || this.#stage === 'closing' || this.#stage === 'closed') return;
    const wasPublishing = this.#stage === 'publishing';
    this.#stage = 'closing';
    this.#clearTimers();
    this.#settleAccepted(new PublishFailure('dropped', 'the publish was ended before the target accepted it'));
    if (wasPublishing && !socket.destroyed) {
      this.#command('FCUnpublish', { cmdObj: null, streamName: this.#target.streamName });
      this.#command('deleteStream', { cmdObj: null, streamId: this.#streamId });
    }
    const closed = new Promise<void>((resolve) => {
      if (socket.destroyed) resolve();
      else socket.once('close', () => resolve());
    });
    socket.end();
    const timer = setTimeout(() => socket.destroy(), CLOSE_TIMEOUT_MS);
    await closed;
    clearTimeout(timer);
  }

  #onConnected(): void {
    this.#stage = 'handshake';
    // C0 and C1: version, time, zero, random. The plain handshake every RTMP server accepts.
    const c1 = Buffer.alloc(HANDSHAKE_SIZE);
    randomBytes(HANDSHAKE_SIZE - 8).copy(c1, 8);
    this.#writeRaw(Buffer.concat([Buffer.from([RTMP_VERSION]), c1]));
  }

  #onData(data: Buffer): void {
    this.#received += data.length;
    if (this.#stage === 'handshake') {
      this.#handshake = Buffer.concat([this.#handshake, data]);
      if (this.#handshake.length < 1 + 2 * HANDSHAKE_SIZE) return;
      if (this.#handshake[0] !== RTMP_VERSION) {
        this.#fail(new PublishFailure('unreachable', `it answered with RTMP version ${this.#handshake[0]} (not an RTMP server?)`));
        return;
      }
      // C2 echoes S1.
      this.#writeRaw(Buffer.from(this.#handshake.subarray(1, 1 + HANDSHAKE_SIZE)));
      const rest = this.#handshake.subarray(1 + 2 * HANDSHAKE_SIZE);
      this.#handshake = Buffer.alloc(0);
      this.#sendConnect();
      if (rest.length > 0) this.#read(rest);
      return;
    }
    if (this.#stage !== 'closed') this.#read(data);
  }

  #read(data: Buffer): void {
    try {
      this.#reader.read(data);
    } catch (error) {
      this.#fail(new PublishFailure(this.#acceptedYet ? 'dropped' : 'unreachable', `it sent data we cannot read (${(error as Error).message})`));
      return;
    }
    if (this.#ackWindow > 0 && this.#received - this.#acknowledged >= this.#ackWindow) {
      this.#acknowledged = this.#received;
      this.#control(TYPE.acknowledgement, uint32(this.#received >>> 0));
    }
  }

  #sendConnect(): void {
    this.#stage = 'connect';
    // Everything goes out in chunks of this size (node-media-server's chunk writer).
    this.#control(TYPE.setChunkSize, uint32(NMS_CHUNK_SIZE));
    this.#control(TYPE.windowAckSize, uint32(ACK_WINDOW_BYTES));
    const { app, tcUrl } = this.#target;
    this.#request('connect', { cmdObj: { app, type: 'nonprivate', flashVer: 'FMLE/3.0 (compatible; Broadcaster Companion)', swfUrl: tcUrl, tcUrl } });
  }

  #onMessage(message: RtmpMessage): void {
    switch (message.type) {
      case TYPE.windowAckSize:
        if (message.payload.length >= 4) this.#ackWindow = message.payload.readUInt32BE(0);
        break;
      case TYPE.acknowledgement:
        if (message.payload.length >= 4) {
          const bytes = message.payload.readUInt32BE(0);
          if (this.#peerAcked !== null) this.#ackStep = (bytes - this.#peerAcked.bytes) >>> 0;
          this.#peerAcked = { bytes, at: Date.now() };
          if (this.#stage === 'publishing') this.#buffer?.flush();
        }
        break;
      case TYPE.userControl:
        if (message.payload.length >= 6 && message.payload.readUInt16BE(0) === PING_REQUEST) {
          const pong = Buffer.from(message.payload.subarray(0, 6));
          pong.writeUInt16BE(PING_RESPONSE, 0);
          this.#control(TYPE.userControl, pong);
        }
        break;
      case TYPE.amf0Command:
      case TYPE.amf3Command: {
        const command = decodeAmf0Command(message.type === TYPE.amf3Command ? message.payload.subarray(1) : message.payload);
        if (command) this.#onCommand(command);
        break;
      }
    }
  }

  #onCommand(command: DecodedCommand): void {
    const info = describeStatus(command.info);
    if (command.cmd === '_result' || command.cmd === '_error') {
      const request = this.#transactions.get(command.transId);
      if (request === undefined) return;
      this.#transactions.delete(command.transId);
      if (command.cmd === '_error') {
        // A rejected connect is how some servers refuse credentials; a failed createStream is not about them.
        this.#fail(request === 'connect' ? refusedStream(`it rejected the connect${info.text}`) : new PublishFailure('unreachable', `it rejected the ${request}${info.text}`));
      } else if (request === 'connect') {
        this.#stage = 'createStream';
        const { streamName } = this.#target;
        // What encoders send before createStream; Twitch, YouTube and Facebook ingest expect them.
        this.#command('releaseStream', { cmdObj: null, streamName });
        this.#command('FCPublish', { cmdObj: null, streamName });
        this.#request('createStream', { cmdObj: null });
      } else {
        this.#onStreamCreated(command.info);
      }
      return;
    }
    if (command.cmd === 'onStatus') {
      if (info.code === 'NetStream.Publish.Start' && this.#stage === 'publish') this.#onPublishStart();
      else if (info.level === 'error') this.#fail(this.#acceptedYet ? new PublishFailure('dropped', `it ended the publish${info.text}`) : refusedStream(`it refused the publish${info.text}`));
      return;
    }
    if (command.cmd === 'close') this.#fail(this.#acceptedYet ? new PublishFailure('dropped', 'it closed the stream') : refusedStream('it closed the stream'));
  }

  #onStreamCreated(streamId: unknown): void {
    if (typeof streamId !== 'number') {
      this.#fail(new PublishFailure('unreachable', 'its createStream answer had no stream id'));
      return;
    }
    this.#streamId = streamId;
    this.#stage = 'publish';
    this.#command('publish', { cmdObj: null, streamName: this.#target.streamName, type: 'live' }, streamId);
  }

  #onPublishStart(): void {
    this.#stage = 'publishing';
    if (this.#openTimer) clearTimeout(this.#openTimer);
    this.#openTimer = null;
    this.#acceptTimer = setTimeout(() => {
      this.#acceptedYet = true;
      this.#settleAccepted(null);
    }, this.#options.acceptWindowMs);
    this.#flushedAt = Date.now();
    this.#stallTimer = setInterval(() => this.#checkStall(), STALL_CHECK_MS);
    this.#opened(this);
  }

  #checkStall(): void {
    const socket = this.#socket;
    if (socket === null) return;
    this.#buffer?.sample(Date.now());
    const acked = this.#peerAcked;
    if (acked !== null) {
      // Both counters wrap at 4 GiB: the difference as a signed 32-bit number (a target may count the handshake
      // too and be a little ahead). Twice the window outstanding means an acknowledgement is overdue.
      const unacknowledged = ((this.bytesSent >>> 0) - acked.bytes) | 0;
      if (unacknowledged > 2 * ACK_WINDOW_BYTES && Date.now() - acked.at > this.#options.stallTimeoutMs) {
        this.#fail(timedOut(`it acknowledged none of the last ${Math.round(unacknowledged / 1024)} KB for ${this.#options.stallTimeoutMs / 1000} s`));
        return;
      }
    }
    // bytesWritten counts what is still queued too; the difference is what left for the kernel.
    const flushed = socket.bytesWritten - socket.writableLength;
    if (flushed !== this.#flushed || socket.writableLength === 0) {
      this.#flushed = flushed;
      this.#flushedAt = Date.now();
    } else if (Date.now() - this.#flushedAt > this.#options.stallTimeoutMs) {
      this.#fail(timedOut(`it took no data for ${this.#options.stallTimeoutMs / 1000} s`));
    }
  }

  /** Unacknowledged bytes, for the send buffer; null unless the target acknowledges at about the window asked for. */
  #unacknowledged(): number | null {
    if (this.#peerAcked === null || this.#ackStep === null || this.#ackStep > ACK_WINDOW_BYTES * 1.5) return null;
    return ((this.bytesSent >>> 0) - this.#peerAcked.bytes) | 0;
  }

  #onSocketEnd(error: NodeJS.ErrnoException | null): void {
    if (this.#stage === 'closing' || this.#stage === 'closed') return;
    const untrusted = error && this.#target.secure ? describeCertificateProblem(error, this.#peerDates()) : null;
    if (untrusted !== null) {
      this.#fail(new PublishFailure('untrusted', untrusted));
      return;
    }
    const why = error ? describeSocketError(error) : 'it closed the connection';
    switch (this.#stage) {
      case 'connecting':
      case 'handshake':
      case 'connect':
      case 'createStream':
        this.#fail(new PublishFailure('unreachable', why));
        break;
      case 'publish':
        this.#fail(refusedStream(`${why} when asked to publish, without accepting it`));
        break;
      case 'publishing':
        this.#fail(this.#acceptedYet ? new PublishFailure('dropped', why) : refusedStream(`${why} right after accepting the publish`));
        break;
    }
  }

  /** The dates of the certificate the server showed, for an expiry message. */
  #peerDates(): { validFrom?: string; validTo?: string } {
    try {
      const peer = (this.#socket as TLSSocket).getPeerCertificate();
      return { validFrom: peer.valid_from, validTo: peer.valid_to };
    } catch {
      return {};
    }
  }

  #fail(failure: PublishFailure): void {
    if (this.#stage === 'closing' || this.#stage === 'closed') return;
    const wasOpen = this.#stage === 'publishing';
    this.#stage = 'closed';
    this.#clearTimers();
    this.#socket?.destroy();
    if (wasOpen) {
      this.#settleAccepted(this.#acceptedYet ? null : failure);
      this.#settleLost(failure);
    } else {
      this.#openFailed(failure);
    }
  }

  #clearTimers(): void {
    if (this.#openTimer) clearTimeout(this.#openTimer);
    if (this.#acceptTimer) clearTimeout(this.#acceptTimer);
    if (this.#stallTimer) clearInterval(this.#stallTimer);
    this.#openTimer = this.#acceptTimer = this.#stallTimer = null;
  }

  /** A command whose answer we wait for. */
  #request(name: 'connect' | 'createStream', fields: Readonly<Record<string, unknown>>): void {
    this.#transactions.set(this.#nextTransaction, name);
    this.#command(name, fields);
  }

  #command(name: string, fields: Readonly<Record<string, unknown>>, streamId = 0): void {
    const payload = encodeAmf0Command({ cmd: name, transId: this.#nextTransaction++, ...fields });
    this.#write({ chunkStreamId: CHUNK_STREAM.command, type: TYPE.amf0Command, streamId, timestamp: 0, payload });
  }

  #control(type: number, payload: Buffer): void {
    this.#write({ chunkStreamId: CHUNK_STREAM.control, type, streamId: 0, timestamp: 0, payload });
  }

  #write(message: RtmpMessage): void {
    this.#writeRaw(encodeRtmpMessage(message));
  }

  #writeRaw(buffer: Buffer): void {
    const socket = this.#socket;
    if (socket === null || socket.destroyed) return;
    this.bytesSent += buffer.length;
    socket.write(buffer);
  }
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value, 0);
  return buffer;
}
