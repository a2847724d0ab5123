// The platform's resources as zod schemas, from the field tables of docs/platform-api/part-a.md and
// part-b.md ("Resources and their fields"). The rules, for every schema here:
// - a field the spec makes conditional (a detail level, "present only when", "list only") is optional;
//   everything else is required, and whatever is present must have the spec's type;
// - objects are loose: a platform adds fields over time, and a new field must not break the app;
// - timestamps are integer Unix seconds (spec part A, conventions).
import { z } from 'zod';

const integer = z.number().int();
const timestamp = integer;
/** An empty JSON array: how the spec writes "no locks" and "password protected" (part A, Channel). */
const emptyArray = z.tuple([]);
/** `<width>x<height>` to URL. */
const pictureMap = z.record(z.string(), z.string());

/**
 * The body of a call whose success body the spec does not define (a bare 200/204, or "status code not
 * shown"): anything is accepted and nothing is read from it.
 */
export const unspecifiedBody = z.unknown();

// ---- Paging (part A "Channel list item"; part B list endpoints) ------------------------------------
// A list body without `paging` is read as its own only page (main/platform/paging.ts).

/** Channel list style: `{previous, actual, next}`, each `{href}`; the ends may be absent or null. */
const hrefLink = z.looseObject({ href: z.string() }).nullish();
export const hrefPagingSchema = z.looseObject({ previous: hrefLink, actual: hrefLink, next: hrefLink });

/** Part B style: `previous` and `next` URL strings (absent or null at the ends), and counts on some lists. */
export const urlPagingSchema = z.looseObject({
  previous: z.string().nullish(),
  next: z.string().nullish(),
  page_count: integer.optional(),
  item_count: integer.optional(),
});

// ---- Part A: channels ------------------------------------------------------------------------------

export const channelOwnerSchema = z.looseObject({ id: z.string(), username: z.string(), picture: z.string() });

/** "empty array when there are no locks; otherwise an object that may hold `hash` and `password`". */
export const channelLocksSchema = z.union([
  emptyArray,
  z.looseObject({
    hash: z
      .looseObject({ type: z.enum(['basic', 'advanced']), auth_method: z.enum(['twostepauth', 'samlsso', 'custom']).optional() })
      .optional(),
    password: emptyArray.optional(),
  }),
]);

/**
 * A channel at any detail level. The minimal level (asked for, or what a protected channel gives
 * without a token) "returns only id, title, picture, owner and locks", so the rest is optional.
 */
export const channelSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  picture: pictureMap,
  owner: channelOwnerSchema,
  locks: channelLocksSchema,
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  url: z.string().optional(),
  status: z.enum(['live', 'offair']).optional(),
  last_broadcast_at: timestamp.optional(),
  tinyurl: z.string().optional(),
  // `dhls` only with detail_level owner and when the account has the feature.
  stream: z.looseObject({ hls: z.string(), dhls: z.string().optional() }).optional(),
  // `viewer` only while live.
  stats: z.looseObject({ viewer_total: integer, viewer: integer.optional() }).optional(),
  thumbnail: z.looseObject({ live: z.string() }).optional(),
});
export const channelBody = z.looseObject({ channel: channelSchema });

export const createdChannelSchema = z.looseObject({ id: z.string(), title: z.string(), url: z.string(), tiny_url: z.string() });
export const createdChannelBody = z.looseObject({ channel: createdChannelSchema });

export const channelListItemSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  tiny_url: z.string(),
  status: z.enum(['online', 'offline']),
  // Only when asked with detail_level=broadcaster.
  broadcast_urls: z.array(z.string()).optional(),
  default: z.boolean().optional(),
  // Only while online.
  live_thumbnail: z.string().optional(),
  picture: pictureMap,
});
export const channelListBody = z.looseObject({ channels: z.array(channelListItemSchema), paging: hrefPagingSchema.optional() });

// ---- Part A: channel settings ----------------------------------------------------------------------

export const metadataValueSchema = z.looseObject({ field_id: z.string(), value: z.string() });
export const metadataValuesBody = z.looseObject({ metadata: z.array(metadataValueSchema) });
export const metadataDisplaySchema = z.looseObject({ channel_id: z.string(), field_id: z.string(), is_link: z.boolean() });
export const metadataDisplaysBody = z.looseObject({ metadata_displays: z.array(metadataDisplaySchema) });

