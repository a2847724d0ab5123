// What every endpoint file needs to shape a request the way the spec's conventions ask (part A,
// "Conventions that hold for every endpoint"): encoded path parameters, JSON answers (`.json` in every
// path: the XML body format is "not shown"), the token kind, and reading answers that are only headers.
import { COLLECTION_LIMIT_HEADER, COLLECTION_REMAINING_HEADER, headerCount, type CollectionCapacity } from '../collection-capacity.js';
import { malformedResponse } from '../malformed-response.js';
import type { PlatformCaller, PlatformRequest, PlatformResponse } from '../platform-request.js';
import { unspecifiedBody } from './schemas.js';

/** A path parameter as one path segment, whatever characters an identifier holds. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** For reads the spec allows without a token: public channels, videos, captions, chapters, playlists. */
export interface ReadOptions {
  /**
   * Send no token. Without it the signed-in user's token is sent, which a public read does not need but
   * which shows the owner more (protected and private data), and which fails with a sign-in prompt when
   * no one is signed in.
   */
  readonly anonymous?: boolean;
}

export function readAuth(options: ReadOptions | undefined): 'user' | 'none' {
  return options?.anonymous === true ? 'none' : 'user';
}

/** A call whose success body the spec does not define: anything that comes back is accepted and ignored. */
export async function send(caller: PlatformCaller, request: PlatformRequest): Promise<void> {
  await caller.call(request, unspecifiedBody);
}

/** An image sent as the request body (logo, channel picture, video thumbnail). */
export interface ImageFile {
  readonly data: Uint8Array;
  readonly contentType: `image/${string}`;
}

/**
 * An image as the raw request body with its content type, not as multipart: the spec names only a
 * "picture file" or "thumbnail file", and says of the logo that "the image is the request body". Sending
 * the same image again replaces it with itself, so a retry is safe.
 */
export async function sendImage(caller: PlatformCaller, method: 'POST' | 'PUT', path: string, endpoint: string, image: ImageFile): Promise<void> {
  await send(caller, { method, path, endpoint, body: { data: image.data, contentType: image.contentType }, idempotent: true });
}

/** Featured videos and playlists say how full they are in headers only (part B, Limits). */
export type { CollectionCapacity };

export function collectionCapacity(endpoint: string, response: PlatformResponse<unknown>): CollectionCapacity {
  const count = (name: string) => {
    const value = headerCount(response.headers, name);
    if (value === undefined) throw malformedResponse(endpoint, response.status, `a ${name} header that is not a count`);
    return value;
  };
  return { limit: count(COLLECTION_LIMIT_HEADER), remaining: count(COLLECTION_REMAINING_HEADER) };
}
