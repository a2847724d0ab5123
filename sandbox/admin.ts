// What an operator can do to the sandbox that the platform's API does not offer: revoke or expire a
// token (as a user would on the website), switch an account's plan benefits, tighten the rate limits,
// look at the state.
import { BENEFITS, type Benefit } from './state/model.js';
import type { SandboxStore } from './state/sandbox-store.js';
import { nowSeconds } from './state/random.js';
import type { DeliveryRecord, HookDispatcher } from './hooks/hook-dispatcher.js';
import { forceTokenServerError } from './auth/token-endpoint.js';
import { scheduleEvent, type UpcomingEvent } from './state/upcoming-events.js';
import type { RateLimitBudget, RateLimiter } from './http/rate-limiter.js';
import { partUploadsOf } from './state/part-uploads.js';
import type { PartUploadService, UploadInspection } from './uploads-v2/part-upload-service.js';

/** What carries one title: uploads in parts and videos, so a test can prove "one file, one video". */
export interface TitleCount {
  readonly uploads: readonly { readonly videoId: string; readonly channelId: string; readonly status: string; readonly partsHeld: number }[];
  readonly videos: readonly { readonly id: string; readonly channelId: string; readonly fileSize: number }[];
}
import { forceIngestUnavailable } from './live/live-routes.js';

export interface SandboxAdmin {
  /** As if the user revoked the app on the platform's website. */
  revokeToken(accessToken: string): boolean;
  /** As if the token's lifetime had run out. */
  expireToken(accessToken: string): boolean;
  /**
   * As if a day had passed for the user: every access token of theirs still alive expires now (refresh tokens
   * stay good), so a client's refresh path can be tried without waiting. The number expired; null when
   * there is no such user.
   */
  expireUserAccessTokens(username: string): number | null;
  setBenefits(username: string, benefits: readonly Benefit[]): void;
  /** Makes the token endpoint answer 503 server_error until switched off, as an overloaded platform would. */
  forceTokenServerError(on: boolean): void;
  /** Puts an event in a channel's upcoming events: the spec has no call that schedules one. */
  scheduleEvent(channelId: string, event: { title: string; description?: string; start: number; duration: number }): UpcomingEvent;
  /** Hook handshakes and deliveries sent lately, newest last. */
  hookLog(): readonly DeliveryRecord[];
  /** As if the RTMP ingest server crashed: its host ends and is restarted. False when none runs (yet). */
  crashIngest(): boolean;
  /** Makes the /v2 upload calls answer 503 server_error until switched off. */
  forceUploadServerError(on: boolean): void;
  /** An upload in parts as the sandbox holds it: its assembled file's path, size and SHA-256; null when there is none. */
  inspectUpload(videoId: string): Promise<UploadInspection | null>;
  /** The uploads in parts and the videos with this title. */
  titled(title: string): TitleCount;
  /** The API's budget per caller and endpoint from now on; every counter starts again. Throws RangeError for a budget out of range. */
  setRateLimit(budget: RateLimitBudget): void;
  /** The API's budget now. */
  rateLimit(): RateLimitBudget;
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
  partUploads: PartUploadService,
  rateLimits: RateLimiter,
): SandboxAdmin {
  return {
    store,
    setRateLimit: (budget) => rateLimits.setBudget(budget),
    rateLimit: () => rateLimits.budget,
    forceUploadServerError: (on) => {
      partUploads.serverError = on;
    },
    inspectUpload: (videoId) => partUploads.inspect(videoId),
    titled: (title) => ({
      uploads: partUploadsOf(store.data)
        .uploads.filter((upload) => upload.title === title)
        .map((upload) => ({ videoId: upload.videoId, channelId: upload.channelId, status: upload.status, partsHeld: upload.received.length })),
      videos: store.data.videos.filter((video) => video.title === title).map((video) => ({ id: video.id, channelId: video.channelId, fileSize: video.fileSize })),
    }),
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
    expireUserAccessTokens(username) {
      const account = store.accountByUsername(username);
      if (!account) return null;
      const now = nowSeconds();
      const alive = store.data.tokens.filter((token) => token.userId === account.id && !token.revoked && (token.expiresAt === null || token.expiresAt > now));
      for (const token of alive) (token as { expiresAt: number | null }).expiresAt = now - 1;
      store.changed();
      return alive.length;
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
