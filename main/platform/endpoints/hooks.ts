// Channel hooks (spec part B, "Channel hooks"): the platform calls a recipient URL when a channel goes
// live or offair or a video is created or deleted. Hooks are client-level resources: they take the
// application's client-credentials token, which user tokens cannot stand in for (part A,
// Authentication 5).
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { hookSchema, type Hook } from './schemas.js';

/** The event names of part B, "Events". */
export type HookEvent = 'channel.status.live' | 'channel.status.offair' | 'video.create' | 'video.deleted';

export function hooksApi(caller: PlatformCaller) {
  const path = (channelId: string, event: HookEvent) => `/channels/${segment(channelId)}/hooks/${segment(event)}.json`;
  return {
    /**
     * Registers `recipient` for the event. The hook stays inactive until the recipient echoes the
     * `X-Hook-Secret` of the platform's handshake.
     */
    async register(channelId: string, event: HookEvent, recipient: string): Promise<void> {
      await send(caller, { method: 'PUT', path: path(channelId, event), form: { recipient }, endpoint: 'PUT /channels/<channel_id>/hooks/<event>.<format>', auth: 'client' });
    },

    /** 404 when no hook is registered for the event. */
    async get(channelId: string, event: HookEvent): Promise<Hook> {
      const { body } = await caller.call({ method: 'GET', path: path(channelId, event), endpoint: 'GET /channels/<channel_id>/hooks/<event>.<format>', auth: 'client' }, hookSchema);
      return body;
    },

    async remove(channelId: string, event: HookEvent): Promise<void> {
      await send(caller, { method: 'DELETE', path: path(channelId, event), endpoint: 'DELETE /channels/<channel_id>/hooks/<event>.<format>', auth: 'client' });
    },
  };
}
