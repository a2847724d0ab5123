// A video's custom metadata values (spec part B, "Video custom metadata values"), against the owner's
// field definitions of content_type `video` (custom-metadata-routes.ts); values are checked as channel
// values are. Reading is public unless the video is private or its channel password-locked.
import { ApiError, lackOfOwnership, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Video } from '../state/model.js';
import { metadataOf, videoValuesOf, type MetadataFieldDefinition } from '../state/custom-metadata.js';
import { canManageVideo, findVideo, requireToken } from './access.js';
import { checkedValue } from './custom-metadata-routes.js';

export function registerVideoMetadataRoutes(router: Router): void {
  router.get('/videos/:video_id/custom-metadata.:format', listValues);
  router.put('/videos/:video_id/custom-metadata/:field_id.:format', setValue);
  router.delete('/videos/:video_id/custom-metadata/:field_id.:format', deleteValue);
}

/** A private video's, or a locked channel's video's, values are its owner's only: 401 unauthorized for everyone else. */
function readableVideo(context: RequestContext): Video {
  const video = findVideo(context);
  const isOwner = canManageVideo(context.store.data, context.principal()?.account, video);
  const locked = context.store.channel(video.channelId)?.password != null;
  if ((video.protect === 'private' || locked) && !isOwner) {
    throw new ApiError(401, 'unauthorized', context.authProblem() ?? `The video ${video.id} is protected: its metadata needs the owner's token.`);
  }
  return video;
}

/** The video and one of its owner's video fields: 401 without a token, 404 for either missing, 403 for someone else's video. */
function managedField(context: RequestContext): { video: Video; field: MetadataFieldDefinition } {
  const principal = requireToken(context);
  const video = findVideo(context);
  if (!canManageVideo(context.store.data, principal.account, video)) throw lackOfOwnership(`the video ${video.id}`);
  const id = context.params.field_id ?? '';
  const field = metadataOf(context.store.data).fields.find((candidate) => candidate.id === id && candidate.ownerId === video.ownerId && candidate.contentType === 'video');
  if (!field) throw notFound(`The video metadata field ${id}`);
  return { video, field };
}

function listValues(context: RequestContext) {
  const video = readableVideo(context);
  const values = videoValuesOf(context.store.data)[video.id] ?? {};
  return ok({ metadata: Object.entries(values).map(([field_id, value]) => ({ field_id, value })) });
}

function setValue(context: RequestContext) {
  const { video, field } = managedField(context);
  const value = checkedValue(field, context.form().get('value'));
  (videoValuesOf(context.store.data)[video.id] ??= {})[field.id] = value;
  context.store.changed();
  return empty(204);
}

function deleteValue(context: RequestContext) {
  const { video, field } = managedField(context);
  const values = videoValuesOf(context.store.data)[video.id];
  if (values?.[field.id] === undefined) throw notFound(`A value of field ${field.id} on the video ${video.id}`);
  delete values[field.id];
  context.store.changed();
  return empty(200);
}