export const devicePasswordSchema = z.looseObject({
  device_name: z.string(),
  user_name: z.string(),
  // Only in the creation response.
  password: z.string().optional(),
  // Only in the list.
  created_at: timestamp.optional(),
  valid_from: timestamp,
  valid_until: timestamp.nullable(),
});
export const createdDevicePasswordSchema = devicePasswordSchema.extend({ password: z.string() });
export const devicePasswordListBody = z.looseObject({ device_passwords: z.array(devicePasswordSchema), paging: urlPagingSchema.optional() });

export const passwordLockBody = z.looseObject({ enabled: z.boolean() });
/** Embed and page locks answer the strings `TRUE` / `FALSE` (part A, Security and viewer settings). */
export const lockStateBody = z.looseObject({ locked: z.enum(['TRUE', 'FALSE']).transform((value) => value === 'TRUE') });
export const allowedUrlsBody = z.looseObject({ allowed_urls: z.array(z.string()) });

export const backgroundSchema = z.looseObject({ color: z.string() });
export const backgroundBody = z.looseObject({ background: backgroundSchema });

export const managerSchema = z.looseObject({
  user_id: z.string(),
  email: z.string(),
  // OPTIONAL at creation, so a manager may have none.
  alias: z.string().optional(),
  active: z.boolean(),
  // "in get/list responses" only.
  channels: z.array(z.string()).optional(),
});
// "200, manager records" / "manager record": whether they come bare or under a key is not shown, so
// both are read.
export const managerListBody = z.union([z.looseObject({ managers: z.array(managerSchema) }).transform((body) => body.managers), z.array(managerSchema)]);
export const managerBody = z.union([z.looseObject({ manager: managerSchema }).transform((body) => body.manager), managerSchema]);

/** The recorder's video: `id` and its API resource `url`. */
export const recorderVideoSchema = z.looseObject({ id: z.string(), url: z.string() });
/**
 * `video` may be null: the spec gives the recorder "no direct feedback", and the sandbox answers
 * `{video: null}` when nothing was (or is being) recorded (docs/sandbox.md, Recorder).
 */
export const recorderBody = z.looseObject({ video: recorderVideoSchema.nullable() });
export const recordingLimitBody = z.looseObject({ time: integer });

/**
 * The ingest settings in either dialect, read into one shape: the spec's `{rtmp_urls, channel_key,
 * streaming_key}` (no TLS ingest), or today's `{ingest: {rtmp_url, rtmps_url, channel_key, streaming_key}}`
 * (docs/platform-api/current.md, "Ingest settings"); `rtmps_url` is null where none is offered.
 */
export const ingestSettingsSchema = z.union([
  z
    .looseObject({ ingest: z.looseObject({ rtmp_url: z.string(), rtmps_url: z.string().nullish(), channel_key: z.string(), streaming_key: z.string() }) })
    .transform(({ ingest }) => ({ rtmp_urls: [ingest.rtmp_url], rtmps_url: ingest.rtmps_url ?? null, channel_key: ingest.channel_key, streaming_key: ingest.streaming_key })),
  z
    .looseObject({ rtmp_urls: z.array(z.string()), channel_key: z.string(), streaming_key: z.string() })
    .transform((body) => ({ rtmp_urls: body.rtmp_urls, rtmps_url: null as string | null, channel_key: body.channel_key, streaming_key: body.streaming_key })),
]);
export const streamingKeyBody = z.looseObject({ streaming_key: z.string() });
export const channelKeyBody = z.looseObject({ channel_key: z.string() });

// ---- Part B: videos --------------------------------------------------------------------------------

export const captionMatchSchema = z.looseObject({ start_sec: z.number(), end_sec: z.number(), caption: z.string() });

/** A video at any detail level: "Minimal detail level returns only `id` and `links`". */
export const videoSchema = z.looseObject({
  id: z.string(),
  // `id` only in single-video and featured/playlist responses.
  links: z.looseObject({ channel: z.looseObject({ href: z.string(), id: z.string().optional() }) }),
  title: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
  /** Seconds, as a decimal string. */
  length: z.string().optional(),
  created_at: timestamp.optional(),
  added_at: timestamp.optional(),
  /** Bytes, as a string. */
  file_size: z.string().optional(),
  views: integer.optional(),
  thumbnail: z.looseObject({ default: z.string() }).optional(),
  // Not in the spec's field table, but the platform's video objects carry it; a value it does not list is left unknown.
  protect: z.enum(['public', 'private']).optional().catch(undefined),
  // Being deprecated (use the download resource).
  media_urls: z.looseObject({ flv: z.string().optional() }).optional(),
  // Only with detail_level owner when available to the account.
  stream: z.looseObject({ dhls: z.string() }).optional(),
  // Only when the list was searched with `q`.
  caption_matches: z.array(captionMatchSchema).optional(),
});
export const videoBody = z.looseObject({ video: videoSchema });
export const videoListBody = z.looseObject({ videos: z.array(videoSchema), paging: urlPagingSchema.optional() });

