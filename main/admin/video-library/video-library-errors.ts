// The platform's answers to the video, download, expiration and metadata-value calls, as sentences that say
// what to do. Keyed by the spec row and then by `<status> <error>` or the bare status.
import type { PlatformError } from '../../platform/platform-error.js';
import { explainPlatformError } from '../../explain-platform-error.js';

const VIDEO_GONE = 'This video no longer exists (perhaps it was deleted elsewhere). Reload the list.';
const NOT_YOURS = 'This video is neither yours nor on a channel you actively manage, so the app cannot change it. Sign in as its owner.';

const SENTENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'GET /channels/<channel_id>/videos.<format>': {
    '404': 'This channel no longer exists. Choose another channel or "All my videos".',
    '400': 'The platform refused this search or sort. Clear the search words and try again.',
  },
  'GET /users/self/videos.<format>': {
    '400': 'The platform refused this search or sort. Clear the search words and try again.',
  },
  'GET /videos/<video_id>.<format>': { '404': VIDEO_GONE },
  'PUT /videos/<video_id>.<format>': {
    '400': `The platform refused the change. Give a title of 1 to ${255} characters on one line and a description of at most 5000 characters.`,
    '403': NOT_YOURS,
    '404': VIDEO_GONE,
  },
  'DELETE /videos/<video_id>.<format>': {
    '403': 'This video is not yours, so the app cannot delete it. Sign in as its owner.',
    '404': 'This video was already deleted. Reload the list.',
  },
  'GET /videos/<video_id>/downloadable/<video_format>.<format>': { '403': 'Only the owner of a video can download it. Sign in as its owner.', '404': VIDEO_GONE },
  'POST /videos/<video_id>/downloadable/<video_format>.<format>': { '403': 'Only the owner of a video can download it. Sign in as its owner.', '404': VIDEO_GONE },
  'GET /videos/<video_id>/expiration.<format>': {
    '403 forbidden': 'Expiration is turned off for your account (or on the platform), so the app cannot show or change it. Ask the platform to enable video expiration for your plan.',
    '403': NOT_YOURS,
    '404': VIDEO_GONE,
  },
  'PUT /videos/<video_id>/expiration.<format>': {
    '403 forbidden': 'Expiration is turned off for your account (or on the platform), so the app cannot change it. Ask the platform to enable video expiration for your plan.',
    '400': 'The platform only lets an expiration be removed (rule "never"); it refused this one. Reload the expiration and try again.',
    '403': NOT_YOURS,
    '404': VIDEO_GONE,
  },
  'GET /videos/<video_id>/custom-metadata.<format>': { '404': VIDEO_GONE },
  'PUT /videos/<video_id>/custom-metadata/<field_id>.<format>': {
    '400': 'The platform refused this value. Enter a value the field takes (a number, true or false, or one of its choices).',
    '403': NOT_YOURS,
    '404': 'The video or the field no longer exists. Reload the metadata and try again.',
  },
  'DELETE /videos/<video_id>/custom-metadata/<field_id>.<format>': {
    '403': NOT_YOURS,
    '404': 'This value is not set (or the field or video was deleted). Reload the metadata.',
  },
};

/** The code the renderer reads to show an expiration refusal as a note about the account, not a failure. */
export const EXPIRATION_FORBIDDEN = 'expiration_forbidden';

/**
 * Runs a platform call; a known refusal becomes a CompanionError with its sentence. Sign-in prompts, plan
 * limits (402) and anything unknown pass on as they are (main/companion-errors.ts words them).
 */
export function explained<T>(call: () => Promise<T>): Promise<T> {
  return explainPlatformError(call, (error) => ({ sentences: SENTENCES[error.endpoint], code: expirationForbidden }));
}

/** The expiration rows' 403 `forbidden` is a note about the account (see EXPIRATION_FORBIDDEN). */
function expirationForbidden(error: PlatformError): string | null {
  return error.status === 403 && error.error === 'forbidden' && error.endpoint.includes('/expiration.') ? EXPIRATION_FORBIDDEN : null;
}
