// A video's thumbnail, trim and partial copies (spec part B, "Thumbnail, trim, copy"). The rows list few
// errors; these are "ownership-bound video operations", so each checks video (404), token (401) and
// ownership (403 lack_of_ownership) first, and bad input is 400 bad_request. Choices are in docs/sandbox.md.
import { createHash } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.js';
import { multipartBoundary, parseMultipart } from '../http/multipart.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { CopyService } from '../media/copy-service.js';
import type { Video } from '../state/model.js';
import { videoExtraIfAny, videoExtraOf } from '../state/video-extras.js';
import { ownedVideo, requireToken } from './access.js';
import { IMAGE_CONTENT_TYPES, readImageHeader } from './image-header.js';
import { MAX_VIDEO_DESCRIPTION_LENGTH, MAX_VIDEO_TITLE_LENGTH } from './video-edit-routes.js';
import { webAddresses } from './web-addresses.js';

/** "under 10 MB": 10 MB read as 10,000,000 bytes, as the channel picture's 1 MB is. */
export const MAX_THUMBNAIL_BYTES = 10_000_000;
/** "smaller than 4000x4000 px": each side under 4000. */
export const MAX_THUMBNAIL_SIDE = 3999;
/** "minimum trim length 10 seconds", and the same for a copy. */
export const MIN_PART_SECONDS = 10;

export function registerVideoMediaRoutes(router: Router, copies: CopyService): void {
  router.post('/videos/:video_id/thumbnail.:format', uploadThumbnail);
  router.get('/videos/:video_id/thumbnail.:format', getThumbnail);
  router.post('/videos/:video_id/thumbnail/frame.:format', pickFrame);
  router.put('/videos/:video_id/trim.:format', setTrim);
  router.get('/videos/:video_id/trim.:format', getTrim);
  router.delete('/videos/:video_id/trim.:format', removeTrim);
  router.post('/videos/:video_id/copy.:format', (context) => startCopy(context, copies));
  router.get('/videos-copy-status/:request_id.:format', (context) => copyStatus(context, copies));
}

function badRequest(reason: string): ApiError {
  return new ApiError(400, 'bad_request', reason);
}

