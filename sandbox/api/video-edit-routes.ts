// Editing a video (spec part B, "Videos": PUT) and its expiration rule ("Video expiration"). Every row
// checks video (404), token (401), ownership (403 lack_of_ownership), then, for expiration, the
// account's permission (403 forbidden), then input (400). Choices are in docs/sandbox.md.
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Video, VideoProtection } from '../state/model.js';
import { videoExtraIfAny, videoExtraOf } from '../state/video-extras.js';
import { ownedVideo } from './access.js';

export const MAX_VIDEO_TITLE_LENGTH = 255;
export const MAX_VIDEO_DESCRIPTION_LENGTH = 5000;
const PROTECTIONS: readonly VideoProtection[] = ['public', 'private'];

export function registerVideoEditRoutes(router: Router): void {
  router.put('/videos/:video_id.:format', editVideo);
  router.get('/videos/:video_id/expiration.:format', getExpiration);
  router.put('/videos/:video_id/expiration.:format', setExpiration);
}

function invalidValue(reason: string): ApiError {
  return new ApiError(400, 'invalid_value', reason);
}

/** Every field is OPTIONAL (the later revision); a field sent is checked and changed, the others stay. */
function editVideo(context: RequestContext) {
  const { video } = ownedVideo(context);
  const form = context.form();
  const title = form.get('title');
  const description = form.get('description');
  const protect = form.get('protect');
  if (title !== null && (title.trim() === '' || title.length > MAX_VIDEO_TITLE_LENGTH)) {
    throw invalidValue(`title must be 1 to ${MAX_VIDEO_TITLE_LENGTH} characters, not only spaces.`);
  }
  if (description !== null && description.length > MAX_VIDEO_DESCRIPTION_LENGTH) throw invalidValue(`description must be at most ${MAX_VIDEO_DESCRIPTION_LENGTH} characters.`);
  if (protect !== null && !PROTECTIONS.includes(protect as VideoProtection)) throw invalidValue(`protect must be public or private (got ${JSON.stringify(protect)}).`);
  // Checked in full before anything changes, so a bad field changes nothing.
  if (title !== null) video.title = title.trim();
  if (description !== null) video.description = description;
  if (protect !== null) video.protect = protect as VideoProtection;
  context.store.changed();
  return empty(200);
}

/** The video, once the caller may manage its expiration: 403 forbidden without the account's permission. */
function expirationVideo(context: RequestContext): Video {
  const { video, plan } = ownedVideo(context);
  if (!plan.benefits.includes('video_expiration')) {
    throw new ApiError(403, 'forbidden', 'Expiration management is not enabled for this account (the video_expiration benefit).');
  }
  return video;
}

function getExpiration(context: RequestContext) {
  const video = expirationVideo(context);
  const rule = videoExtraIfAny(context.store.data, video.id).expiration ?? { rule: 'never' };
  return ok(rule.rule === 'never' ? { rule: 'never' } : { rule: rule.rule, expires_at: rule.expiresAt });
}

/** "PUT supports only `never`": it clears an expiration; `at_given_time` is as invalid as any other value. */
function setExpiration(context: RequestContext) {
  const video = expirationVideo(context);
  const rule = context.form().get('rule');
  if (rule === null || rule === '') throw new ApiError(400, 'bad_request', 'rule is required; only never is supported.');
  if (rule !== 'never') throw new ApiError(400, 'bad_request', `rule must be never, the only rule this call sets (got ${JSON.stringify(rule)}).`);
  videoExtraOf(context.store.data, video.id).expiration = { rule: 'never' };
  context.store.changed();
  return empty(200);
}
