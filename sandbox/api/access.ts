// The spec's access rules, in one place: who may read and manage what, and which plan benefits gate what.
// Part A rule 6: operations on a channel or video need a user who "owns or manages" it; active managers
// "get the benefits of the managed channels regardless of their own plans", so the plan that gates a
// managed channel's operation is its owner's (the master's).
import type { Principal } from '../auth/principal.js';
import { ApiError, lackOfOwnership, notFound } from '../http/api-error.js';
import type { RequestContext } from '../http/request-context.js';
import type { Account, Benefit, Channel, SandboxData, Video } from '../state/model.js';

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

/** What the caller is to a channel: its owner, an active manager its owner granted it to, or neither (null). */
export type ChannelRole = 'owner' | 'manager' | null;

export function channelRole(data: SandboxData, account: Account | undefined, channel: Channel): ChannelRole {
  if (account === undefined) return null;
  if (channel.ownerId === account.id) return 'owner';
  const granted = data.managers.some(
    (manager) => manager.masterId === channel.ownerId && manager.userId === account.id && manager.active && manager.channels.includes(channel.id),
  );
  return granted ? 'manager' : null;
}

/** Owns or manages the channel (part A rule 6). Checked on every request, so a revoked right is gone at once. */
export function canManageChannel(data: SandboxData, account: Account | undefined, channel: Channel): boolean {
  return channelRole(data, account, channel) !== null;
}

/** Owns the video, or manages the channel it is on. */
export function canManageVideo(data: SandboxData, account: Account | undefined, video: Video): boolean {
  if (account === undefined) return false;
  if (video.ownerId === account.id) return true;
  const channel = data.channels.find((candidate) => candidate.id === video.channelId);
  return channel !== undefined && channelRole(data, account, channel) === 'manager';
}

/** The account whose plan applies to an operation on something owned by `ownerId`: the owner's, for owner and managers alike. */
function planOf(context: RequestContext, ownerId: string, caller: Account): Account {
  return context.store.account(ownerId) ?? caller;
}

export interface ManagedChannel {
  readonly channel: Channel;
  readonly principal: Principal;
  /** The owner's account: its benefits gate the operation, whoever of owner and managers calls. */
  readonly plan: Account;
}

/** 404 when missing, 401 without a token, 403 lack_of_ownership when the caller neither owns nor manages it. */
export function ownedChannel(context: RequestContext, options: { unauthorized?: string } = {}): ManagedChannel {
  const channel = findChannel(context);
  const principal = requireToken(context, options.unauthorized);
  if (!canManageChannel(context.store.data, principal.account, channel)) throw lackOfOwnership(`the channel ${channel.id}`);
  return { channel, principal, plan: planOf(context, channel.ownerId, principal.account) };
}

/**
 * What only the owner may do, where the spec is silent on managers: delete the channel, and give or take
 * managers' access to it. A manager gets 403 lack_of_ownership saying so.
 */
export function ownersOnlyChannel(context: RequestContext, what: string): { channel: Channel; principal: Principal } {
  const channel = findChannel(context);
  const principal = requireToken(context);
  const role = channelRole(context.store.data, principal.account, channel);
  if (role === 'manager') throw new ApiError(403, 'lack_of_ownership', `Only the owner of the channel ${channel.id} may ${what}; its managers may not.`);
  if (role === null) throw lackOfOwnership(`the channel ${channel.id}`);
  return { channel, principal };
}

export interface ManagedVideo {
  readonly video: Video;
  readonly principal: Principal;
  /** The video owner's account, whose benefits apply (see ManagedChannel.plan). */
  readonly plan: Account;
}

export function ownedVideo(context: RequestContext, options: { unauthorized?: string } = {}): ManagedVideo {
  const video = findVideo(context);
  const principal = requireToken(context, options.unauthorized);
  if (!canManageVideo(context.store.data, principal.account, video)) throw lackOfOwnership(`the video ${video.id}`);
  return { video, principal, plan: planOf(context, video.ownerId, principal.account) };
}

/** 402 when the account's plan lacks the benefit; the error value differs per endpoint in the spec. */
export function requireBenefit(account: Account, benefit: Benefit, error: 'invalid_request' | 'payment_required'): void {
  if (!account.benefits.includes(benefit)) {
    throw new ApiError(402, error, `This account's plan does not include ${benefit.replace(/_/g, ' ')}.`);
  }
}
