// What an operator can do to the sandbox that the platform's API does not offer: revoke or expire a
// token (as a user would on the website), switch an account's plan benefits, look at the state.
import { BENEFITS, type Benefit } from './state/model.js';
import type { SandboxStore } from './state/sandbox-store.js';
import { nowSeconds } from './state/random.js';
import type { DeliveryRecord, HookDispatcher } from './hooks/hook-dispatcher.js';
import { forceTokenServerError } from './auth/token-endpoint.js';
import { scheduleEvent, type UpcomingEvent } from './state/upcoming-events.js';
import { forceIngestUnavailable } from './live/live-routes.js';

export interface SandboxAdmin {
  /** As if the user revoked the app on the platform's website. */
  revokeToken(accessToken: string): boolean;
  /** As if the token's lifetime had run out. */
  expireToken(accessToken: string): boolean;
  setBenefits(username: string, benefits: readonly Benefit[]): void;
  /** Makes the token endpoint answer 503 server_error until switched off, as an overloaded platform would. */
  forceTokenServerError(on: boolean): void;
  /** Puts an event in a channel's upcoming events: the spec has no call that schedules one. */
  scheduleEvent(channelId: string, event: { title: string; description?: string; start: number; duration: number }): UpcomingEvent;
  /** Hook handshakes and deliveries sent lately, newest last. */
  hookLog(): readonly DeliveryRecord[];
  /** As if the RTMP ingest server crashed: its host ends and is restarted. False when none runs (yet). */
  crashIngest(): boolean;
  /**
   * As if the platform's TLS ingest went down: it stops listening and drops its connections, until the
   * sandbox restarts. False when it is already stopped (or not running yet).
   */
  stopTlsIngest(): Promise<boolean>;
  /** Makes the ingest settings answer 503 until switched off, as when the platform's ingest service is down. */
  forceIngestUnavailable(on: boolean): void;
  readonly store: SandboxStore;
}

export function createAdmin(
  store: SandboxStore,
  hooks: HookDispatcher,
  ingest: () => { crashHost(): boolean } | null,
  tlsIngest: () => { stop(): Promise<boolean> } | null,
): SandboxAdmin {
  return {
    store,
    crashIngest: () => ingest()?.crashHost() ?? false,
    stopTlsIngest: async () => (await tlsIngest()?.stop()) ?? false,
    forceIngestUnavailable: (on) => forceIngestUnavailable(store, on),
    hookLog: () => hooks.log,
    forceTokenServerError: (on) => forceTokenServerError(store, on),
    revokeToken(accessToken) {
      const token = store.token(accessToken);
      if (!token) return false;
      token.revoked = true;
      store.changed();
      return true;
    },
    expireToken(accessToken) {
      const token = store.token(accessToken);
      if (!token) return false;
      (token as { expiresAt: number | null }).expiresAt = nowSeconds() - 1;
      store.changed();
      return true;
    },
    scheduleEvent(channelId, event) {
      if (!store.channel(channelId)) throw new Error(`There is no sandbox channel ${channelId}.`);
      const scheduled = scheduleEvent(store.data, { channelId, title: event.title, description: event.description ?? '', start: event.start, duration: event.duration });
      store.changed();
      return scheduled;
    },
    setBenefits(username, benefits) {
      const account = store.accountByUsername(username);
      if (!account) throw new Error(`There is no sandbox account called ${username}.`);
      const unknown = benefits.filter((benefit) => !BENEFITS.includes(benefit));
      if (unknown.length > 0) throw new Error(`Unknown benefits: ${unknown.join(', ')} (known: ${BENEFITS.join(', ')}).`);
      account.benefits = [...benefits];
      store.changed();
    },
  };
}
