// The platform's refusals of featured-list, playlist and event calls as sentences that say what to do; a
// full collection (413 `limit_reached`) says how full it is ("N of M") and what to take out first.
import type { CollectionCapacity } from '../../../preload/contract.js';
import { explainPlatformError } from '../../explain-platform-error.js';

export const CHANNEL_GONE = 'This channel no longer exists. Reload the list of channels.';
export const PLAYLIST_GONE = 'This playlist no longer exists; it may have been deleted elsewhere. Reload the list of playlists.';
const NOT_YOURS = 'The signed-in account may not change this: it is not yours (or no longer shared with you). Choose one of your own channels, playlists or videos.';

/** "3 of 10", or null when the platform did not say both numbers. */
export function fullness(capacity: CollectionCapacity): string | null {
  if (capacity.limit === null || capacity.remaining === null) return null;
  return `${Math.max(0, capacity.limit - capacity.remaining)} of ${capacity.limit}`;
}

export function featuredFull(capacity: CollectionCapacity): string {
  const held = fullness(capacity);
  return `The featured list is full${held === null ? '' : ` (${held} videos)`}, so nothing was changed. Remove a featured video first, then add this one.`;
}

export function playlistFull(capacity: CollectionCapacity): string {
  const held = fullness(capacity);
  return `This playlist is full${held === null ? '' : ` (${held} videos)`}, so the video was not added. Remove a video from it first, or put this one in another playlist.`;
}

export interface Explanations {
  /** The sentence for a 413 `limit_reached`, from what the headers said. */
  readonly full?: (capacity: CollectionCapacity) => string;
  /** Sentences by HTTP status; 403 falls back to NOT_YOURS. */
  readonly byStatus?: Partial<Record<number, string>>;
}

/** Runs a platform call; a refusal with a sentence here becomes a CompanionError, anything else passes as it is. */
export function explained<T>(call: () => Promise<T>, explanations: Explanations): Promise<T> {
  return explainPlatformError(call, { sentences: explanations.byStatus, notYours: NOT_YOURS, full: explanations.full });
}
