// Malformed and truncated RTMP input for ingest fuzz tests: named cases (each what once crashed an
// ingest or made it hold memory, or close to it) and seeded random ones. Each case runs on a connection
// of its own and ends by closing it; what the server does meanwhile is the test's to judge.
import { amf0, chunked, chunkHeader, command, HANDSHAKE_SIZE, RtmpTestClient } from './rtmp-test-client.js';
import { seededRandom } from './seeded-random.js';

export interface FuzzCase {
  readonly name: string;
  /** Sends the case's bytes on a new connection; skips the handshake when it is part of the case. */
  readonly run: (client: RtmpTestClient) => Promise<void>;
  /** The server must hang up on it (a check refused it), rather than wait for more. */
  readonly hangsUp: boolean;
}

function randomBytes(random: () => number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let index = 0; index < length; index++) out[index] = Math.floor(random() * 256);
  return out;
}

const TC_URL = 'rtmp://127.0.0.1/live';
const connect = (cmdObj: Parameters<typeof amf0>[0]) => command('connect', 1, cmdObj);
const goodConnect = connect({ app: 'live', type: 'nonprivate', flashVer: 'FMLE/3.0', tcUrl: TC_URL });
const createStream = command('createStream', 2, null);
const onStream1 = (name: string, transactionId: number, ...args: Parameters<typeof amf0>) =>
  chunked({ chunkStreamId: 4, type: 20, streamId: 1, payload: amf0(name, transactionId, null, ...args) });

/** Handshake, then `bytes`, then a short pause for the server to act on them. */
const afterHandshake = (...bytes: Buffer[]) => async (client: RtmpTestClient) => {
  await client.handshake();
  for (const part of bytes) client.send(part);
};

export function namedCases(): FuzzCase[] {
  return [
    { name: 'a wrong version byte', hangsUp: true, run: async (client) => client.send(Buffer.concat([Buffer.from([6]), Buffer.alloc(HANDSHAKE_SIZE, 7)])) },
    { name: 'an HTTP request', hangsUp: true, run: async (client) => client.send(Buffer.from('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello')) },
    { name: 'a TLS client hello', hangsUp: true, run: async (client) => client.send(Buffer.from('16030100a5010000a103035f', 'hex')) },
    { name: 'C0 and part of C1, then gone', hangsUp: false, run: async (client) => client.send(Buffer.concat([Buffer.from([3]), Buffer.alloc(100)])) },
    { name: 'C0 C1 without C2', hangsUp: false, run: async (client) => client.send(Buffer.concat([Buffer.from([3]), Buffer.alloc(HANDSHAKE_SIZE)])) },
    { name: 'a message announced at 16 MiB', hangsUp: true, run: afterHandshake(chunkHeader({ chunkStreamId: 3, length: 0xffffff, type: 20 }), Buffer.alloc(128)) },
    {
      name: '20 messages announced at 16 MiB on 20 chunk streams',
      hangsUp: true,
      run: afterHandshake(...Array.from({ length: 20 }, (_, index) => Buffer.concat([chunkHeader({ chunkStreamId: 10 + index, length: 0xffffff, type: 9 }), Buffer.alloc(128)]))),
    },
    {
      name: 'messages of 60 KiB on many chunk streams',
      hangsUp: true,
      run: afterHandshake(...Array.from({ length: 10 }, (_, index) => Buffer.concat([chunkHeader({ chunkStreamId: 10 + index, length: 60 * 1024, type: 9 }), Buffer.alloc(128)]))),
    },
    { name: '300 chunk streams', hangsUp: true, run: afterHandshake(...Array.from({ length: 300 }, (_, index) => Buffer.concat([chunkHeader({ chunkStreamId: 2 + index, length: 1, type: 4 }), Buffer.alloc(1)]))) },
    { name: 'connect without tcUrl', hangsUp: true, run: afterHandshake(connect({ app: 'live', type: 'nonprivate' })) },
    { name: 'connect with an invalid tcUrl', hangsUp: true, run: afterHandshake(connect({ app: 'live', tcUrl: 'not a url at all' })) },
    { name: 'connect with a number for tcUrl', hangsUp: true, run: afterHandshake(connect({ app: 'live', tcUrl: 42 })) },
    { name: 'connect with a number for app', hangsUp: true, run: afterHandshake(connect({ app: 7, tcUrl: TC_URL })) },
    { name: 'connect with a string for its object', hangsUp: true, run: afterHandshake(command('connect', 1, 'live')) },
    { name: 'connect with null for its object', hangsUp: true, run: afterHandshake(command('connect', 1, null)) },
    { name: 'connect with nothing after its name', hangsUp: true, run: afterHandshake(chunked({ chunkStreamId: 3, type: 20, payload: amf0('connect') })) },
    { name: 'publish without a name', hangsUp: true, run: afterHandshake(goodConnect, createStream, onStream1('publish', 3)) },
    { name: 'publish with a number for its name', hangsUp: true, run: afterHandshake(goodConnect, createStream, onStream1('publish', 3, 12345, 'live')) },
    { name: 'play without a name', hangsUp: true, run: afterHandshake(goodConnect, createStream, onStream1('play', 3)) },
    { name: 'play of a name it may not play', hangsUp: true, run: afterHandshake(goodConnect, createStream, onStream1('play', 3, 'not_the_key')) },
    { name: 'publish before connect', hangsUp: true, run: afterHandshake(createStream, onStream1('publish', 3, 'some_name', 'live')) },
    { name: 'publish with a path for its name', hangsUp: true, run: afterHandshake(goodConnect, createStream, onStream1('publish', 3, '../../etc', 'live')) },
    // An empty message is handled when the next byte arrives.
    { name: 'an empty command message', hangsUp: false, run: afterHandshake(chunkHeader({ chunkStreamId: 3, length: 0, type: 20 }), Buffer.from([0x03])) },
    { name: 'an AMF string longer than its message', hangsUp: false, run: afterHandshake(chunked({ chunkStreamId: 3, type: 20, payload: Buffer.from([0x02, 0xff, 0xff, 0x61, 0x62]) })) },
    { name: 'an unknown AMF type', hangsUp: true, run: afterHandshake(chunked({ chunkStreamId: 3, type: 20, payload: Buffer.from([0x02, 0x00, 0x07, ...Buffer.from('connect'), 0x42, 0x42]) })) },
    { name: 'an empty set chunk size', hangsUp: true, run: afterHandshake(chunkHeader({ chunkStreamId: 2, length: 0, type: 1 }), Buffer.from([0x02])) },
    { name: 'a chunk size of 0', hangsUp: true, run: afterHandshake(chunked({ chunkStreamId: 2, type: 1, payload: Buffer.from([0, 0, 0, 0]) }), goodConnect) },
    {
      name: 'a chunk header that shrinks a message in progress',
      hangsUp: true,
      run: afterHandshake(chunkHeader({ chunkStreamId: 3, length: 300, type: 20 }), Buffer.alloc(128, 0x41), chunkHeader({ chunkStreamId: 3, length: 10, type: 20 }), Buffer.alloc(200, 0x41)),
    },
    { name: 'video data before connect', hangsUp: false, run: afterHandshake(chunked({ chunkStreamId: 6, type: 9, payload: Buffer.from([0x17, 0x01, 0xff, 0xff]) })) },
    { name: 'an empty video message', hangsUp: false, run: afterHandshake(chunkHeader({ chunkStreamId: 6, length: 0, type: 9 })) },
    { name: 'metadata that is not AMF', hangsUp: false, run: afterHandshake(chunked({ chunkStreamId: 5, type: 18, payload: Buffer.from([0x02, 0xff, 0xff]) })) },
    { name: 'gone in the middle of a command', hangsUp: false, run: afterHandshake(chunkHeader({ chunkStreamId: 3, length: 1000, type: 20 }), Buffer.alloc(100, 0x02)) },
    { name: 'connect, then gone in the middle of a publish', hangsUp: false, run: afterHandshake(goodConnect, createStream, onStream1('publish', 3, 'some_name', 'live').subarray(0, 20)) },
  ];
}

