// Today's platform's upload in parts (docs/platform-api/current.md, "Upload: HTTP in 1 MB parts"), for every
// client whatever its dialect. Where the platform's docs are silent (docs/sandbox.md, "Upload in parts"):
// - all three calls need a user who owns or manages the channel (part A rule 6, as the FTP flow): 404
//   not_found for no such channel, then 401 invalid_token without a valid token, then 403 lack_of_ownership;
// - 400 answers carry `hint`, a sentence saying what is wrong, beside `error` and `error_description`;
// - a repeated part replaces the bytes at its offset and answers 200 again; parts may come in any order;
// - a repeated `completed` answers 200 and changes nothing; `completed` with parts missing is a 400 naming
//   the first missing index;
// - while the operator's switch is on (PUT /_sandbox/uploads/server-error), the three answer 503 server_error.
import { ApiError, notFound } from '../http/api-error.js';
import { ok, type Reply } from '../http/reply.js';
import type { Handler, Router } from '../http/router.js';
import type { RequestContext } from '../http/request-context.js';
import { ownedChannel } from '../api/access.js';
import type { VideoProtection } from '../state/model.js';
import { findPartUpload, type PartUpload } from '../state/part-uploads.js';
import { formFields, multipartForm } from './form-fields.js';
import { badRequest, checkFileSize, UploadRejected, wholeNumber } from './part-rules.js';
import type { PartUploadService } from './part-upload-service.js';

const PROTECT_LEVELS: readonly VideoProtection[] = ['public', 'private'];

export function registerPartUploadRoutes(router: Router, uploads: PartUploadService): void {
  const guarded = (handler: Handler): Handler => async (context) => {
    if (uploads.serverError) throw new ApiError(503, 'server_error', 'The upload service is unavailable for now (the sandbox operator switched it off). Try again later.');
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof UploadRejected) return hinted(error);
      throw error;
    }
  };

  router.post(
    '/v2/channels/:channel_id/uploads.json',
    guarded((context) => {
      const { channel } = ownedChannel(context, { unauthorized: 'invalid_token' });
      const fields = formFields(context);
      const protect = fields.text('protect') ?? '';
      if (protect !== '' && !(PROTECT_LEVELS as readonly string[]).includes(protect)) {
        throw new UploadRejected(400, 'protect_level_invalid', `protect must be public or private (got ${JSON.stringify(protect)}).`);
      }
      const upload = uploads.create(channel, {
        title: nonEmpty(fields.text('title')),
        description: nonEmpty(fields.text('description')),
        protect: protect === '' ? 'public' : (protect as VideoProtection),
      });
      return ok({ videoId: Number(upload.videoId), uploadId: upload.uploadId }, 201);
    }),
  );

  router.post(
    '/v2/channels/:channel_id/uploads/:video_id/part.json',
    guarded(async (context) => {
      const upload = ownedPartUpload(context);
      const fields = multipartForm(context);
      checkUploadId(upload, fields.text('uploadId'));
      const totalFileSize = wholeNumber(fields.text('totalFileSize'), 'totalFileSize', 1);
      checkFileSize(totalFileSize);
      const part = {
        uploadId: upload.uploadId,
        partIndex: wholeNumber(fields.text('partIndex'), 'partIndex', 0),
        totalPartCount: wholeNumber(fields.text('totalPartCount'), 'totalPartCount', 1),
        totalFileSize,
        bytes: fields.bytes('file') ?? missingFile(),
      };
      const { replaced } = await uploads.putPart(upload, part);
      return ok({ partIndex: part.partIndex, partsHeld: upload.received.length, totalPartCount: upload.totalPartCount, replaced });
    }),
  );

  router.post(
    '/v2/channels/:channel_id/uploads/:video_id/completed.json',
    guarded((context) => {
      const upload = ownedPartUpload(context);
      checkUploadId(upload, formFields(context).text('uploadId'));
      uploads.complete(upload);
      return ok({ videoId: Number(upload.videoId), status: upload.status });
    }),
  );
}

/** The upload of `video_id` on a channel the caller owns or manages; 404 when there is none on that channel. */
function ownedPartUpload(context: RequestContext): PartUpload {
  const { channel } = ownedChannel(context, { unauthorized: 'invalid_token' });
  const videoId = context.params.video_id ?? '';
  const upload = findPartUpload(context.store.data, videoId);
  if (!upload || upload.channelId !== channel.id) throw notFound(`The upload ${videoId} on channel ${channel.id}`);
  return upload;
}

function checkUploadId(upload: PartUpload, given: string | null): void {
  if (given === null || given === '') throw badRequest('The field uploadId is missing; send the uploadId the creation of this upload answered.');
  if (given !== upload.uploadId) throw badRequest(`uploadId ${JSON.stringify(given)} is not the uploadId of the upload ${upload.videoId}; send the one its creation answered.`);
}

function missingFile(): never {
  throw badRequest("The field file is missing; send the part's bytes in a multipart field named file.");
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

function hinted(rejection: UploadRejected): Reply {
  return ok({ error: rejection.error, error_description: rejection.hint, hint: rejection.hint }, rejection.status);
}
