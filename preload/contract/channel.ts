// The Channel panel: details, edit, delete, custom metadata fields and values.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { ChannelChoice, channelId, fieldId } from './common.js';

/** Part A "Channel operations": a title is REQUIRED on every edit; the spec gives no maximum (the sandbox's is 100). */
export const CHANNEL_LIMITS = { title: 100, description: 5000, tags: 50, tag: 100 } as const;

export const ChannelDetails = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** The channel's URL name. */
  url: z.string(),
  status: z.string(),
  /** The user's default channel (from the channel list; the spec has no call to change it). */
  isDefault: z.boolean(),
  /** Password protected: its metadata and details are for its owner only. */
  locked: z.boolean(),
  /** The owner's user name when the signed-in user manages this channel for them; null for the user's own. */
  managedFor: z.string().nullable(),
});
export type ChannelDetails = z.output<typeof ChannelDetails>;

export const ChannelEdit = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'the title is required')
    .max(CHANNEL_LIMITS.title)
    .refine((title) => ![...title].some((character) => character.charCodeAt(0) < 0x20), 'no control characters'),
  description: z.string().max(CHANNEL_LIMITS.description),
  tags: z
    .array(z.string().trim().min(1).max(CHANNEL_LIMITS.tag).refine((tag) => !tag.includes(','), 'a tag cannot hold a comma'))
    .max(CHANNEL_LIMITS.tags),
});
export type ChannelEdit = z.output<typeof ChannelEdit>;

export const MetadataContentType = z.enum(['channel', 'video']);
export type MetadataContentType = z.output<typeof MetadataContentType>;

export const MetadataField = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  contentType: MetadataContentType,
  type: z.string(),
  description: z.string(),
  isRequired: z.boolean(),
  enumItems: z.array(z.string()),
});
export type MetadataField = z.output<typeof MetadataField>;

/** The field types the app offers (the spec does not list the allowed values). */
export const METADATA_FIELD_TYPES = ['string', 'number', 'boolean', 'enum'] as const;

export const NewMetadataField = z
  .object({
    name: z.string().trim().regex(/^[a-z][a-z0-9_]{0,49}$/, 'a lowercase letter, then lowercase letters, digits or underscores (at most 50)'),
    displayName: z.string().trim().min(1, 'the display name is required').max(100),
    contentType: MetadataContentType,
    type: z.enum(METADATA_FIELD_TYPES),
    description: z.string().max(1000).optional(),
    isRequired: z.boolean(),
    enumItems: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  })
  .refine((field) => field.type !== 'enum' || (field.enumItems?.length ?? 0) > 0, 'an enum field needs at least one choice');
export type NewMetadataField = z.output<typeof NewMetadataField>;

export const ChannelMetadata = z.object({
  channelId: z.string(),
  values: z.array(z.object({ fieldId: z.string(), value: z.string() })),
  displays: z.array(z.object({ fieldId: z.string(), isLink: z.boolean() })),
});
export type ChannelMetadata = z.output<typeof ChannelMetadata>;

/** The Channel panel, served by the channel admin service. */
export const channelNamespace = defineNamespace({
  details: { args: z.tuple([channelId]), result: ChannelDetails },
  edit: { args: z.tuple([channelId, ChannelEdit]), result: ChannelDetails },
  /** `confirmTitle` must be the channel's title: a delete names what it deletes. */
  remove: { args: z.tuple([channelId, z.object({ confirmTitle: z.string() })]), result: z.array(ChannelChoice) },
  fields: { args: z.tuple([MetadataContentType]), result: z.array(MetadataField) },
  createField: { args: z.tuple([NewMetadataField]), result: MetadataField },
  deleteField: { args: z.tuple([fieldId]), result: z.null() },
  metadata: { args: z.tuple([channelId]), result: ChannelMetadata },
  setValue: { args: z.tuple([channelId, fieldId, z.string().min(1).max(1000)]), result: ChannelMetadata },
  removeValue: { args: z.tuple([channelId, fieldId]), result: ChannelMetadata },
  setDisplay: { args: z.tuple([channelId, fieldId, z.boolean()]), result: ChannelMetadata },
  removeDisplay: { args: z.tuple([channelId, fieldId]), result: ChannelMetadata },
});
