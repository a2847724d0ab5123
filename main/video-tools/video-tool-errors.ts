// The platform's refusals of a video tool, as sentences that say what to do. Every video tool row is
// "ownership-bound": a missing video is 404, another user's 403; each tool adds its own 400s.
import { CompanionError } from '../../preload/contract.js';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';

export const VIDEO_GONE = 'This video no longer exists (it may have been deleted). Go back to the list of videos and reload it.';
export const VIDEO_NOT_YOURS = 'This video is neither yours nor on a channel you actively manage, so the app cannot change it. Sign in as its owner, or choose one of your videos.';

/** A message for a `<status> <error>` pair or a status alone; a function gets the platform's own sentence. */
export type VideoToolMessages = Partial<Record<string | number, string | ((description: string | null) => string)>>;

/** Runs a platform call; a listed refusal gets its sentence, 403 and 404 the video's; others pass as they are. */
export async function explained<T>(call: () => Promise<T>, messages: VideoToolMessages = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlatformError) || error instanceof SignInNeededError) throw error;
    const message = messages[`${error.status} ${error.error ?? ''}`] ?? messages[error.status] ?? { 403: VIDEO_NOT_YOURS, 404: VIDEO_GONE }[error.status];
    if (message === undefined) throw error;
    throw new CompanionError(error.error ?? `http_${error.status}`, typeof message === 'function' ? message(error.description) : message);
  }
}
