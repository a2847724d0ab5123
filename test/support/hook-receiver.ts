// A real hook recipient on loopback, as a streamer's own server would be: it answers the X-Hook-Secret
// handshake, keeps each hook's secret, and checks every delivery's X-Hook-Signature with it.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly payload: Record<string, unknown>;
  /** For deliveries: whether the signature matched the secret of the hook it is for. */
  readonly verified: boolean | null;
}

export class HookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Clear to make the receiver refuse handshakes (it then answers without the secret). */
  echoSecret = true;
  readonly #secrets = new Map<string, string>();
  readonly #server: Server;
  #url = '';

  private constructor() {
    this.#server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const payload = JSON.parse(body) as Record<string, unknown>;
        const secret = request.headers['x-hook-secret'];
        if (typeof secret === 'string') {
          this.#secrets.set(`${String(payload.channelId)}/${String(payload.event)}`, secret);
          this.requests.push({ headers: request.headers, body, payload, verified: null });
          response.writeHead(200, this.echoSecret ? { 'X-Hook-Secret': secret } : {}).end();
          return;
        }
        this.requests.push({ headers: request.headers, body, payload, verified: this.#verify(request.headers, body) });
        response.writeHead(200).end();
      });
    });
  }

  static async start(): Promise<HookReceiver> {
    const receiver = new HookReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    receiver.#url = `http://127.0.0.1:${(receiver.#server.address() as AddressInfo).port}/hooks`;
    return receiver;
  }

  get url(): string {
    return this.#url;
  }

  /** Deliveries (not handshakes), oldest first. */
  get deliveries(): ReceivedRequest[] {
    return this.requests.filter((request) => request.verified !== null);
  }

  secretFor(channelId: string, event: string): string | undefined {
    return this.#secrets.get(`${channelId}/${event}`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /**
   * Channel events name their channel, so their hook's secret decides. Video events carry no channelId:
   * any secret held for that event may sign them, as for a receiver serving several hooks.
   */
  #verify(headers: IncomingHttpHeaders, body: string): boolean {
    const signature = headers['x-hook-signature'];
    if (typeof signature !== 'string') return false;
    const payload = JSON.parse(body) as { event?: unknown; channelId?: unknown };
    const event = String(payload.event);
    const candidates = payload.channelId !== undefined ? [this.#secrets.get(`${String(payload.channelId)}/${event}`)] : [...this.#secrets].filter(([key]) => key.endsWith(`/${event}`)).map(([, secret]) => secret);
    return candidates.some((secret) => secret !== undefined && createHmac('sha1', secret).update(body).digest('hex') === signature.toLowerCase());
  }
}