/** `count` cases of random bytes: after the handshake or not, as chunk headers with random fields or as noise. */
export function randomCases(seed: number, count: number): FuzzCase[] {
  const random = seededRandom(seed);
  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const shape = Math.floor(random() * 3);
    const parts: Buffer[] = [];
    if (shape === 0) {
      parts.push(randomBytes(random, 1 + Math.floor(random() * 4000)));
    } else {
      for (let chunk = 0; chunk < 1 + Math.floor(random() * 6); chunk++) {
        const fmt = Math.floor(random() * 4) as 0 | 1 | 2 | 3;
        const header = chunkHeader({ fmt, chunkStreamId: 2 + Math.floor(random() * 100), timestamp: Math.floor(random() * 0x1000000), length: Math.floor(random() * 0x1000000), type: Math.floor(random() * 24), streamId: Math.floor(random() * 3) });
        parts.push(header, randomBytes(random, Math.floor(random() * 300)));
      }
      if (shape === 2) parts.unshift(goodConnect);
    }
    const bytes = Buffer.concat(parts);
    cases.push({ name: `random #${index} (${bytes.length} bytes${shape === 0 ? ', noise' : ''})`, hangsUp: false, run: shape === 0 ? async (client) => client.send(Buffer.concat([Buffer.from([3]), bytes])) : afterHandshake(bytes) });
  }
  return cases;
}

/** Runs each case on its own connection; returns the names of those that should have been hung up on and were not. */
export async function runCases(port: number, cases: readonly FuzzCase[], hangUpWithinMs: number): Promise<string[]> {
  const kept: string[] = [];
  // A few at a time: each waits for a hang-up that may not come.
  const queue = [...cases];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const client = await RtmpTestClient.connect(port);
      try {
        await next.run(client);
        const hungUp = await client.closedWithin(next.hangsUp ? hangUpWithinMs : 50);
        if (next.hangsUp && !hungUp) kept.push(next.name);
      } catch (error) {
        // A handshake the server refused to finish is a hang-up too.
        if (!next.hangsUp || !client.isClosed) kept.push(`${next.name}: ${(error as Error).message}`);
      } finally {
        client.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return kept;
}
