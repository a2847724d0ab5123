// Security and viewer settings of a channel (spec part A, "Security and viewer settings"): password
// protection, embed restriction and its allowed URLs, page lock, sharing, viewer-number hiding and
// multi-quality transcoding. The hash lock (viewer authentication) is in hash-lock.ts (part B).
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { allowedUrlsBody, lockStateBody, passwordLockBody } from './schemas.js';

/** The embed and page locks take and give the strings `TRUE` and `FALSE`. */
function lockFlag(locked: boolean): 'TRUE' | 'FALSE' {
  return locked ? 'TRUE' : 'FALSE';
}

/** The two locks read and set alike. */
type Lock = 'embed' | 'page';

/** The two viewer settings set alike, with a `value` flag. */
type ViewerFlag = 'hide-viewers' | 'multi-quality';

export function channelSecurityApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}`;
  const getLock = async (channelId: string, lock: Lock): Promise<boolean> => {
    const { body } = await caller.call(
      { method: 'GET', path: `${base(channelId)}/locks/${lock}.json`, endpoint: `GET /channels/<channel_id>/locks/${lock}.<format>` },
      lockStateBody,
    );
    return body.locked;
  };
  const setLock = async (channelId: string, lock: Lock, locked: boolean): Promise<void> => {
    await send(caller, { method: 'PUT', path: `${base(channelId)}/locks/${lock}.json`, form: { locked: lockFlag(locked) }, endpoint: `PUT /channels/<channel_id>/locks/${lock}.<format>` });
  };
  const setViewerFlag = async (channelId: string, setting: ViewerFlag, value: boolean): Promise<void> => {
    await send(caller, { method: 'PUT', path: `${base(channelId)}/settings/${setting}.json`, form: { value }, endpoint: `PUT /channels/<channel_id>/settings/${setting}.<format>` });
  };
  return {
    /** Whether password protection is enabled. */
    async getPasswordLock(channelId: string): Promise<boolean> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/locks/password.json`, endpoint: 'GET /channels/<channel_id>/locks/password.<format>' },
        passwordLockBody,
      );
      return body.enabled;
    },

    /** Sets the password and enables protection. */
    async setPassword(channelId: string, password: string): Promise<void> {
      await send(caller, { method: 'PUT', path: `${base(channelId)}/locks/password.json`, form: { password }, endpoint: 'PUT /channels/<channel_id>/locks/password.<format>' });
    },

    /** Removes the password and disables protection. */
    async removePassword(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(channelId)}/locks/password.json`, endpoint: 'DELETE /channels/<channel_id>/locks/password.<format>' });
    },

    /** Whether embedding is restricted (needs the embed_restriction benefit, else 402). */
    getEmbedLock(channelId: string): Promise<boolean> {
      return getLock(channelId, 'embed');
    },

    setEmbedLock(channelId: string, locked: boolean): Promise<void> {
      return setLock(channelId, 'embed', locked);
    },

    /** Where the channel may be embedded; empty while the embed lock is off. */
    async listEmbedAllowedUrls(channelId: string): Promise<string[]> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/locks/embed/allowed-urls.json`, endpoint: 'GET /channels/<channel_id>/locks/embed/allowed-urls.<format>' },
        allowedUrlsBody,
      );
      return body.allowed_urls;
    },

    /** One URL per call. */
    async addEmbedAllowedUrl(channelId: string, url: string): Promise<void> {
      await send(caller, {
        method: 'POST',
        path: `${base(channelId)}/locks/embed/allowed-urls.json`,
        form: { url },
        endpoint: 'POST /channels/<channel_id>/locks/embed/allowed-urls.<format>',
      });
    },

    /** Empties the list. */
    async clearEmbedAllowedUrls(channelId: string): Promise<void> {
      await send(caller, {
        method: 'DELETE',
        path: `${base(channelId)}/locks/embed/allowed-urls.json`,
        endpoint: 'DELETE /channels/<channel_id>/locks/embed/allowed-urls.<format>',
      });
    },

    /** Whether the channel is hidden on the service's own website (needs the page_lock benefit, else 402). */
    getPageLock(channelId: string): Promise<boolean> {
      return getLock(channelId, 'page');
    },

    setPageLock(channelId: string, locked: boolean): Promise<void> {
      return setLock(channelId, 'page', locked);
    },

    /** Turning sharing off removes the sharing feature from the viewer. */
    async setSharing(channelId: string, sharing: boolean): Promise<void> {
      await send(caller, { method: 'PUT', path: `${base(channelId)}/settings/viewer.json`, form: { sharing }, endpoint: 'PUT /channels/<channel_id>/settings/viewer.<format>' });
    },

    setHideViewers(channelId: string, hide: boolean): Promise<void> {
      return setViewerFlag(channelId, 'hide-viewers', hide);
    },

    /** Transcode the stream into several qualities. */
    setMultiQuality(channelId: string, enabled: boolean): Promise<void> {
      return setViewerFlag(channelId, 'multi-quality', enabled);
    },
  };
}