export const downloadableSchema = z.looseObject({
  download_url: z.string().nullable(),
  expires_at: timestamp.nullable(),
  status: z.enum(['available', 'unavailable', 'pending']),
});
export const downloadableBody = z.looseObject({ downloadable: downloadableSchema });

export const ftpUploadDetailsSchema = z.looseObject({
  protocol: z.string(),
  host: z.string(),
  port: integer,
  /** The base file name, without extension. */
  path: z.string(),
  user: z.string(),
  password: z.string(),
  videoId: z.string(),
  url: z.string(),
});
export const UPLOAD_STATUSES = ['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error'] as const;
export const uploadStatusBody = z.looseObject({ status: z.enum(UPLOAD_STATUSES) });

/** `expires_at` is present only when the rule is `at_given_time`. */
export const expirationSchema = z.looseObject({ rule: z.enum(['never', 'at_given_time']), expires_at: timestamp.optional() });
/** "200, expiration": bare or under `expiration`, the spec does not say. */
export const expirationBody = z.union([z.looseObject({ expiration: expirationSchema }).transform((body) => body.expiration), expirationSchema]);

export const trimSchema = z.looseObject({ start: integer, end: integer });
export const trimBody = z.looseObject({ trim: trimSchema });

export const copyRequestSchema = z.looseObject({ request_id: z.string(), status_url: z.string() });
/** `video_id` and `video_url` arrive once `is_finished` is true. */
export const copyStatusSchema = z.looseObject({ is_finished: z.boolean(), video_id: integer.optional(), video_url: z.string().optional() });

export const chapterSchema = z.looseObject({ id: z.string(), title: z.string(), position: z.number() });
export const chaptersBody = z.looseObject({ chapters: z.array(chapterSchema) });
export const chapterBody = z.looseObject({ chapter: chapterSchema });

export const labelSchema = z.looseObject({ label_id: integer, label_name: z.string(), label_color: z.string() });
/**
 * "Lists are objects keyed by label id", read as the list of labels. An empty list may come as `[]`,
 * the way the spec writes other empty collections (channel locks).
 */
const labelsById = z.union([emptyArray, z.record(z.string(), labelSchema)]).transform((labels) => Object.values(labels));
export const labelsBody = z.looseObject({ labels: labelsById });
/** The creation answer: a `label` object keyed by the new label's id, holding exactly that label. */
export const createdLabelBody = z.looseObject({
  label: z
    .record(z.string(), labelSchema)
    .refine((labels) => Object.keys(labels).length === 1, 'the created label object should hold exactly one label')
    .transform((labels) => Object.values(labels)[0]!),
});

export const captionSchema = z.looseObject({
  is_default: z.boolean(),
  is_visible: z.boolean(),
  language: z.string(),
  status: z.enum(['processing', 'active']),
  video_id: z.string(),
});
export const captionsBody = z.looseObject({ captions: z.array(captionSchema) });
export const captionBody = z.looseObject({ caption: captionSchema });
export const languageSchema = z.looseObject({ code: z.string(), name: z.string() });
export const languagesBody = z.looseObject({ languages: z.array(languageSchema) });

export const playlistSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  /** Seconds, as a string. */
  total_duration: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  // A user's playlist belongs to no channel.
  channel_id: integer.nullish(),
});
export const playlistBody = z.looseObject({ playlist: playlistSchema });
export const playlistListBody = z.looseObject({ playlists: z.array(playlistSchema), paging: urlPagingSchema.optional() });

