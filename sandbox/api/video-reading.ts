// Who may read what hangs off a video (captions, chapters): anyone, for a public video of an open
// channel; for a protected one ("private video or protected channel needs a token"), its owner only,
// 401 `unauthorized` without a valid token and 403 `lack_of_ownership` with someone else's.
import { ApiError } from '../http/api-error.js';
import type { RequestContext } from '../http/request-context.js';
import type { Video } from '../state/model.js';
import { canManageVideo, findVideo, requireToken } from './access.js';

export interface ReadableVideo {
  readonly video: Video;
  /** The caller owns or manages the video: they see what viewers do not (hidden or processing captions). */
  readonly isOwner: boolean;
}

export function readableVideo(context: RequestContext): ReadableVideo {
  const video = findVideo(context);
  const channel = context.store.channel(video.channelId);
  const isProtected = video.protect === 'private' || (channel !== undefined && channel.password !== null);
  if (!isProtected) return { video, isOwner: canManageVideo(context.store.data, context.principal()?.account, video) };
  const principal = requireToken(context);
  if (!canManageVideo(context.store.data, principal.account, video)) {
    throw new ApiError(403, 'lack_of_ownership', `The video ${video.id} is protected: only its owner and its channel's managers may read this.`);
  }
  return { video, isOwner: true };
}
