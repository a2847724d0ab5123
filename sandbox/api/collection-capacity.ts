// How full a collection is (spec part B, Limits: "collection capacity: exposed in headers X-Collection-Limit
// and X-Collection-Remaining"; featured videos, playlists). The spec does not show the maximums: the
// sandbox's are small, so a client can reach them, and SandboxOptions.collectionLimits changes them.
import { ApiError } from '../http/api-error.js';

export interface CollectionLimits {
  /** Featured videos per channel. */
  readonly featuredVideos: number;
  /** Videos per playlist. */
  readonly playlistVideos: number;
}

export const DEFAULT_COLLECTION_LIMITS: CollectionLimits = { featuredVideos: 10, playlistVideos: 20 };

export function collectionLimits(overrides: Partial<CollectionLimits> = {}): CollectionLimits {
  const limits = { ...DEFAULT_COLLECTION_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`collectionLimits.${name} must be a whole number of 1 or more (got ${value}).`);
  }
  return limits;
}

export function capacityHeaders(limit: number, count: number): Record<string, string> {
  return { 'X-Collection-Limit': String(limit), 'X-Collection-Remaining': String(Math.max(0, limit - count)) };
}

/** 413 limit_reached, with the headers that tell the client how full the collection is. */
export function limitReached(what: string, limit: number, count: number): ApiError {
  return new ApiError(413, 'limit_reached', `${what} holds at most ${limit} videos.`, capacityHeaders(limit, count));
}
