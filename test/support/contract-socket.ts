// The contract over browser mode's WebSocket, as the renderer reaches it: for tests that drive a running
// `companion ui` without a browser.
import WebSocket from 'ws';

export class ContractSocket {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: number; envelope?: { ok: boolean; value?: unknown; error?: { message?: string } } };
      if (message.type !== 'result' || message.id === undefined) return;
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.envelope?.ok) waiting?.resolve(message.envelope.value);
      else waiting?.reject(new Error(`the app refused the call: ${JSON.stringify(message.envelope?.error)}`));
    });
    socket.on('close', () => {
      for (const waiting of this.#pending.values()) waiting.reject(new Error('the socket closed before the answer'));
      this.#pending.clear();
    });
  }

  /** `appUrl` is the address the app printed (`http://127.0.0.1:<port>/<token>/`). */
  static open(appUrl: string, timeoutMs = 5000): Promise<ContractSocket> {
    const url = new URL('ws', appUrl.replace(/^http/, 'ws'));
    const socket = new WebSocket(url, { origin: new URL(appUrl).origin });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no socket at ${url.origin} within ${timeoutMs} ms`)), timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(new ContractSocket(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  call<T>(method: string, ...args: unknown[]): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} got no answer within 15 s`)), 15_000);
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#socket.send(JSON.stringify({ type: 'call', id, method, args }));
    });
  }

  close(): void {
    this.#socket.close();
  }
}
