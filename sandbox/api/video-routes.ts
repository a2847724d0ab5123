// Videos (spec part B, "Videos"): a channel's and the user's lists with search, sort, filter and paging;
// one video with detail levels; delete. Enough for uploads and recordings to be seen; editing comes later.
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Account, Video } from '../state/model.js';
import { canManageChannel, canManageVideo, findChannel, findVideo, ownedVideo, requireToken } from './access.js';
import { pageHref, pageOf, pageRequest } from './paging.js';
import { captionMatches, type CaptionMatch } from '../captions/caption-search.js';
import { videoView, type DetailLevel } from './representations.js';

export function registerVideoRoutes(router: Router): void {
  router.get('/channels/:channel_id/videos.:format', listChannelVideos);
  router.get('/users/self/videos.:format', listUserVideos);
  router.get('/videos/:video_id.:format', getVideo);
  router.delete('/videos/:video_id.:format', deleteVideo);
}

function listChannelVideos(context: RequestContext) {
  const channel = findChannel(context);
  const principal = context.principal();
  const isOwner = principal !== null && canManageChannel(context.store.data, principal.account, channel);
  // A protected (password-locked) channel's list is for its owner only.
  if (channel.password !== null && !isOwner) {
    throw new ApiError(401, 'invalid_token', principal ? 'This channel is protected: only its owner may list its videos.' : (context.authProblem() ?? 'This channel is protected: list its videos with a token of its owner.'));
  }
  const videos = context.store.data.videos.filter((video) => video.channelId === channel.id && (isOwner || video.protect === 'public'));
  return videoList(context, videos, isOwner ? principal.account : undefined);
}

function listUserVideos(context: RequestContext) {
  const principal = requireToken(context, 'invalid_token');
  return videoList(context, context.store.data.videos.filter((video) => video.ownerId === principal.account.id), principal.account);
}

function videoList(context: RequestContext, candidates: Video[], owner: Account | undefined) {
  const request = pageRequest(context, { pageParam: 'page', defaultSize: 50, maxSize: 50 });
  const sort = context.query.get('sort') ?? 'recent';
  if (sort !== 'recent' && sort !== 'popular') throw new ApiError(400, 'bad_request', `sort must be recent or popular (got ${JSON.stringify(sort)}).`);
  const protectFilter = context.query.get('filter[protect]');
  const allowed = protectFilter ? protectFilter.split(',') : [];
  if (allowed.some((value) => value !== 'public' && value !== 'private')) {
    throw new ApiError(400, 'bad_request', 'filter[protect] takes public, private, or both comma separated without spaces.');
  }
  const q = context.query.get('q');
  let videos = allowed.length > 0 ? candidates.filter((video) => allowed.includes(video.protect)) : candidates;
  // "q works only for public videos and only when no filter is set"
  const searching = q !== null && q !== '' && allowed.length === 0;
  // A video is found by its title, its description or the text of its captions.
  const matches = new Map<string, CaptionMatch[]>();
  if (searching) {
    const needle = q.toLowerCase();
    videos = videos.filter((video) => {
      if (video.protect !== 'public') return false;
      const found = captionMatches(context.store.data, video.id, q);
      matches.set(video.id, found);
      return found.length > 0 || `${video.title} ${video.description}`.toLowerCase().includes(needle);
    });
  }
  videos = [...videos].sort((a, b) => (sort === 'popular' ? b.views - a.views : b.createdAt - a.createdAt) || Number(b.id) - Number(a.id));
  const page = pageOf(videos, request);
  return ok({
    videos: page.items.map((video) => ({
      ...videoView(video, { apiUrl: context.urls.apiUrl, detail: 'default', linkChannelId: false, owner }),
      ...(searching ? { caption_matches: matches.get(video.id) ?? [] } : {}),
    })),
    paging: {
      ...(page.hasPrevious ? { previous: pageHref(context, 'page', request.page - 1, request.pageSize) } : {}),
      ...(page.hasNext ? { next: pageHref(context, 'page', request.page + 1, request.pageSize) } : {}),
    },
  });
}

function getVideo(context: RequestContext) {
  const video = findVideo(context);
  const channel = context.store.channel(video.channelId);
  const level = context.query.get('detail_level');
  if (level !== null && level !== 'minimal' && level !== 'owner') {
    throw new ApiError(400, 'bad_request', `detail_level must be minimal or owner (got ${JSON.stringify(level)}).`);
  }
  const principal = context.principal();
  const isOwner = principal !== null && canManageVideo(context.store.data, principal.account, video);
  if (level === 'owner' && !isOwner) {
    throw new ApiError(401, 'invalid_token', principal ? 'detail_level=owner needs a token of the video owner.' : (context.authProblem() ?? 'detail_level=owner needs a valid token of the video owner.'));
  }
  // "Protected videos ... give 401 without a valid owner token"; a protected channel's videos give minimal data.
  if (video.protect === 'private' && !isOwner) {
    throw new ApiError(401, 'invalid_token', principal ? 'This video is private: only its owner may read it.' : (context.authProblem() ?? 'This video is private: read it with a token of its owner.'));
  }
  const detail: DetailLevel = level === 'owner' ? 'owner' : level === 'minimal' || (channel?.password !== null && !isOwner) ? 'minimal' : 'default';
  return ok({ video: videoView(video, { apiUrl: context.urls.apiUrl, detail, linkChannelId: true, owner: context.store.account(video.ownerId) }) });
}

function deleteVideo(context: RequestContext) {
  const { video } = ownedVideo(context);
  context.store.deleteVideo(video);
  return empty(200);
}
