// Channel hooks (spec part B, "Events"): the X-Hook-Secret handshake that activates a hook, and signed
// deliveries of channel.status.live|offair, video.create and video.deleted to active hooks.
// Retries and suspension are left open by the spec; the choices are written next to the constants.
import { createHmac, randomBytes } from 'node:crypto';
import type { Channel, Hook, HookEvent, Video } from '../state/model.js';
import { nowSeconds } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';

/** Waits before the 2nd and 3rd attempt of a handshake or delivery; then it has failed. */
const RETRY_DELAYS_MS = [1000, 4000];
/** More than any hook recipient's answer needs to be. */
const ANSWER_BYTES_READ = 64 * 1024;
const REQUEST_TIMEOUT_MS = 5000;
/** Deliveries that fail (all attempts) this many times in a row suspend the hook until it is registered again. */
const FAILURES_BEFORE_SUSPENSION = 3;
const DELIVERY_LOG_SIZE = 200;

/** One attempt of a handshake or delivery. */
export interface DeliveryRecord {
  readonly kind: 'handshake' | 'delivery';
  readonly attempt: number;
  readonly channelId: string;
  readonly event: HookEvent;
  readonly recipient: string;
  readonly body: string;
  readonly at: number;
  readonly outcome: 'ok' | 'failed';
  readonly detail: string;
}

export interface HookDispatcherOptions {
  readonly retryDelaysMs?: readonly number[];
}

export class HookDispatcher {
  readonly #store: SandboxStore;
  readonly #retryDelays: readonly number[];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #failures = new WeakMap<Hook, number>();
  readonly #log: DeliveryRecord[] = [];
  #closed = false;

  constructor(store: SandboxStore, options: HookDispatcherOptions = {}) {
    this.#store = store;
    this.#retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    store.on('channel-status', this.#onChannelStatus);
    store.on('video-created', this.#onVideoCreated);
    store.on('video-deleted', this.#onVideoDeleted);
  }

  /** What was sent lately, newest last: for the sandbox's operator and tests. */
  get log(): readonly DeliveryRecord[] {
    return this.#log;
  }

  /** Registers (or re-registers) a hook: a fresh secret, pending until the recipient echoes it. */
  register(channel: Channel, event: HookEvent, recipient: string): void {
    const hook: Hook = { event, recipient, status: 'pending', secret: randomBytes(20).toString('hex') };
    channel.hooks[event] = hook;
    this.#store.changed();
    // #attempt never rejects; the catch keeps a store listener's bug from becoming an unhandled rejection.
    this.#handshake(channel, hook).catch(() => undefined);
  }

  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#store.off('channel-status', this.#onChannelStatus);
    this.#store.off('video-created', this.#onVideoCreated);
    this.#store.off('video-deleted', this.#onVideoDeleted);
  }

  #onChannelStatus = (channel: Channel, status: Channel['status']): void => {
    const event: HookEvent = status === 'live' ? 'channel.status.live' : 'channel.status.offair';
    this.#deliver(channel, event, { event, channelId: Number(channel.id), when: nowSeconds() });
  };

  #onVideoCreated = (video: Video): void => this.#onVideo(video, 'video.create');
  #onVideoDeleted = (video: Video): void => this.#onVideo(video, 'video.deleted');

  #onVideo(video: Video, event: HookEvent): void {
    const channel = this.#store.channel(video.channelId);
    if (channel) this.#deliver(channel, event, { event, videoId: Number(video.id) });
  }

  async #handshake(channel: Channel, hook: Hook): Promise<void> {
    const body = JSON.stringify({ event: hook.event, channelId: Number(channel.id) });
    const outcome = await this.#attempt(
      hook.recipient,
      body,
      { 'X-Hook-Secret': hook.secret },
      (response) => {
        const echoed = response.headers.get('x-hook-secret');
        if (echoed === hook.secret) return null;
        return echoed === null ? 'the response has no X-Hook-Secret header' : 'the echoed X-Hook-Secret differs from the one sent';
      },
      (attempt, problem) => this.#record('handshake', attempt, channel, hook, body, problem),
    );
    // A newer registration replaced this hook meanwhile: its own handshake decides.
    if (outcome === null && channel.hooks[hook.event] === hook) {
      hook.status = 'active';
      this.#store.changed();
    }
  }

  #deliver(channel: Channel, event: HookEvent, payload: Record<string, unknown>): void {
    const hook = channel.hooks[event];
    if (!hook || hook.status !== 'active') return;
    const body = JSON.stringify(payload);
    const signature = createHmac('sha1', hook.secret).update(body).digest('hex');
    const record = (attempt: number, problem: string | null) => this.#record('delivery', attempt, channel, hook, body, problem);
    void this.#attempt(hook.recipient, body, { 'X-Hook-Signature': signature }, () => null, record).then((outcome) => {
      const failures = outcome === null ? 0 : (this.#failures.get(hook) ?? 0) + 1;
      this.#failures.set(hook, failures);
      if (failures >= FAILURES_BEFORE_SUSPENSION && hook.status === 'active') {
        hook.status = 'suspended';
        this.#store.changed();
      }
    });
  }

  /** POSTs with retries; null when it succeeded, else why the last attempt failed. */
  async #attempt(
    recipient: string,
    body: string,
    headers: Record<string, string>,
    check: (response: Response) => string | null,
    record: (attempt: number, problem: string | null) => void,
  ): Promise<string | null> {
    let problem = 'not attempted';
    for (let attempt = 0; attempt <= this.#retryDelays.length && !this.#closed; attempt += 1) {
      if (attempt > 0) await this.#sleep(this.#retryDelays[attempt - 1]!);
      if (this.#closed) break;
      try {
        const response = await fetch(recipient, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          redirect: 'manual',
        });
        await discardAnswer(response);
        problem = response.ok ? (check(response) ?? '') : `the recipient answered ${response.status}`;
      } catch (error) {
        problem = `the recipient could not be reached (${error instanceof Error ? error.message : String(error)})`;
      }
      record(attempt + 1, problem === '' ? null : problem);
      if (problem === '') return null;
    }
    return problem;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }

  #record(kind: DeliveryRecord['kind'], attempt: number, channel: Channel, hook: Hook, body: string, problem: string | null): void {
    this.#log.push({ kind, attempt, channelId: channel.id, event: hook.event, recipient: hook.recipient, body, at: Date.now(), outcome: problem === null ? 'ok' : 'failed', detail: problem ?? 'ok' });
    if (this.#log.length > DELIVERY_LOG_SIZE) this.#log.shift();
  }
}

/** A recipient's answer body is never used: read at most a little of it, so a flood cannot fill memory. */
async function discardAnswer(response: Response): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
    if (read > ANSWER_BYTES_READ) {
      await reader.cancel();
      return;
    }
  }
}