/** The thumbnail's bytes and declared type: a multipart field `thumbnail` (or the only file part), or the raw body. */
function thumbnailFile(context: RequestContext): { data: Buffer; type: string } {
  const contentType = context.headers['content-type'];
  const boundary = multipartBoundary(contentType);
  if (boundary === null) return { data: context.body, type: (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '' };
  const parts = parseMultipart(context.body, boundary) ?? [];
  const part = parts.find((candidate) => candidate.name === 'thumbnail') ?? (parts.filter((candidate) => candidate.filename !== null).length === 1 ? parts.find((candidate) => candidate.filename !== null) : undefined);
  if (!part) throw badRequest('The thumbnail file is required: a multipart field named thumbnail, or the image as the request body.');
  return { data: part.data, type: (part.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '' };
}

function uploadThumbnail(context: RequestContext) {
  const { video } = ownedVideo(context);
  const { data, type } = thumbnailFile(context);
  if (data.length === 0) throw badRequest('The thumbnail file is required.');
  if (data.length >= MAX_THUMBNAIL_BYTES) throw badRequest(`The thumbnail is ${data.length} bytes; it must be under ${MAX_THUMBNAIL_BYTES} bytes (10 MB).`);
  const header = readImageHeader(data);
  if (!header || (type !== '' && type !== 'application/octet-stream' && IMAGE_CONTENT_TYPES[header.format] !== type)) {
    throw badRequest('The thumbnail must be a JPEG, PNG or GIF image (sent with its own content type).');
  }
  if (header.width > MAX_THUMBNAIL_SIDE || header.height > MAX_THUMBNAIL_SIDE) {
    throw badRequest(`The thumbnail is ${header.width} x ${header.height} px; it must be smaller than 4000 x 4000 px.`);
  }
  videoExtraOf(context.store.data, video.id).thumbnail = {
    source: 'upload',
    position: null,
    image: { contentType: IMAGE_CONTENT_TYPES[header.format], width: header.width, height: header.height, size: data.length, sha256: createHash('sha256').update(data).digest('hex') },
  };
  context.store.changed();
  return empty(204);
}

/** Not in the spec: what the thumbnail calls set, so clients and tests can check (null: the default frame). */
function getThumbnail(context: RequestContext) {
  const { video } = ownedVideo(context);
  const thumbnail = videoExtraIfAny(context.store.data, video.id).thumbnail;
  const image = thumbnail?.image ?? null;
  return ok({
    thumbnail: thumbnail
      ? {
          source: thumbnail.source,
          position: thumbnail.position,
          image: image ? { content_type: image.contentType, width: image.width, height: image.height, size: image.size, sha256: image.sha256 } : null,
          url: webAddresses.videoThumbnail(video.id),
        }
      : null,
  });
}

/** The video's length in seconds; 0 when unknown (a file ffprobe could not measure), which bounds nothing. */
function lengthOf(video: Video): number {
  const length = Number(video.length);
  return Number.isFinite(length) && length > 0 ? length : 0;
}

function pickFrame(context: RequestContext) {
  const { video } = ownedVideo(context);
  const raw = context.form().get('position');
  if (raw === null || raw.trim() === '') throw badRequest('position is required: seconds into the video.');
  const position = Number(raw);
  const length = lengthOf(video);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !Number.isFinite(position) || (length > 0 && position > length)) {
    throw badRequest(`position must be a number of seconds from 0 to the video's length ${video.length} (got ${JSON.stringify(raw)}).`);
  }
  videoExtraOf(context.store.data, video.id).thumbnail = { source: 'frame', position, image: null };
  context.store.changed();
  return empty(204);
}

/** `start` and `end` as whole seconds inside the video, at least 10 s apart: 400 bad_request otherwise. */
function partOf(video: Video, form: URLSearchParams, what: string): { start: number; end: number } {
  const read = (name: 'start' | 'end'): number => {
    const value = form.get(name);
    if (value === null || value === '') throw badRequest(`${name} is required: whole seconds.`);
    if (!/^\d+$/.test(value.trim())) throw badRequest(`${name} must be whole seconds from 0 (got ${JSON.stringify(value)}).`);
    return Number(value);
  };
  const start = read('start');
  const end = read('end');
  const length = lengthOf(video);
  if (length > 0 && end > Math.ceil(length)) throw badRequest(`end ${end} is past the video's end (${video.length} s).`);
  if (end - start < MIN_PART_SECONDS) throw badRequest(`The ${what} must be at least ${MIN_PART_SECONDS} seconds long (start ${start}, end ${end}).`);
  return { start, end };
}

/** "the original file is unchanged": the video's length and file stay; the trim is playback start and end. */
function setTrim(context: RequestContext) {
  const { video } = ownedVideo(context);
  videoExtraOf(context.store.data, video.id).trim = partOf(video, context.form(), 'trim');
  context.store.changed();
  return empty(204);
}

/** With no trim set, the whole video: start 0, end its length in whole seconds. */
function getTrim(context: RequestContext) {
  const { video } = ownedVideo(context);
  const trim = videoExtraIfAny(context.store.data, video.id).trim ?? { start: 0, end: Math.round(lengthOf(video)) };
  return ok({ trim: { start: trim.start, end: trim.end } });
}

function removeTrim(context: RequestContext) {
  const { video } = ownedVideo(context);
  delete videoExtraOf(context.store.data, video.id).trim;
  context.store.changed();
  return empty(200);
}

function startCopy(context: RequestContext, copies: CopyService) {
  const { video, principal } = ownedVideo(context);
  const form = context.form();
  const part = partOf(video, form, 'copy');
  const title = (form.get('title') ?? '').trim();
  if (title === '' || title.length > MAX_VIDEO_TITLE_LENGTH) throw badRequest(`title is required: 1 to ${MAX_VIDEO_TITLE_LENGTH} characters.`);
  const description = form.get('description') ?? '';
  if (description.length > MAX_VIDEO_DESCRIPTION_LENGTH) throw badRequest(`description must be at most ${MAX_VIDEO_DESCRIPTION_LENGTH} characters.`);
  const request = copies.start(video, principal.account.id, { ...part, title, description });
  return ok({ request_id: request.id, status_url: `${context.urls.apiUrl}/videos-copy-status/${request.id}.json` }, 202);
}

/** The requester's own requests only: another user's (or an unknown) request id is 404. */
function copyStatus(context: RequestContext, copies: CopyService) {
  const principal = requireToken(context);
  const request = copies.find(context.params.request_id ?? '');
  if (!request || request.ownerId !== principal.account.id) throw notFound(`The copy request ${context.params.request_id ?? ''}`);
  if (request.videoId === null) return ok({ is_finished: false });
  return ok({ is_finished: true, video_id: Number(request.videoId), video_url: webAddresses.videoPage(request.videoId) });
}
