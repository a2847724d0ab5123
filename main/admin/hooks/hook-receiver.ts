// The built-in hook receiver of the sandbox profile: a loopback HTTP endpoint that plays the streamer's
// own server. It answers the X-Hook-Secret handshake of hooks the app has just registered (and only
// those, so another local program cannot plant a secret), keeps each secret in the keychain, checks every
// delivery's X-Hook-Signature, and remembers what came in so the Hooks panel can show it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HookDelivery, HookEventName } from '../../../preload/contract.js';
import { answerHandlerFailure, readBoundedBody, refuseBody } from '../../bounded-body.js';
import { hookSignatureMatches } from './hook-signature.js';

export const RECEIVER_PATH = '/hooks';
/** How long after a registration its handshake is answered (the sandbox tries 3 times within ~5 s). */
const HANDSHAKE_WINDOW_MS = 120_000;
const MAX_BODY_BYTES = 64 * 1024;
/** A hook payload is a few hundred bytes: a body still arriving after this is a stuck or hostile sender. */
const BODY_TIMEOUT_MS = 10_000;
const RECORDS_KEPT = 200;

/** Where the exchanged secrets live (the keychain), keyed `<channel id>/<event>`. */
export interface HookSecretKeeper {
  load(): Promise<Record<string, string>>;
  save(secrets: Record<string, string>): Promise<void>;
}

export interface HookReceiverOptions {
  readonly secrets: HookSecretKeeper;
  /** The port of the last run, so registered hooks keep reaching the receiver; any free port if taken. */
  readonly preferredPort?: number | null;
  readonly onRecord?: (record: HookDelivery) => void;
  readonly now?: () => number;
  /** A request the receiver failed to handle (a bug or a keychain that refused the secret): for the log. */
  readonly onError?: (error: unknown) => void;
  /** How long a body may take to arrive (tests shorten it). */
  readonly bodyTimeoutMs?: number;
}

export class BuiltInHookReceiver {
  readonly #options: HookReceiverOptions;
  readonly #server: Server;
  readonly #expected = new Map<string, number>();
  readonly #records: HookDelivery[] = [];
  #secrets: Record<string, string> = {};
  #nextId = 1;
  #port = 0;

  private constructor(options: HookReceiverOptions) {
    this.#options = options;
    this.#server = createServer((request, response) => {
      // Anything a sender can make the handler throw ends this request, never the app.
      this.#handle(request, response).catch((error: unknown) => {
        this.#options.onError?.(error);
        answerHandlerFailure(response);
      });
    });
    // A sender that never finishes its headers is dropped instead of holding a connection for minutes.
    this.#server.headersTimeout = 10_000;
    this.#server.requestTimeout = 30_000;
  }

  static async start(options: HookReceiverOptions): Promise<BuiltInHookReceiver> {
    const receiver = new BuiltInHookReceiver(options);
    receiver.#secrets = await options.secrets.load();
    receiver.#port = await listen(receiver.#server, options.preferredPort ?? 0).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || !options.preferredPort) throw error;
      return listen(receiver.#server, 0);
    });
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}${RECEIVER_PATH}`;
  }

  get port(): number {
    return this.#port;
  }

  /** What came in, newest first. */
  get records(): HookDelivery[] {
    return [...this.#records].reverse();
  }

  /** The app is registering this hook with the receiver's address: its handshake will be answered. */
  expectHandshake(channelId: string, event: HookEventName): void {
    this.#expected.set(key(channelId, event), this.#now() + HANDSHAKE_WINDOW_MS);
  }

  /** The hook was removed or now calls elsewhere: its secret no longer verifies anything. */
  async forget(channelId: string, event: HookEventName): Promise<void> {
    this.#expected.delete(key(channelId, event));
    if (!(key(channelId, event) in this.#secrets)) return;
    const { [key(channelId, event)]: _dropped, ...rest } = this.#secrets;
    this.#secrets = rest;
    await this.#options.secrets.save(rest);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://receiver').pathname;
    if (path !== RECEIVER_PATH) return void response.writeHead(404).end();
    if (request.method !== 'POST') return void response.writeHead(405, { Allow: 'POST' }).end();
    const read = await readBoundedBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: this.#options.bodyTimeoutMs ?? BODY_TIMEOUT_MS });
    if (read.kind !== 'ok') return refuseBody(response, read, MAX_BODY_BYTES);
    const body = read.body;
    const payload = parseObject(body);
    const event = typeof payload?.event === 'string' ? payload.event : '';
    const channelId = payload?.channelId === undefined ? null : String(payload.channelId);
    const videoId = payload?.videoId === undefined ? null : String(payload.videoId);
    const secret = request.headers['x-hook-secret'];
    const signature = request.headers['x-hook-signature'];
    if (payload === null) {
      this.#record({ kind: 'delivery', event, channelId, videoId, accepted: false, note: 'Refused: the body is not a JSON object.' });
      return void response.writeHead(400).end();
    }
    if (typeof secret === 'string') return this.#handshake(response, event, channelId, secret);
    if (typeof signature === 'string') {
      const verified = this.#candidateSecrets(event, channelId).some((candidate) => hookSignatureMatches(body, candidate, signature));
      this.#record({
        kind: 'delivery',
        event,
        channelId,
        videoId,
        accepted: verified,
        note: verified ? 'Signature verified.' : 'Refused: the signature does not match the secret of this hook (register the hook again if it was registered before the app last forgot it).',
      });
      return void response.writeHead(verified ? 200 : 401).end();
    }
    this.#record({ kind: 'delivery', event, channelId, videoId, accepted: false, note: 'Refused: neither an X-Hook-Secret nor an X-Hook-Signature header.' });
    response.writeHead(400).end();
  }

  async #handshake(response: ServerResponse, event: string, channelId: string | null, secret: string): Promise<void> {
    const wanted = channelId === null ? undefined : this.#expected.get(key(channelId, event));
    if (channelId === null || wanted === undefined || wanted < this.#now()) {
      this.#record({ kind: 'handshake', event, channelId, videoId: null, accepted: false, note: 'Refused: the app did not register this hook just now. Register it in the Hooks panel.' });
      return void response.writeHead(403).end();
    }
    // Kept before the answer: once the platform reads the echo, deliveries signed with it can come.
    this.#secrets = { ...this.#secrets, [key(channelId, event)]: secret };
    await this.#options.secrets.save(this.#secrets);
    this.#record({ kind: 'handshake', event, channelId, videoId: null, accepted: true, note: 'Answered: the hook is now active.' });
    response.writeHead(200, { 'X-Hook-Secret': secret }).end();
  }

  /** A channel event names its channel; a video event does not, so every secret held for the event may sign it. */
  #candidateSecrets(event: string, channelId: string | null): string[] {
    if (channelId !== null) return [this.#secrets[key(channelId, event)]].filter((secret): secret is string => secret !== undefined);
    return Object.entries(this.#secrets)
      .filter(([name]) => name.endsWith(`/${event}`))
      .map(([, secret]) => secret);
  }

  #record(entry: Omit<HookDelivery, 'id' | 'at'>): void {
    const record: HookDelivery = { id: this.#nextId++, at: this.#now(), ...entry };
    this.#records.push(record);
    if (this.#records.length > RECORDS_KEPT) this.#records.shift();
    this.#options.onRecord?.(record);
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}

function key(channelId: string, event: string): string {
  return `${channelId}/${event}`;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function parseObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
