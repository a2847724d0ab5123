// What an external encoder needs to broadcast to a channel (spec part A, "Ingest keys for external
// encoders"; today's platform, docs/platform-api/current.md "Ingest settings"). These paths are `.json` in the
// spec itself, not `.<format>`.
import type { PlatformCaller } from '../platform-request.js';
import { segment } from './request-parts.js';
import { channelKeyBody, ingestSettingsSchema, streamingKeyBody, type IngestSettings } from './schemas.js';

export function ingestApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}`;
  return {
    /**
     * RTMP URLs, the TLS ingest's URL where the platform offers one (today's dialect), the permanent channel
     * key and the 10-minute streaming key (asking again extends it); either dialect's answer is read.
     */
    async get(channelId: string): Promise<IngestSettings> {
      const { body } = await caller.call({ method: 'GET', path: `${base(channelId)}/ingest.json`, endpoint: 'GET /channels/<channel_id>/ingest.json' }, ingestSettingsSchema);
      return body;
    },

    /** The temporary key: valid 10 minutes, extended by asking again within them. */
    async streamingKey(channelId: string): Promise<string> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/authorizations/broadcasting.json`, endpoint: 'GET /channels/<channel_id>/authorizations/broadcasting.json' },
        streamingKeyBody,
      );
      return body.streaming_key;
    },

    /** The permanent key. */
    async channelKey(channelId: string): Promise<string> {
      const { body } = await caller.call(
        {
          method: 'GET',
          path: `${base(channelId)}/authorizations/broadcasting/channel_key.json`,
          endpoint: 'GET /channels/<channel_id>/authorizations/broadcasting/channel_key.json',
        },
        channelKeyBody,
      );
      return body.channel_key;
    },
  };
}
