// A TCP proxy that adds a fixed delay to each direction of every connection: what a streamer's distance
// from the platform adds to each round trip (a login, a PASV, an API call), for tests and benches where
// the kernel's netem module is missing. Plain JavaScript so that the .mjs benches (plain node, no
// TypeScript) and the TypeScript tests import the same file (types in delay-proxy.d.mts).
//
// Each direction of a connection is a delay line: a chunk read from one side is written to the other
// `delayMs` later, in order. One timer per line (for the chunk at its head), never one per chunk, and the
// due chunks go out together, so the line adds no per-byte work. The line never limits throughput
// itself: it holds up to `highWaterBytes` (4 MiB by default: above rate × delay up to 800 Mbit/s at
// 40 ms) before it pauses its source, and when the far side's socket says "full" it waits for 'drain'.
// An end (FIN) travels the same line, after the bytes before it, so a half-closed connection (FTP's
// data connection at the end of STOR) keeps its meaning; a reset or error on one side destroys the other.
//
// A new connection costs its handshake as on a real path: the kernel has accepted the client's connection
// at once, so the proxy opens its own to the server only 1.5 round trips later (SYN, SYN-ACK, ACK), and
// what the client sends first arrives no earlier than that: a server that speaks first (FTP's 220) is heard
// two round trips after the connect, an HTTP answer two round trips after the connect too.
//
// What it does not emulate: the proxy acknowledges bytes as it reads them, so a client's TCP window and
// slow start see loopback, not the delay (a real path of 40 ms needs a window of rate × 40 ms in flight);
// request/answer round trips and when bytes arrive are what the delay changes.
import { createServer, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

const DEFAULT_HIGH_WATER = 4 * 1024 * 1024;

/** One direction of one connection. */
class DelayLine {
  #queue = [];
  #head = 0;
  #bytes = 0;
  #timer = null;
  #blocked;
  #done = false;

  /** `notBefore`: no chunk is due before this time plus the delay (the handshake); `held`: release nothing until `open()`. */
  constructor({ source, target, delayMs, highWater, onChunk, notBefore = 0, held = false }) {
    this.source = source;
    this.target = target;
    this.delayMs = delayMs;
    this.highWater = highWater;
    this.onChunk = onChunk;
    this.notBefore = notBefore;
    this.#blocked = held;
  }

  /** The target can take bytes now (its connection has been started). */
  open() {
    this.#blocked = false;
    this.#arm();
  }

  #due() {
    return Math.max(performance.now(), this.notBefore) + this.delayMs;
  }

  push(chunk) {
    if (this.#done) return;
    this.onChunk?.(chunk);
    this.#queue.push({ due: this.#due(), chunk });
    this.#bytes += chunk.length;
    if (this.#bytes >= this.highWater) this.source.pause();
    this.#arm();
  }

  /** The source's end (FIN), passed on after the bytes before it. */
  end() {
    if (this.#done) return;
    this.#queue.push({ due: this.#due(), chunk: null });
    this.#arm();
  }

  stop() {
    this.#done = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue = [];
    this.#head = 0;
  }

  #arm() {
    if (this.#timer !== null || this.#blocked || this.#done || this.#head >= this.#queue.length) return;
    const wait = this.#queue[this.#head].due - performance.now();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#release();
    }, Math.max(0, wait));
  }

  #release() {
    // Timers fire up to a millisecond late and never early by design; half a millisecond early is on time.
    const now = performance.now() + 0.5;
    while (this.#head < this.#queue.length && this.#queue[this.#head].due <= now) {
      const { chunk } = this.#queue[this.#head];
      this.#queue[this.#head] = undefined;
      this.#head += 1;
      if (chunk === null) {
        this.#done = true;
        this.target.end();
        return;
      }
      this.#bytes -= chunk.length;
      if (!this.target.write(chunk)) {
        this.#blocked = true;
        this.target.once('drain', () => {
          this.#blocked = false;
          this.#release();
        });
        break;
      }
    }
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    if (this.#bytes < this.highWater / 2 && this.source.isPaused() && !this.source.destroyed) this.source.resume();
    this.#arm();
  }
}

/**
 * Listens on `listenHost` at each of `ports` and forwards every connection to `targetHost` at the same
 * port, `delayMs` later in each direction. `onData(connection, direction, chunk)` sees every chunk as it
 * enters the line (direction 'up' from the client, 'down' from the server), for profiling.
 */
export async function startDelayProxy({ listenHost, targetHost, delayMs, highWaterBytes = DEFAULT_HIGH_WATER, onData }) {
  const servers = new Map();
  const sockets = new Set();
  let nextId = 1;

  const handle = (port) => (client) => {
    const id = nextId++;
    const info = { id, port };
    const openedAt = performance.now();
    const server = new Socket({ allowHalfOpen: true });
    client.setNoDelay(true);
    sockets.add(client);
    sockets.add(server);
    const up = new DelayLine({
      source: client,
      target: server,
      delayMs,
      highWater: highWaterBytes,
      onChunk: onData && ((chunk) => onData(info, 'up', chunk)),
      notBefore: openedAt + 2 * delayMs,
      held: true,
    });
    const down = new DelayLine({ source: server, target: client, delayMs, highWater: highWaterBytes, onChunk: onData && ((chunk) => onData(info, 'down', chunk)) });
    // The handshake's SYN, SYN-ACK and ACK: the server hears of the connection 1.5 round trips after it began.
    const opening = setTimeout(() => {
      server.connect({ host: targetHost, port, noDelay: true });
      up.open();
    }, 3 * delayMs);
    client.on('data', (chunk) => up.push(chunk));
    server.on('data', (chunk) => down.push(chunk));
    client.on('end', () => up.end());
    server.on('end', () => down.end());
    const teardown = () => {
      clearTimeout(opening);
      up.stop();
      down.stop();
      // A reset on one side is a reset on the other: destroy, do not end.
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
      onData?.(info, 'closed', null);
    };
    client.on('error', teardown);
    server.on('error', teardown);
    // Both ends closed (each FIN passed on): nothing more to carry.
    let closed = 0;
    const onClose = () => {
      closed += 1;
      if (closed === 2) teardown();
    };
    client.once('close', onClose);
    server.once('close', onClose);
    onData?.(info, 'opened', null);
  };

  const proxy = {
    /** Forwards one more port (no-op when it already is). */
    async forward(port) {
      if (servers.has(port)) return;
      const server = createServer({ allowHalfOpen: true, pauseOnConnect: false }, handle(port));
      servers.set(port, server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, listenHost, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    /** Forwards every port from `low` to `high`, both included (FTP's passive data ports). */
    async forwardRange(low, high) {
      for (let port = low; port <= high; port += 1) await proxy.forward(port);
    },
    /** Stops listening and cuts every open connection. */
    async close() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await Promise.all([...servers.values()].map((server) => new Promise((resolve) => server.close(() => resolve()))));
      servers.clear();
    },
  };
  return proxy;
}
