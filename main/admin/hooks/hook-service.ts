// Channel hooks for the Hooks panel: each event's hook on a channel with its status, register and remove
// (with the application's client-credentials token, as the spec asks), and the built-in receiver that the
// sandbox profile offers as a recipient. The platform's errors become sentences that say what to do.
import { CompanionError, HOOK_EVENTS, type Contract, type HookDelivery, type HookEventName, type HookRow, type HooksState, type NamespaceImplementation, type hooksNamespace } from '../../../preload/contract.js';
import type { Logger } from '../../log/redacting-logger.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { PlatformError, SignInNeededError } from '../../platform/platform-error.js';
import type { HookReceiverSettingsStore } from '../../settings/hook-receiver-settings.js';
import { BuiltInHookReceiver, type HookSecretKeeper } from './hook-receiver.js';
import { ContractEvents } from '../../typed-emitter.js';
import { explainPlatformError } from '../../explain-platform-error.js';

const CHANNEL_GONE = 'This channel no longer exists. Reload the list of channels.';
const NOT_YOURS = 'This channel is not yours (or you no longer manage it), so the app cannot register hooks on it. Choose one of your channels.';
export const CLIENT_CREDENTIALS_NEEDED =
  "Hooks are registered with the app's own credentials (client credentials), and this profile has none the platform accepts. Set the profile's client secret (`companion login --profile NAME --client-secret-stdin`, the secret on standard input), then try again.";

export interface HookServiceOptions {
  readonly platformApi: () => Promise<PlatformApi>;
  readonly session: { readonly profileKind: 'sandbox' | 'platform'; clientTokenRefused(): Promise<void> };
  /** Runs the built-in receiver (the app's shells); one-shot commands leave it out. */
  readonly receiver?: {
    readonly settings: HookReceiverSettingsStore;
    readonly secrets: HookSecretKeeper;
  };
  readonly logger: Pick<Logger, 'info' | 'warn'>;
}

export class HookService implements NamespaceImplementation<typeof hooksNamespace> {
  readonly #options: HookServiceOptions;
  #receiver: BuiltInHookReceiver | null = null;

  /** Emits `hookDelivery` for each handshake or delivery the built-in receiver gets. */
  readonly events = new ContractEvents<Contract, 'hookDelivery'>();

  constructor(options: HookServiceOptions) {
    this.#options = options;
  }

  /** Starts the built-in receiver on last run's port when it is free. A receiver that cannot start is logged, not fatal. */
  async open(): Promise<void> {
    const wanted = this.#options.receiver;
    if (!wanted || this.#receiver) return;
    try {
      const preferredPort = await wanted.settings.port();
      this.#receiver = await BuiltInHookReceiver.start({
        secrets: wanted.secrets,
        preferredPort,
        onRecord: (record) => this.events.emit('hookDelivery', record),
        onError: (error) => this.#options.logger.warn('The hook receiver could not handle a request; it answered 500 and goes on.', { error }),
      });
      if (this.#receiver.port !== preferredPort) {
        await wanted.settings.savePort(this.#receiver.port);
        if (preferredPort !== null) this.#options.logger.warn(`The hook receiver's port ${preferredPort} was taken; it now listens on ${this.#receiver.port}. Hooks registered with the old address must be registered again.`);
      }
    } catch (error) {
      this.#options.logger.warn('The built-in hook receiver could not start; hooks can still call your own server.', { error });
    }
  }

  async close(): Promise<void> {
    const receiver = this.#receiver;
    this.#receiver = null;
    await receiver?.close();
  }

  async state(channelId: string): Promise<HooksState> {
    const api = await this.#options.platformApi();
    // The hook read answers 404 both for a missing channel and for "no hook": the channel is asked first.
    await explained(() => api.channels.get(channelId), { 404: CHANNEL_GONE });
    const receiverUrl = this.#receiverUrl();
    const hooks: HookRow[] = [];
    for (const event of HOOK_EVENTS) {
      const hook = await this.#withClientToken(() => api.hooks.get(channelId, event)).catch((error: unknown) => {
        if (error instanceof PlatformError && error.status === 404) return null;
        throw error;
      });
      hooks.push({ event, recipient: hook?.recipient ?? null, status: hook?.status ?? null, atReceiver: hook !== null && hook.recipient === receiverUrl });
    }
    return { channelId, receiverUrl, hooks };
  }

  async register(channelId: string, event: HookEventName, recipient: string): Promise<HooksState> {
    const api = await this.#options.platformApi();
    const receiver = this.#receiverUrl() === null ? null : this.#receiver;
    if (receiver && recipient === receiver.url) receiver.expectHandshake(channelId, event);
    else await receiver?.forget(channelId, event);
    await this.#withClientToken(() => api.hooks.register(channelId, event, recipient), {
      400: 'The platform refused this recipient. Give the full http(s) address of a server that answers the hook handshake.',
      404: CHANNEL_GONE,
    });
    return this.state(channelId);
  }

  async remove(channelId: string, event: HookEventName): Promise<HooksState> {
    const api = await this.#options.platformApi();
    await this.#withClientToken(() => api.hooks.remove(channelId, event)).catch((error: unknown) => {
      // Already gone (or the channel is): the state read below says which.
      if (!(error instanceof PlatformError && error.status === 404)) throw error;
    });
    await this.#receiver?.forget(channelId, event);
    return this.state(channelId);
  }

  deliveries(): HookDelivery[] {
    return this.#receiver?.records ?? [];
  }

  /** The receiver's address, offered only with the sandbox profile: a real platform cannot reach this computer. */
  #receiverUrl(): string | null {
    return this.#options.session.profileKind === 'sandbox' ? (this.#receiver?.url ?? null) : null;
  }

  /**
   * A client call: a refused client token is forgotten and the call tried once more with a fresh one; a
   * missing or still refused one is this profile's setup, never the user's sign-in.
   */
  async #withClientToken<T>(call: () => Promise<T>, messages: Partial<Record<number, string>> = {}): Promise<T> {
    const attempt = () => explained(call, messages);
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof SignInNeededError)) throw error;
      if (error.status === 401) {
        await this.#options.session.clientTokenRefused();
        try {
          return await attempt();
        } catch (again) {
          if (!(again instanceof SignInNeededError)) throw again;
        }
      }
      throw new CompanionError('client_sign_in_needed', CLIENT_CREDENTIALS_NEEDED);
    }
  }
}

/** Runs a platform call; a listed status gets its sentence, 403 always says whose channel it is; others pass as they are. */
function explained<T>(call: () => Promise<T>, messages: Partial<Record<number, string>>): Promise<T> {
  return explainPlatformError(call, { sentences: messages, notYours: NOT_YOURS });
}
