// The platform's answers to channel and custom-metadata calls, as sentences that say what to do. Keyed by
// the spec row and then by `<status> <error>` or the bare status (the spec names some errors by status only).
import type { PlatformError } from '../../platform/platform-error.js';

const SENTENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'GET /channels/<channel_id>.<format>': {
    '404': 'This channel no longer exists. Choose another channel.',
    '401': 'This channel is locked. Sign in as its owner to see it.',
  },
  'PUT /channels/<channel_id>.<format>': {
    '400': 'The platform refused the title, description or tags. Give the channel a title (at most 100 characters, no line breaks) and try again.',
    '403': 'Only the channel\'s owner and its active managers can edit it. Sign in as one of them, or ask the owner to make the change (or to make you an active manager of the channel again).',
    '404': 'This channel no longer exists. Choose another channel.',
  },
  'DELETE /channels/<channel_id>.<format>': {
    '403': 'Only the channel\'s owner can delete it; its managers cannot. Sign in as the owner, or ask them to delete it.',
    '404': 'This channel was already deleted. Choose another channel.',
  },
  'GET /custom-metadata-fields.<format>': {
    '400': 'Say whether you want channel or video fields.',
  },
  'POST /custom-metadata-fields.<format>': {
    '400': 'The platform refused this field definition. Check the name (lowercase letters, digits, underscores; not already used), the display name and, for a choice field, its choices.',
  },
  'DELETE /custom-metadata-fields/<field_id>.<format>': {
    '404': 'This field no longer exists (perhaps it was deleted elsewhere). Reload the list of fields.',
  },
  'GET /channels/<channel_id>/custom-metadata.<format>': {
    '401': 'This channel is locked: sign in as its owner to see its metadata.',
    '404': 'This channel no longer exists. Choose another channel.',
  },
  'PUT /channels/<channel_id>/custom-metadata/<field_id>.<format>': {
    '400': 'The platform refused this value. Enter a value the field takes (a number, true or false, or one of its choices).',
    '403': 'Only the channel\'s owner and its active managers can set its metadata. Sign in as one of them, or ask the owner to make you an active manager of the channel again.',
    '404': 'The channel or the field no longer exists. Reload the fields and try again.',
  },
  'DELETE /channels/<channel_id>/custom-metadata/<field_id>.<format>': {
    '403': 'Only the channel\'s owner and its active managers can change its metadata. Sign in as one of them, or ask the owner to make you an active manager of the channel again.',
    '404': 'This value is not set (or the field was deleted). Reload the metadata.',
  },
  'PUT /channels/<channel_id>/custom-metadata-display/<field_id>.<format>': {
    '400': 'Say whether the value links to similar content (on or off).',
    '403': 'Only the channel\'s owner and its active managers can change its metadata display. Sign in as one of them, or ask the owner to make you an active manager of the channel again.',
    '404': 'The channel or the field no longer exists. Reload the fields and try again.',
  },
  'DELETE /channels/<channel_id>/custom-metadata-display/<field_id>.<format>': {
    '403': 'Only the channel\'s owner and its active managers can change its metadata display. Sign in as one of them, or ask the owner to make you an active manager of the channel again.',
    '404': 'This display setting is not set (or the field was deleted). Reload the metadata.',
  },
};

/** What to tell the streamer about this platform error, or null when it is not one of these rows. */
export function channelAdminAdvice(error: PlatformError): string | null {
  const row = SENTENCES[error.endpoint];
  if (!row) return null;
  return (error.error !== null ? row[`${error.status} ${error.error}`] : undefined) ?? row[String(error.status)] ?? null;
}
