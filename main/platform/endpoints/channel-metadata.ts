// Channel custom metadata values and their display settings (spec part A, "Channel custom metadata
// values"). The field definitions themselves are in metadata-fields.ts (part B).
import type { PlatformCaller } from '../platform-request.js';
import { readAuth, segment, send, type ReadOptions } from './request-parts.js';
import { metadataDisplaysBody, metadataValuesBody, type MetadataDisplay, type MetadataValue } from './schemas.js';

/** The spec types a metadata value as "mixed". */
export type MetadataInput = string | number | boolean;

export function channelMetadataApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}`;
  return {
    /** Public unless the channel is locked (then 401 without the owner's token). */
    async list(channelId: string, options: ReadOptions = {}): Promise<MetadataValue[]> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/custom-metadata.json`, endpoint: 'GET /channels/<channel_id>/custom-metadata.<format>', auth: readAuth(options) },
        metadataValuesBody,
      );
      return body.metadata;
    },

    async set(channelId: string, fieldId: string, value: MetadataInput): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `${base(channelId)}/custom-metadata/${segment(fieldId)}.json`,
        form: { value },
        endpoint: 'PUT /channels/<channel_id>/custom-metadata/<field_id>.<format>',
      });
    },

    async remove(channelId: string, fieldId: string): Promise<void> {
      await send(caller, {
        method: 'DELETE',
        path: `${base(channelId)}/custom-metadata/${segment(fieldId)}.json`,
        endpoint: 'DELETE /channels/<channel_id>/custom-metadata/<field_id>.<format>',
      });
    },

    async listDisplays(channelId: string): Promise<MetadataDisplay[]> {
      const { body } = await caller.call(
        { method: 'GET', path: `${base(channelId)}/custom-metadata-display.json`, endpoint: 'GET /channels/<channel_id>/custom-metadata-display.<format>' },
        metadataDisplaysBody,
      );
      return body.metadata_displays;
    },

    /** `isLink`: the value links to a list of similar content. */
    async setDisplay(channelId: string, fieldId: string, isLink: boolean): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `${base(channelId)}/custom-metadata-display/${segment(fieldId)}.json`,
        form: { is_link: isLink },
        endpoint: 'PUT /channels/<channel_id>/custom-metadata-display/<field_id>.<format>',
      });
    },

    async removeDisplay(channelId: string, fieldId: string): Promise<void> {
      await send(caller, {
        method: 'DELETE',
        path: `${base(channelId)}/custom-metadata-display/${segment(fieldId)}.json`,
        endpoint: 'DELETE /channels/<channel_id>/custom-metadata-display/<field_id>.<format>',
      });
    },
  };
}
