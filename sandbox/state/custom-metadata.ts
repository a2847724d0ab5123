// Custom metadata as the sandbox keeps it: field definitions (spec part B) belong to an account; a
// channel's values and display settings (spec part A) point at a definition by its id.

export type MetadataContentType = 'channel' | 'video';
/**
 * "the allowed type values: not shown": any type is accepted; values of these are checked (an `enum`
 * field needs enum_items, and enum_items restrict the values of any field). See docs/sandbox.md.
 */
export const CHECKED_FIELD_TYPES = ['number', 'boolean', 'enum'] as const;

export interface MetadataFieldDefinition {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
  readonly displayName: string;
  readonly contentType: MetadataContentType;
  readonly type: string;
  readonly description: string;
  readonly isRequired: boolean;
  readonly enumItems: string[];
}

export interface MetadataData {
  fields: MetadataFieldDefinition[];
  /** channel id → field id → value (values are kept as the strings they were sent as). */
  channelValues: Record<string, Record<string, string>>;
  /** channel id → field id → is_link. */
  channelDisplays: Record<string, Record<string, boolean>>;
  /** video id → field id → value (part B, "Video custom metadata values"); absent in older state files. */
  videoValues?: Record<string, Record<string, string>>;
  nextFieldId: number;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface MetadataHolder {
  metadata?: MetadataData;
}

/** The metadata part of the state; state files written before it existed get an empty one. */
export function metadataOf(data: MetadataHolder): MetadataData {
  data.metadata ??= { fields: [], channelValues: {}, channelDisplays: {}, nextFieldId: 7000 };
  return data.metadata;
}

/** Values of the videos' fields, made on first use. */
export function videoValuesOf(data: MetadataHolder): Record<string, Record<string, string>> {
  const metadata = metadataOf(data);
  metadata.videoValues ??= {};
  return metadata.videoValues;
}

/** Forgets a video's values (the video was deleted). */
export function forgetVideoMetadata(data: MetadataHolder, videoId: string): void {
  delete videoValuesOf(data)[videoId];
}

/** Forgets a channel's values and display settings (the channel was deleted). */
export function forgetChannelMetadata(data: MetadataHolder, channelId: string): void {
  const metadata = metadataOf(data);
  delete metadata.channelValues[channelId];
  delete metadata.channelDisplays[channelId];
}
