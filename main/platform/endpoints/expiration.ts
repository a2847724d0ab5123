// Video expiration (spec part B, "Video expiration").
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { expirationBody, type Expiration } from './schemas.js';

export function expirationApi(caller: PlatformCaller) {
  const path = (videoId: string) => `/videos/${segment(videoId)}/expiration.json`;
  return {
    async get(videoId: string): Promise<Expiration> {
      const { body } = await caller.call({ method: 'GET', path: path(videoId), endpoint: 'GET /videos/<video_id>/expiration.<format>' }, expirationBody);
      return body;
    },

    /** "only `never` is supported" by the PUT: the one thing a client can do is clear an expiration. */
    async setRule(videoId: string, rule: 'never'): Promise<void> {
      await send(caller, { method: 'PUT', path: path(videoId), form: { rule }, endpoint: 'PUT /videos/<video_id>/expiration.<format>' });
    },
  };
}
