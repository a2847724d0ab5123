// The bench's vantage points: a TCP proxy that forwards an RTMP publisher's connection untouched and,
// on the way, notes when each video message has fully arrived. One sits in front of the relaying
// process's ingest (a frame entering), one in front of the target (the frame leaving towards it). The
// harness hosts both, so both use the same clock; they cost the same for every pipeline.
//
// Only the publisher-to-server direction is read. It is: the RTMP handshake (C0 + C1 + C2, 3073 bytes),
// then chunks, cut at the size the publisher announced with Set Chunk Size.
import { createHash } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

const HANDSHAKE_BYTES = 1 + 1536 + 1536;
const MESSAGE_HEADER_BYTES = [11, 7, 3, 0];
const TYPE_SET_CHUNK_SIZE = 1;
const TYPE_VIDEO = 9;

/** Reassembles the messages of a publisher's byte stream. */
export class RtmpMessageReader {
  #handshakeLeft = HANDSHAKE_BYTES;
  #buffer = Buffer.alloc(0);
  #chunkSize = 128;
  /** Per chunk stream: the last header and the message being assembled. */
  #streams = new Map();

  /** @param {(message: { type: number; timestamp: number; payload: Buffer }, at: number) => void} onMessage */
  constructor(onMessage) {
    this.onMessage = onMessage;
  }

  /** @param {Buffer} data  @param {number} at when it arrived (performance.now()) */
  push(data, at) {
    if (this.#handshakeLeft > 0) {
      const skip = Math.min(this.#handshakeLeft, data.length);
      this.#handshakeLeft -= skip;
      data = data.subarray(skip);
      if (data.length === 0) return;
    }
    this.#buffer = this.#buffer.length === 0 ? data : Buffer.concat([this.#buffer, data]);
    let offset = 0;
    for (;;) {
      const used = this.#chunk(offset, at);
      if (used === 0) break;
      offset += used;
    }
    this.#buffer = this.#buffer.subarray(offset);
  }

  /** Reads one chunk at `at`; returns the bytes it took, or 0 when it has not fully arrived. */
  #chunk(start, at) {
    const b = this.#buffer;
    const end = b.length;
    let p = start;
    if (p >= end) return 0;
    const fmt = b[p] >> 6;
    let csid = b[p] & 0x3f;
    p += 1;
    if (csid === 0) {
      if (p + 1 > end) return 0;
      csid = 64 + b[p];
      p += 1;
    } else if (csid === 1) {
      if (p + 2 > end) return 0;
      csid = 64 + b[p] + b[p + 1] * 256;
      p += 2;
    }
    if (p + MESSAGE_HEADER_BYTES[fmt] > end) return 0;
    let s = this.#streams.get(csid);
    if (s === undefined) {
      s = { timestamp: 0, delta: 0, length: 0, type: 0, extended: false, parts: [], received: 0 };
      this.#streams.set(csid, s);
    }
    const field = fmt <= 2 ? b.readUIntBE(p, 3) : 0;
    const length = fmt <= 1 ? b.readUIntBE(p + 3, 3) : s.length;
    const type = fmt <= 1 ? b[p + 6] : s.type;
    p += MESSAGE_HEADER_BYTES[fmt];
    const extended = fmt === 3 ? s.extended : field === 0xffffff;
    let time = field;
    if (extended) {
      if (p + 4 > end) return 0;
      time = b.readUInt32BE(p);
      p += 4;
    }
    const starting = s.received === 0;
    const size = Math.min(this.#chunkSize, length - s.received);
    if (p + size > end) return 0;

    if (fmt === 0) {
      s.timestamp = time;
      s.delta = time;
    } else if (fmt === 1 || fmt === 2) {
      s.delta = time;
      s.timestamp += time;
    } else if (starting) {
      s.timestamp += s.delta;
    }
    s.length = length;
    s.type = type;
    s.extended = extended;
    s.parts.push(b.subarray(p, p + size));
    s.received += size;
    p += size;
    if (s.received >= s.length) {
      const payload = s.parts.length === 1 ? s.parts[0] : Buffer.concat(s.parts);
      s.parts = [];
      s.received = 0;
      if (s.type === TYPE_SET_CHUNK_SIZE && payload.length >= 4) this.#chunkSize = payload.readUInt32BE(0) & 0x7fffffff;
      this.onMessage({ type: s.type, timestamp: s.timestamp, payload }, at);
    }
    return p - start;
  }
}

/**
 * What identifies a video frame on both sides, whoever re-muxed it: its H.264 data (the bytes after the
 * 5-byte FLV video header, which ffmpeg rewrites) and length. Null for sequence headers.
 * @param {Buffer} payload
 */
export function frameKey(payload) {
  if (payload.length < 6) return null;
  const codec = payload[0] & 0x0f;
  if ((payload[0] & 0x80) === 0 && (codec === 7 || codec === 12) && payload[1] !== 1) return null;
  return `${payload.length}:${createHash('sha1').update(payload.subarray(5)).digest('base64')}`;
}

/**
 * A forwarding proxy on 127.0.0.1 that reports each video frame a publisher sends through it.
 * @param {{ upstreamPort: number; onFrame: (frame: { key: string; at: number; timestamp: number; keyframe: boolean; bytes: number; connection: number }) => void }} options
 */
export async function startTapProxy({ upstreamPort, onFrame }) {
  const sockets = new Set();
  let connections = 0;
  const server = createServer((client) => {
    const connection = ++connections;
    const upstream = connect({ host: '127.0.0.1', port: upstreamPort });
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const reader = new RtmpMessageReader((message, at) => {
      if (message.type !== TYPE_VIDEO) return;
      const key = frameKey(message.payload);
      if (key === null) return;
      onFrame({ key, at, timestamp: message.timestamp, keyframe: message.payload[0] >> 4 === 1, bytes: message.payload.length, connection });
    });
    client.on('data', (data) => {
      const at = performance.now();
      if (!upstream.write(data)) client.pause();
      reader.push(data, at);
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (data) => {
      if (!client.write(data)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
      socket.on('end', close);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
