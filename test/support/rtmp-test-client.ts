// A bare RTMP client for tests that need to send what no encoder would: the handshake by hand, AMF0
// command messages cut into chunks, and raw bytes. It decodes nothing the server sends; it only tells
// whether the server is still talking to it.
import { connect, type Socket } from 'node:net';

export type Amf0Value = string | number | boolean | null | undefined | { readonly [key: string]: Amf0Value };

/** AMF0, just the types a command needs: number, boolean, string, object, null, undefined. */
export function amf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  const put = (value: Amf0Value): void => {
    if (typeof value === 'number') {
      const out = Buffer.alloc(9);
      out[0] = 0x00;
      out.writeDoubleBE(value, 1);
      parts.push(out);
    } else if (typeof value === 'boolean') {
      parts.push(Buffer.from([0x01, value ? 1 : 0]));
    } else if (typeof value === 'string') {
      parts.push(Buffer.from([0x02]), shortString(value));
    } else if (value === null) {
      parts.push(Buffer.from([0x05]));
    } else if (value === undefined) {
      parts.push(Buffer.from([0x06]));
    } else {
      parts.push(Buffer.from([0x03]));
      for (const [key, field] of Object.entries(value)) {
        parts.push(shortString(key));
        put(field);
      }
      parts.push(Buffer.from([0x00, 0x00, 0x09]));
    }
  };
  for (const value of values) put(value);
  return Buffer.concat(parts);
}

function shortString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export interface ChunkHeader {
  readonly fmt?: 0 | 1 | 2 | 3;
  readonly chunkStreamId: number;
  readonly timestamp?: number;
  /** The message length announced in the header (fmt 0 and 1); the payload's length unless told otherwise. */
  readonly length?: number;
  readonly type?: number;
  readonly streamId?: number;
}

/** The basic header and message header of one chunk (chunk stream ids 2 to 319). */
export function chunkHeader(header: ChunkHeader): Buffer {
  const fmt = header.fmt ?? 0;
  const id = header.chunkStreamId;
  const basic = id < 64 ? Buffer.from([(fmt << 6) | id]) : Buffer.from([fmt << 6, id - 64]);
  const sizes = [11, 7, 3, 0];
  const message = Buffer.alloc(sizes[fmt]!);
  if (fmt <= 2) message.writeUIntBE(Math.min(header.timestamp ?? 0, 0xffffff), 0, 3);
  if (fmt <= 1) {
    message.writeUIntBE(header.length ?? 0, 3, 3);
    message[6] = header.type ?? 0;
  }
  if (fmt === 0) message.writeUInt32LE(header.streamId ?? 0, 7);
  return Buffer.concat([basic, message]);
}

/** A whole message as chunks of `chunkSize` (the default 128 unless the client said otherwise). */
export function chunked(message: { chunkStreamId: number; type: number; streamId?: number; timestamp?: number; payload: Buffer }, chunkSize = 128): Buffer {
  const parts = [chunkHeader({ fmt: 0, chunkStreamId: message.chunkStreamId, timestamp: message.timestamp, length: message.payload.length, type: message.type, streamId: message.streamId })];
  for (let at = 0; at < message.payload.length; at += chunkSize) {
    if (at > 0) parts.push(chunkHeader({ fmt: 3, chunkStreamId: message.chunkStreamId }));
    parts.push(message.payload.subarray(at, at + chunkSize));
  }
  return Buffer.concat(parts);
}

/** An AMF0 command message (type 20) on chunk stream 3. */
export function command(name: string, transactionId: number, ...args: Amf0Value[]): Buffer {
  return chunked({ chunkStreamId: 3, type: 20, payload: amf0(name, transactionId, ...args) });
}

export const HANDSHAKE_SIZE = 1536;

export class RtmpTestClient {
  readonly #socket: Socket;
  #received = Buffer.alloc(0);
  #waiters: (() => void)[] = [];
  /** Resolves when the server closed or reset the connection. */
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (data: Buffer) => {
      this.#received = Buffer.concat([this.#received, data]);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    // A reset is one way for the server to hang up.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    void this.closed.then(() => {
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  static async connect(port: number, host = '127.0.0.1'): Promise<RtmpTestClient> {
    const socket = connect({ port, host });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RtmpTestClient(socket);
  }

  get isClosed(): boolean {
    return this.#socket.destroyed || this.#socket.readyState === 'closed';
  }

  /** Bytes received so far. */
  get received(): number {
    return this.#received.length;
  }

  send(bytes: Buffer): void {
    if (!this.#socket.destroyed) this.#socket.write(bytes);
  }

  /** C0 C1, waits for S0 S1 S2, sends C2: afterwards chunks may follow. */
  async handshake(timeoutMs = 3000): Promise<void> {
    this.send(Buffer.concat([Buffer.from([3]), Buffer.alloc(HANDSHAKE_SIZE)]));
    await this.waitForBytes(1 + 2 * HANDSHAKE_SIZE, timeoutMs);
    this.send(this.#received.subarray(1, 1 + HANDSHAKE_SIZE));
  }

  /** Resolves once `count` bytes have arrived; rejects if the connection closes first or time runs out. */
  async waitForBytes(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#received.length < count) {
      if (this.isClosed) throw new Error(`the server closed the connection after ${this.#received.length} of ${count} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`got ${this.#received.length} of ${count} bytes within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether the server hung up within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const result = await Promise.race([this.closed.then(() => true as const), timedOut]);
    clearTimeout(timer);
    return result;
  }

  close(): void {
    this.#socket.destroy();
  }
}
