// Viewer authentication by a third-party flow, the hash lock (spec part B, "Viewer authentication
// (hash lock)"). The flow's response scheme (MD5 over the parameters and the shared secret) runs
// between the player and the client's own service, not through this API.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { hashLockBody, unspecifiedBody, type HashLock } from './schemas.js';

/**
 * The later revision of the spec, which is followed, lists only `url` and `secret` (an earlier one also
 * required message, button_caption, popup_width and popup_height).
 */
export interface HashLockSetting {
  /** The entry point of the authentication flow. */
  readonly url: string;
  /** The shared secret; the GET never returns it. */
  readonly secret: string;
}

export interface HashLockResult {
  /** True when no hash lock existed (201), false when one was replaced (204). */
  readonly created: boolean;
}

export function hashLockApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}/locks/hash`;
  return {
    async setAdvanced(channelId: string, setting: HashLockSetting): Promise<HashLockResult> {
      const { status } = await caller.call(
        { method: 'PUT', path: `${base(channelId)}/advanced.json`, form: { url: setting.url, secret: setting.secret }, endpoint: 'PUT /channels/<channel_id>/locks/hash/advanced.<format>' },
        unspecifiedBody,
      );
      return { created: status === 201 };
    },

    async setBasic(channelId: string, setting: HashLockSetting): Promise<HashLockResult> {
      const { status } = await caller.call(
        { method: 'PUT', path: `${base(channelId)}/basic.json`, form: { url: setting.url, secret: setting.secret }, endpoint: 'PUT /channels/<channel_id>/locks/hash/basic.<format>' },
        unspecifiedBody,
      );
      return { created: status === 201 };
    },

    /** Null when the channel has no hash lock. */
    async get(channelId: string): Promise<HashLock | null> {
      const { body } = await caller.call({ method: 'GET', path: `${base(channelId)}.json`, endpoint: 'GET /channels/<channel_id>/locks/hash.<format>' }, hashLockBody);
      return body.hashlock;
    },

    async remove(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(channelId)}.json`, endpoint: 'DELETE /channels/<channel_id>/locks/hash.<format>' });
    },
  };
}
