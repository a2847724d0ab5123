// Video custom metadata values (spec part B, "Video custom metadata values"). The field definitions
// are in metadata-fields.ts.
import type { PlatformCaller } from '../platform-request.js';
import type { MetadataInput } from './channel-metadata.js';
import { segment, send } from './request-parts.js';
import { metadataValuesBody, type MetadataValue } from './schemas.js';

export function videoMetadataApi(caller: PlatformCaller) {
  const fieldPath = (videoId: string, fieldId: string) => `/videos/${segment(videoId)}/custom-metadata/${segment(fieldId)}.json`;
  return {
    async list(videoId: string): Promise<MetadataValue[]> {
      const { body } = await caller.call(
        { method: 'GET', path: `/videos/${segment(videoId)}/custom-metadata.json`, endpoint: 'GET /videos/<video_id>/custom-metadata.<format>' },
        metadataValuesBody,
      );
      return body.metadata;
    },

    async set(videoId: string, fieldId: string, value: MetadataInput): Promise<void> {
      await send(caller, { method: 'PUT', path: fieldPath(videoId, fieldId), form: { value }, endpoint: 'PUT /videos/<video_id>/custom-metadata/<field_id>.<format>' });
    },

    async remove(videoId: string, fieldId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: fieldPath(videoId, fieldId), endpoint: 'DELETE /videos/<video_id>/custom-metadata/<field_id>.<format>' });
    },
  };
}
