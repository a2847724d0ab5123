// A raw FTP control connection for tests that send what no FTP client library would: bytes are written
// as given, and replies are read as they come. Every wait is bounded; a server that hangs up is an
// answer (`null`), not an error.
import { connect, type Socket } from 'node:net';

export class RawFtp {
  readonly socket: Socket;
  /** Resolves when the server (or this side) has closed the connection. */
  readonly closed: Promise<void>;
  #received = '';
  #cursor = 0;
  #wake: (() => void) | null = null;
  #ended = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      // Bounded: replies beyond 4 MB are only counted as "more".
      if (this.#received.length < 4_000_000) this.#received += text;
      this.#wake?.();
    });
    // Resets and aborts are part of what these tests do; the server's side is what is judged.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.#ended = true;
        this.#wake?.();
        resolve();
      }),
    );
  }

  static async open(port: number, host = '127.0.0.1', timeoutMs = 3000): Promise<RawFtp> {
    const socket = connect({ host, port });
    const client = new RawFtp(socket);
    const greeting = await client.reply(timeoutMs);
    if (!greeting?.startsWith('220')) throw new Error(`no 220 greeting from ${host}:${port}: ${String(greeting)}`);
    return client;
  }

  get hungUp(): boolean {
    return this.#ended;
  }

  send(data: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  /** The next final reply line ("ddd text"), or null when the connection closes first. */
  async reply(timeoutMs = 3000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.#received.indexOf('\r\n', this.#cursor);
      if (end !== -1) {
        const line = this.#received.slice(this.#cursor, end);
        this.#cursor = end + 2;
        if (/^\d{3} /.test(line)) return line;
        continue;
      }
      if (this.#ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no FTP reply within ${timeoutMs} ms (last bytes: ${JSON.stringify(this.#received.slice(-200))})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  /** Sends one command line and returns its reply. */
  async command(line: string | Buffer, timeoutMs = 3000): Promise<string | null> {
    this.send(typeof line === 'string' ? `${line}\r\n` : Buffer.concat([line, Buffer.from('\r\n')]));
    return this.reply(timeoutMs);
  }

  async login(user: string, password: string): Promise<void> {
    const userReply = await this.command(`USER ${user}`);
    const passReply = await this.command(`PASS ${password}`);
    if (!userReply?.startsWith('331') || !passReply?.startsWith('230')) throw new Error(`login failed: ${userReply} / ${passReply}`);
  }

  /** PASV; the data port it names. */
  async passive(): Promise<number> {
    const answer = await this.command('PASV');
    const match = /\((\d+),(\d+),(\d+),(\d+),(\d+),(\d+)\)/.exec(answer ?? '');
    if (!match) throw new Error(`PASV answered ${answer}`);
    return Number(match[5]) * 256 + Number(match[6]);
  }

  /** Waits until the server hangs up, at most `timeoutMs`; whether it did. */
  async hangsUpWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const result = await Promise.race([this.closed.then(() => true as const), timedOut]);
    clearTimeout(timer);
    return result;
  }

  close(): Promise<void> {
    this.socket.destroy();
    return this.closed;
  }
}

/** A data connection to `port`, open (or failed) within `timeoutMs`. */
export function dataConnection(port: number, host = '127.0.0.1', timeoutMs = 3000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    // Resets are what some tests do on purpose; a late error must not reach the test runner.
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`data connection to ${port} not open within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