/** The spec offers detail_level `minimal` for playlist videos without listing its fields: only `id` is certain. */
export const playlistVideoSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  number_of_thumbnails: integer.optional(),
  picture_revision: integer.optional(),
  channel_id: z.string().optional(),
  video_views: integer.optional(),
  thumbnail: z.string().optional(),
  created_at: timestamp.optional(),
  added_at: timestamp.optional(),
  order: integer.optional(),
});
export const playlistVideoBody = z.looseObject({ video: playlistVideoSchema });
export const playlistVideoListBody = z.looseObject({ videos: z.array(playlistVideoSchema), paging: urlPagingSchema.optional() });

export const upcomingEventSchema = z.looseObject({ id: z.string(), title: z.string(), description: z.string(), start: timestamp, duration: integer });
export const upcomingEventListBody = z.looseObject({ events: z.array(upcomingEventSchema), paging: urlPagingSchema.optional() });

export const hookSchema = z.looseObject({ recipient: z.string(), status: z.enum(['pending', 'active', 'suspended']) });

export const hashLockSchema = z.looseObject({
  type: z.enum(['basic', 'advanced']),
  url: z.string(),
  // The spec describes the advanced lock's display settings; a basic lock may lack them.
  message: z.string().nullable().optional(),
  button_caption: z.string().nullable().optional(),
  popup_width: z.string().optional(),
  popup_height: z.string().optional(),
});
// No lock set: `hashlock` null (the spec does not show that answer; the sandbox gives it, docs/sandbox.md).
export const hashLockBody = z.looseObject({ hashlock: hashLockSchema.nullable() });

/** "type: mixed; the allowed type values: not shown". */
const metadataFieldType = z.union([z.string(), z.number()]);
const metadataContentType = z.enum(['channel', 'video']);
export const metadataFieldChildSchema = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  content_type: metadataContentType,
  type: metadataFieldType,
  description: z.string().optional(),
  is_required: z.boolean(),
});
export const metadataFieldSchema = metadataFieldChildSchema.extend({
  // Named in the creation response.
  id: z.string().optional(),
  enum_items: z.array(z.looseObject({ item: z.string() })).optional(),
  children: z.array(metadataFieldChildSchema).optional(),
});
export const metadataFieldsBody = z.looseObject({ fields: z.array(metadataFieldSchema) });
const createdMetadataFieldSchema = metadataFieldSchema.extend({ id: z.string() });
/** "the field definition with `id`": bare or under `field`, the spec does not say. */
export const createdMetadataFieldBody = z.union([
  z.looseObject({ field: createdMetadataFieldSchema }).transform((body) => body.field),
  createdMetadataFieldSchema,
]);

// ---- The resource types, as the endpoint functions return them ------------------------------------

export type Channel = z.output<typeof channelSchema>;
export type ChannelLocks = z.output<typeof channelLocksSchema>;
export type CreatedChannel = z.output<typeof createdChannelSchema>;
export type ChannelListItem = z.output<typeof channelListItemSchema>;
export type MetadataValue = z.output<typeof metadataValueSchema>;
export type MetadataDisplay = z.output<typeof metadataDisplaySchema>;
export type DevicePassword = z.output<typeof devicePasswordSchema>;
export type CreatedDevicePassword = z.output<typeof createdDevicePasswordSchema>;
export type Background = z.output<typeof backgroundSchema>;
export type Manager = z.output<typeof managerSchema>;
export type RecorderVideo = z.output<typeof recorderVideoSchema>;
export type IngestSettings = z.output<typeof ingestSettingsSchema>;
export type Video = z.output<typeof videoSchema>;
export type Downloadable = z.output<typeof downloadableSchema>;
export type FtpUploadDetails = z.output<typeof ftpUploadDetailsSchema>;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export type Expiration = z.output<typeof expirationSchema>;
export type Trim = z.output<typeof trimSchema>;
export type CopyRequest = z.output<typeof copyRequestSchema>;
export type CopyStatus = z.output<typeof copyStatusSchema>;
export type Chapter = z.output<typeof chapterSchema>;
export type Label = z.output<typeof labelSchema>;
export type Caption = z.output<typeof captionSchema>;
export type Language = z.output<typeof languageSchema>;
export type Playlist = z.output<typeof playlistSchema>;
export type PlaylistVideo = z.output<typeof playlistVideoSchema>;
export type UpcomingEvent = z.output<typeof upcomingEventSchema>;
export type Hook = z.output<typeof hookSchema>;
export type HashLock = z.output<typeof hashLockSchema>;
export type MetadataField = z.output<typeof metadataFieldSchema>;
