// The platform's refusals of a video tool, as sentences that say what to do. Every video tool row is
// "ownership-bound": a missing video is 404, another user's 403; each tool adds its own 400s.
import { explainPlatformError, type Sentence } from '../../explain-platform-error.js';

export const VIDEO_GONE = 'This video no longer exists (it may have been deleted). Go back to the list of videos and reload it.';
export const VIDEO_NOT_YOURS = 'This video is neither yours nor on a channel you actively manage, so the app cannot change it. Sign in as its owner, or choose one of your videos.';

/** A message for a `<status> <error>` pair or a status alone; a function gets the platform's own sentence. */
export type VideoToolMessages = Partial<Record<string | number, Sentence>>;

/** Runs a platform call; a listed refusal gets its sentence, 403 and 404 the video's; others pass as they are. */
export function explained<T>(call: () => Promise<T>, messages: VideoToolMessages = {}): Promise<T> {
  return explainPlatformError(call, { sentences: messages, notYours: VIDEO_NOT_YOURS, gone: VIDEO_GONE });
}
