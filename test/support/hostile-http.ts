// Malformed and truncated HTTP from a fixed seed, for listeners that must outlive anything a local program
// sends them: bodies cut off mid-way, aborted connections, oversized headers and bodies, invalid chunked
// encoding, garbage bytes, slowloris-style partial headers, and (for a WebSocket endpoint) garbage frames
// after a good upgrade. Every case ends within a bound: the client closes or resets after it.
import { connect } from 'node:net';
import { seededRandom } from './seeded-random.js';

export interface HostileTarget {
  readonly port: number;
  /** Paths worth hitting (with a query when the route wants one). */
  readonly paths: readonly string[];
  /** A path that upgrades to a WebSocket after a good handshake, if the listener has one. */
  readonly socketPath?: string;
  /** Extra headers a real client sends (an Origin for a same-origin socket). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const HOSTILE_KINDS = [
  'truncated-body',
  'aborted-body',
  'oversized-headers',
  'oversized-body',
  'chunked-flood',
  'invalid-chunked',
  'length-and-chunked',
  'garbage',
  'slowloris',
  'bad-request-line',
  'socket-garbage',
  'bad-upgrade',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

export interface HostileCase {
  readonly kind: HostileKind;
  readonly path: string;
  /** Written in this order, `gapMs` apart. */
  readonly pieces: readonly Buffer[];
  readonly gapMs: number;
  /** After the last piece: end politely (FIN) or reset. */
  readonly ending: 'end' | 'reset';
  /** The client gives up this long after the last piece at the latest. */
  readonly lingerMs: number;
}

