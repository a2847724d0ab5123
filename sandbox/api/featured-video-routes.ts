// Featured videos of a channel (spec part B, "Featured videos of a channel"): the list, paged, and setting
// it as a whole. How full it is travels in the X-Collection-* headers; a list longer than the limit is 413.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { featuredOf, setFeatured } from '../state/featured-videos.js';
import type { Channel } from '../state/model.js';
import { canManageChannel, findChannel, requireToken } from './access.js';
import { capacityHeaders, limitReached, type CollectionLimits } from './collection-capacity.js';
import { pageOf, pageRequest, urlPaging } from './paging.js';
import { listDetail, visibleTo } from './playlist-access.js';
import { videoView } from './representations.js';

export function registerFeaturedVideoRoutes(router: Router, limits: CollectionLimits): void {
  router.get('/channels/:channel_id/featured-videos.:format', (context) => listFeatured(context, limits));
  router.put('/channels/:channel_id/featured-videos.:format', (context) => setFeaturedVideos(context, limits));
}

function listFeatured(context: RequestContext, limits: CollectionLimits) {
  const channel = findChannel(context);
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 50, maxSize: 50 });
  const detail = listDetail(context);
  const principal = context.principal();
  const isOwner = principal !== null && canManageChannel(context.store.data, principal.account, channel);
  // A password-locked channel does not show its featured videos to anyone but its owner: the spec's
  // "featured videos not shown" 404 (the row lists no 401).
  if (channel.password !== null && !isOwner) throw new ApiError(404, 'not_found', `The channel ${channel.id} does not show its featured videos.`);
  const stored = featuredOf(context.store.data, channel.id);
  const videos = stored.map((id) => context.store.video(id)).filter((video) => video !== undefined && visibleTo(context.store.data, video, principal?.account));
  const page = pageOf(videos, request);
  return ok(
    {
      videos: page.items.map((video) => videoView(video!, { apiUrl: context.urls.apiUrl, detail, linkChannelId: true, owner: undefined })),
      paging: urlPaging(context, 'page', request, page, videos.length),
    },
    200,
    capacityHeaders(limits.featuredVideos, stored.length),
  );
}

/** `video_ids[]` entries (or `video_ids`, as some form libraries send them); a single empty entry clears the list. */
function videoIdsOf(context: RequestContext): string[] {
  const form = context.form();
  const sent = [...form.getAll('video_ids[]'), ...form.getAll('video_ids')];
  if (sent.length === 0) throw new ApiError(400, 'bad_request', 'video_ids is required: one video_ids[] entry per video (a single empty entry clears the list).');
  return [...new Set(sent.map((id) => id.trim()).filter((id) => id !== ''))];
}

function managedChannel(context: RequestContext): Channel {
  const channel = findChannel(context);
  const principal = requireToken(context, 'invalid_token');
  if (!canManageChannel(context.store.data, principal.account, channel)) throw new ApiError(403, 'permission_denied', `You have no access to the channel ${channel.id}.`);
  return channel;
}

function setFeaturedVideos(context: RequestContext, limits: CollectionLimits) {
  const channel = managedChannel(context);
  const videoIds = videoIdsOf(context);
  for (const id of videoIds) {
    const video = context.store.video(id);
    if (!video) throw notFound(`The video ${id}`);
    // A channel features its owner's own videos (of any of their channels), not other users' videos.
    if (video.ownerId !== channel.ownerId) throw new ApiError(403, 'permission_denied', `You have no access to the video ${id}.`);
  }
  const current = featuredOf(context.store.data, channel.id).length;
  if (videoIds.length > limits.featuredVideos) throw limitReached(`The featured list of channel ${channel.id}`, limits.featuredVideos, current);
  setFeatured(context.store.data, channel.id, videoIds);
  context.store.changed();
  return empty(200, capacityHeaders(limits.featuredVideos, videoIds.length));
}
