// GET /channels/{channel_id}/uploads/{video_id}.<format>: the status of an upload, whichever way its file
// came (FTP, spec part B; or HTTP parts, today's platform), as `{status, progress}`. `progress` is today's
// integer percentage of transcoding; an FTP upload has no finer progress than its status, so it reads 0
// until complete and 100 then. Part B's clients read `status` and ignore the extra field.
import { notFound } from '../http/api-error.js';
import { ok } from '../http/reply.js';
import type { Router } from '../http/router.js';
import { ownedChannel } from '../api/access.js';
import { findPartUpload } from '../state/part-uploads.js';

export function registerUploadStatusRoute(router: Router): void {
  router.get('/channels/:channel_id/uploads/:video_id.:format', (context) => {
    const { channel } = ownedChannel(context, { unauthorized: 'invalid_token' });
    const videoId = context.params.video_id ?? '';
    const inParts = findPartUpload(context.store.data, videoId);
    if (inParts?.channelId === channel.id) return ok({ status: inParts.status, progress: inParts.progress });
    const byFtp = context.store.upload(videoId);
    if (byFtp?.channelId === channel.id) return ok({ status: byFtp.status, progress: byFtp.status === 'complete' ? 100 : 0 });
    throw notFound(`The upload ${videoId} on channel ${channel.id}`);
  });
}
