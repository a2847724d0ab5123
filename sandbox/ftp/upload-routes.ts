// Upload by FTP (spec part B): initialise and say ready; the status GET, shared with today's upload in parts,
// is sandbox/uploads-v2/upload-status-route.ts. Where the spec is silent:
// - success of the POST is 201, as the spec's other creations (channels, managers, chapters) answer;
// - `type` missing is 400 bad_request, any value but videoupload-ftp 400 invalid_value;
// - protect 0 is public and 1 private; anything else is 400 protect_level_invalid;
// - a PUT status other than `ready` is 400 invalid_value; a repeated `ready` is 202 and changes nothing;
// - both (and the status GET) need a token of the channel owner (part B: upload operations are owner-only), 401
//   invalid_token without one and 403 lack_of_ownership for another user, as the rest of part B.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import { optionalInteger, required, type RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Upload, VideoProtection } from '../state/model.js';
import { ownedChannel } from '../api/access.js';
import type { UploadService } from './upload-service.js';

const UPLOAD_TYPE = 'videoupload-ftp';
const PROTECT_LEVELS: Readonly<Record<number, VideoProtection>> = { 0: 'public', 1: 'private' };

export function registerUploadRoutes(router: Router, uploads: UploadService): void {
  router.post('/channels/:channel_id/uploads.:format', (context) => {
    const { channel } = ownedChannel(context, { unauthorized: 'invalid_token' });
    const type = required(context.query, 'type');
    if (type !== UPLOAD_TYPE) {
      throw new ApiError(400, 'invalid_value', `type must be ${UPLOAD_TYPE}, the one upload type this sandbox offers (got ${JSON.stringify(type)}).`);
    }
    const form = context.form();
    const level = optionalInteger(form, 'protect', 0, 'protect_level_invalid');
    const protect = PROTECT_LEVELS[level];
    if (!protect) throw new ApiError(400, 'protect_level_invalid', `protect must be 0 (public) or 1 (private) (got ${level}).`);
    return ok(uploads.init(channel, { title: form.get('title'), description: form.get('description'), protect }), 201);
  });

  router.put('/channels/:channel_id/uploads/:video_id.:format', (context) => {
    const upload = ownedUpload(context);
    const status = required(context.form(), 'status');
    if (status !== 'ready') throw new ApiError(400, 'invalid_value', `status must be ready: the one status a client sets (got ${JSON.stringify(status)}).`);
    uploads.ready(upload);
    return empty(202);
  });
}

function ownedUpload(context: RequestContext): Upload {
  const { channel } = ownedChannel(context, { unauthorized: 'invalid_token' });
  const videoId = context.params.video_id ?? '';
  const upload = context.store.upload(videoId);
  if (!upload || upload.channelId !== channel.id) throw notFound(`The upload ${videoId} on channel ${channel.id}`);
  return upload;
}
