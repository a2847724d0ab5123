// Response shapes written from the spec's resource tables (Part A "Resources and their fields", Part B
// likewise). Only what the spec states is required; fields the spec makes conditional are optional here
// and checked where the condition holds.
import { expect } from 'vitest';
import { z } from 'zod';
import { describeResult, type HttpResult } from './http-client.js';

const integer = z.number().int();
const hex40 = z.string().regex(/^[0-9a-f]{40}$/i, '40-character hex');
/** `<width>x<height>` to URL. */
const pictureMap = z.record(z.string().regex(/^\d+x\d+$/, 'picture size <width>x<height>'), z.string());
const owner = z.object({ id: z.string(), username: z.string(), picture: z.string() });
/** Empty array without locks; otherwise an object that may hold `hash` and `password` (an empty array). */
const locks = z.union([
  z.array(z.never()).length(0),
  z.object({
    hash: z.object({ type: z.enum(['basic', 'advanced']), auth_method: z.enum(['twostepauth', 'samlsso', 'custom']).optional() }).optional(),
    password: z.array(z.never()).length(0).optional(),
  }),
]);

export const channelShape = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  url: z.string(),
  status: z.enum(['live', 'offair']),
  last_broadcast_at: integer,
  tinyurl: z.string(),
  stream: z.object({ hls: z.string(), dhls: z.string().optional() }),
  stats: z.object({ viewer_total: integer, viewer: integer.optional() }),
  thumbnail: z.object({ live: z.string() }),
  owner,
  picture: pictureMap,
  locks,
});

/** "Minimal detail level returns only id, title, picture, owner and locks." */
export const minimalChannelShape = z.strictObject({ id: z.string(), title: z.string(), picture: pictureMap, owner, locks });
export const MINIMAL_CHANNEL_KEYS = ['id', 'title', 'picture', 'owner', 'locks'];

export const channelCreationShape = z.object({ channel: z.object({ id: z.string(), title: z.string(), url: z.string(), tiny_url: z.string() }) });

export const channelListItemShape = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  tiny_url: z.string(),
  status: z.enum(['online', 'offline']),
  broadcast_urls: z.array(z.string()).optional(),
  default: z.boolean().optional(),
  live_thumbnail: z.string().optional(),
  picture: pictureMap,
});

const href = z.object({ href: z.string() });
export const channelListShape = z.object({
  channels: z.array(channelListItemShape),
  paging: z.object({ previous: href.optional(), actual: href, next: href.optional() }),
});

export const ingestShape = z.object({ rtmp_urls: z.array(z.string()), channel_key: z.string(), streaming_key: z.string() });

export const recorderResultShape = z.object({ video: z.object({ id: z.string(), url: z.string() }) });
export const recordingLimitShape = z.object({ time: integer });

export const videoShape = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  length: z.string().regex(/^\d+(\.\d+)?$/, 'decimal string'),
  created_at: integer,
  added_at: integer,
  file_size: z.string().regex(/^\d+$/, 'size in bytes as a string'),
  views: integer,
  thumbnail: z.object({ default: z.string() }),
  // being deprecated: not required
  media_urls: z.object({ flv: z.string() }).optional(),
  stream: z.object({ dhls: z.string().optional() }).optional(),
  links: z.object({ channel: z.object({ href: z.string(), id: z.string().optional() }) }),
});

/** "Minimal detail level returns only `id` and `links`." */
export const minimalVideoShape = z.strictObject({ id: z.string(), links: z.object({ channel: z.object({ href: z.string() }).loose() }) });

const pageUrl = z.string().nullable().optional();
export const videoListShape = z.object({ videos: z.array(videoShape), paging: z.object({ previous: pageUrl, next: pageUrl }) });

export const ftpDetailsShape = z.object({
  protocol: z.string(),
  host: z.string(),
  port: integer,
  path: z.string(),
  user: z.string(),
  password: z.string(),
  videoId: z.string(),
  url: z.string(),
});

export const UPLOAD_STATUSES = ['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error'] as const;
export const uploadStatusShape = z.object({ status: z.enum(UPLOAD_STATUSES) });

export const hookShape = z.object({ recipient: z.string(), status: z.enum(['pending', 'active', 'suspended']) });

export const bearerTokenResponseShape = z.object({ access_token: z.string(), expires_in: integer.optional(), token_type: z.literal('bearer') });
export const macTokenResponseShape = z.object({
  access_token: z.string(),
  expires_in: integer.optional(),
  token_type: z.literal('mac'),
  mac_key: z.string(),
  created_at: integer,
  mac_algorithm: z.literal('hmac-sha-1'),
});
export { hex40 };

/** Parses a JSON body with `shape`, failing the test with the response when it does not fit. */
export function bodyOf<T extends z.ZodType>(result: HttpResult, shape: T): z.infer<T> {
  const parsed = shape.safeParse(result.json);
  expect(parsed.success, `${parsed.error ? z.prettifyError(parsed.error) : ''}\n${describeResult(result)}`).toBe(true);
  return parsed.data as z.infer<T>;
}

/** Parses a plain value (a query-string result, say) with `shape`. */
export function valueOf<T extends z.ZodType>(value: unknown, shape: T, what: string): z.infer<T> {
  const parsed = shape.safeParse(value);
  expect(parsed.success, `${what}: ${parsed.error ? z.prettifyError(parsed.error) : ''}\n${JSON.stringify(value)}`).toBe(true);
  return parsed.data as z.infer<T>;
}