export function hostileCase(random: () => number, target: HostileTarget): HostileCase {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const bytes = (length: number): Buffer => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
  const kinds = target.socketPath ? HOSTILE_KINDS : HOSTILE_KINDS.filter((kind) => kind !== 'socket-garbage' && kind !== 'bad-upgrade');
  const kind = pick(kinds);
  const path = kind === 'socket-garbage' || kind === 'bad-upgrade' ? target.socketPath! : pick(target.paths);
  const host = `Host: 127.0.0.1:${target.port}\r\n`;
  const extra = Object.entries(target.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const head = (method: string, lines: string): Buffer => Buffer.from(`${method} ${path} HTTP/1.1\r\n${host}${extra}${lines}\r\n`, 'latin1');
  const json = Buffer.from(JSON.stringify({ event: 'video.deleted', videoId: between(1, 99_999), pad: 'x'.repeat(between(0, 4000)) }));
  const base = { kind, path, gapMs: 0, ending: random() < 0.5 ? 'end' : 'reset', lingerMs: between(20, 300) } as const;
  switch (kind) {
    case 'truncated-body':
      return { ...base, ending: 'end', pieces: [head('POST', `Content-Type: application/json\r\nContent-Length: ${json.length + between(1, 5000)}\r\n`), json.subarray(0, between(0, json.length))] };
    case 'aborted-body':
      return { ...base, ending: 'reset', pieces: [head('POST', `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${json.length}\r\n`), json.subarray(0, between(1, json.length - 1))] };
    case 'oversized-headers':
      return { ...base, pieces: [head('GET', `X-Padding: ${'a'.repeat(between(17, 80) * 1024)}\r\nCookie: ${'b'.repeat(between(1, 8) * 1024)}\r\n`)] };
    case 'oversized-body':
      return { ...base, pieces: [head('POST', `Content-Type: application/json\r\nContent-Length: ${between(13, 900) * 1024 * 1024}\r\n`), bytes(between(1, 64) * 1024)] };
    case 'chunked-flood': {
      const chunk = Buffer.alloc(between(8, 32) * 1024, 'c');
      const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      return { ...base, pieces: [head('POST', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'), ...Array.from({ length: between(3, 12) }, () => framed)] };
    }
    case 'invalid-chunked':
      return { ...base, pieces: [head('POST', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'), Buffer.from(pick(['zz\r\nnot hex\r\n', '5\r\nabcdefgh\r\n0\r\n\r\n', '-1\r\n\r\n', 'ffffffffffffffffff\r\nx', '3;ext="\r\nabc\r\n', '4\nabcd\n0\n\n']))] };
    case 'length-and-chunked':
      return { ...base, pieces: [head('POST', `Content-Length: ${json.length}\r\nTransfer-Encoding: chunked\r\n`), json] };
    case 'garbage':
      return { ...base, pieces: [bytes(between(1, 4096))] };
    case 'slowloris': {
      const whole = `GET ${path} HTTP/1.1\r\n${host}X-Slow: ${'s'.repeat(between(1, 200))}\r\n`;
      const count = between(3, 10);
      const cuts = Array.from({ length: count }, (_, index) => whole.slice(Math.floor((index * whole.length) / count), Math.floor(((index + 1) * whole.length) / count)));
      return { ...base, gapMs: between(10, 40), pieces: cuts.map((cut) => Buffer.from(cut, 'latin1')) };
    }
    case 'bad-request-line':
      return { ...base, pieces: [Buffer.from(pick([`GET ${path}\r\n\r\n`, `BREW ${path} HTCPCP/1.0\r\n\r\n`, `GET ${path} HTTP/9.9\r\n${host}\r\n`, `GET /${'%'.repeat(between(1, 50))} HTTP/1.1\r\n${host}\r\n`, `GET ${path} HTTP/1.1\r\nHost\r\n\r\n`, `\0\0\0 ${path} HTTP/1.1\r\n\r\n`]), 'latin1')] };
    case 'socket-garbage': {
      const upgrade = head('GET', `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${bytes(16).toString('base64')}\r\n`);
      // Frames a browser never sends: unmasked, reserved bits and opcodes, bad lengths, or plain noise.
      const frame = pick([bytes(between(2, 512)), Buffer.from([0x8f, 0x80, 1, 2, 3, 4]), Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]), Buffer.from([0xf1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28])]);
      return { ...base, gapMs: 30, pieces: [upgrade, frame] };
    }
    case 'bad-upgrade':
      return { ...base, pieces: [head('GET', `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: ${pick(['13', '8', 'x'])}\r\nSec-WebSocket-Key: ${pick(['short', '', '!!!!'])}\r\n`)] };
  }
}

/** Plays one case; resolves (never rejects) once the connection is gone, within the case's bounds. */
export function playHostileCase(port: number, hostile: HostileCase): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timers: NodeJS.Timeout[] = [];
    const finish = (): void => {
      for (const timer of timers) clearTimeout(timer);
      resolve();
    };
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('close', finish);
    socket.once('connect', () => {
      hostile.pieces.forEach((piece, index) => timers.push(setTimeout(() => socket.writable && socket.write(piece), index * hostile.gapMs)));
      const lastAt = (hostile.pieces.length - 1) * hostile.gapMs;
      timers.push(
        setTimeout(() => {
          if (hostile.ending === 'reset') socket.resetAndDestroy();
          else socket.end();
        }, lastAt + hostile.lingerMs),
      );
      // A server that keeps a half-closed socket open does not hold the test.
      timers.push(setTimeout(() => socket.destroy(), lastAt + hostile.lingerMs + 1000));
    });
  });
}

/** Runs `count` cases from `seed` against the target, `parallel` at a time. */
export async function runHostileCases(target: HostileTarget, options: { seed: number; count: number; parallel: number }): Promise<Record<HostileKind, number>> {
  const random = seededRandom(options.seed);
  const cases = Array.from({ length: options.count }, () => hostileCase(random, target));
  const played = Object.fromEntries(HOSTILE_KINDS.map((kind) => [kind, 0])) as Record<HostileKind, number>;
  for (let start = 0; start < cases.length; start += options.parallel) {
    const batch = cases.slice(start, start + options.parallel);
    await Promise.all(batch.map((hostile) => playHostileCase(target.port, hostile)));
    for (const hostile of batch) played[hostile.kind] += 1;
  }
  return played;
}
