// Custom metadata field definitions for channels and videos (spec part B, "Custom metadata field
// definitions"). The values live in channel-metadata.ts and video-metadata.ts.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send } from './request-parts.js';
import { createdMetadataFieldBody, metadataFieldsBody, type MetadataField } from './schemas.js';

export type MetadataContentType = 'channel' | 'video';

export interface MetadataFieldDefinition {
  readonly name: string;
  readonly displayName: string;
  readonly contentType: MetadataContentType;
  /** "type mixed; the allowed type values: not shown". */
  readonly type: string;
  readonly description?: string;
  readonly isRequired: boolean;
  /** The choices of an enumerated field, sent as `enum_items[]` entries. */
  readonly enumItems?: readonly string[];
}

export function metadataFieldsApi(caller: PlatformCaller) {
  return {
    /** The definitions for channels or for videos (`filter[type]` is REQUIRED). */
    async list(contentType: MetadataContentType): Promise<MetadataField[]> {
      const { body } = await caller.call(
        { method: 'GET', path: '/custom-metadata-fields.json', query: { 'filter[type]': contentType }, endpoint: 'GET /custom-metadata-fields.<format>' },
        metadataFieldsBody,
      );
      return body.fields;
    },

    async create(definition: MetadataFieldDefinition): Promise<MetadataField & { id: string }> {
      const { body } = await caller.call(
        {
          method: 'POST',
          path: '/custom-metadata-fields.json',
          form: {
            name: definition.name,
            display_name: definition.displayName,
            content_type: definition.contentType,
            type: definition.type,
            description: definition.description,
            is_required: definition.isRequired,
            enum_items: definition.enumItems,
          },
          endpoint: 'POST /custom-metadata-fields.<format>',
        },
        createdMetadataFieldBody,
      );
      return body;
    },

    async remove(fieldId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `/custom-metadata-fields/${segment(fieldId)}.json`, endpoint: 'DELETE /custom-metadata-fields/<field_id>.<format>' });
    },
  };
}
