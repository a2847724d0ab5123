// The spec's access rules, in one place: who may read and manage what, and which plan benefits gate what.
import type { Principal } from '../auth/principal.js';
import { ApiError, lackOfOwnership, notFound } from '../http/api-error.js';
import type { RequestContext } from '../http/request-context.js';
import type { Account, Benefit, Channel, Video } from '../state/model.js';

/** The caller, or 401 with the spec's error value for this endpoint (`unauthorized` or `invalid_token`). */
export function requireToken(context: RequestContext, error = 'unauthorized'): Principal {
  const principal = context.principal();
  if (principal) return principal;
  throw new ApiError(401, error, context.authProblem() ?? 'This call needs an access token in the Authorization header.', {
    'WWW-Authenticate': 'Bearer realm="sandbox", MAC',
  });
}

/** Hooks and other client-level resources take client-credentials tokens only. */
export function requireClientToken(context: RequestContext, error = 'unauthorized'): Principal & { kind: 'client' } {
  const principal = requireToken(context, error);
  if (principal.kind !== 'client') {
    throw new ApiError(401, error, 'This resource needs a client-credentials token (grant_type=client_credentials); user tokens cannot reach it.');
  }
  return principal;
}

export function findChannel(context: RequestContext, id = context.params.channel_id ?? ''): Channel {
  const channel = context.store.channel(id);
  if (!channel) throw notFound(`The channel ${id}`);
  return channel;
}

export function findVideo(context: RequestContext, id = context.params.video_id ?? ''): Video {
  const video = context.store.video(id);
  if (!video) throw notFound(`The video ${id}`);
  return video;
}

export function canManageChannel(account: Account | undefined, channel: Channel): boolean {
  return account !== undefined && channel.ownerId === account.id;
}

/** 404 when missing, 401 without a token, 403 lack_of_ownership when the caller does not own it. */
export function ownedChannel(context: RequestContext, options: { unauthorized?: string } = {}): { channel: Channel; principal: Principal } {
  const channel = findChannel(context);
  const principal = requireToken(context, options.unauthorized);
  if (!canManageChannel(principal.account, channel)) throw lackOfOwnership(`the channel ${channel.id}`);
  return { channel, principal };
}

export function ownedVideo(context: RequestContext, options: { unauthorized?: string } = {}): { video: Video; principal: Principal } {
  const video = findVideo(context);
  const principal = requireToken(context, options.unauthorized);
  if (video.ownerId !== principal.account.id) throw lackOfOwnership(`the video ${video.id}`);
  return { video, principal };
}

/** 402 when the account's plan lacks the benefit; the error value differs per endpoint in the spec. */
export function requireBenefit(account: Account, benefit: Benefit, error: 'invalid_request' | 'payment_required'): void {
  if (!account.benefits.includes(benefit)) {
    throw new ApiError(402, error, `This account's plan does not include ${benefit.replace(/_/g, ' ')}.`);
  }
}
