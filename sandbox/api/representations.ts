// How channels and videos look in API answers, per detail level: the spec's field tables in code.
import type { Account, Channel, Video } from '../state/model.js';
import { PICTURE_SIZES, webAddresses } from './web-addresses.js';

export type DetailLevel = 'minimal' | 'default' | 'owner';

function pictures(channel: Channel): Record<string, string> {
  return Object.fromEntries(PICTURE_SIZES.map((size) => [size, webAddresses.channelPicture(channel.id, size)]));
}

/** The channel's viewer authentication, when set: `locks.hash` (see sandbox/state/security.ts). */
export type HashLockType = 'basic' | 'advanced' | null;

function locks(channel: Channel, hashLock: HashLockType): unknown[] | Record<string, unknown> {
  const found: Record<string, unknown> = {};
  // An advanced lock set through the API runs the client's own flow: auth_method `custom`.
  if (hashLock !== null) found.hash = hashLock === 'advanced' ? { type: 'advanced', auth_method: 'custom' } : { type: 'basic' };
  if (channel.password !== null) found.password = [];
  return Object.keys(found).length === 0 ? [] : found;
}

export function channelView(channel: Channel, owner: Account, detail: DetailLevel, hashLock: HashLockType = null): Record<string, unknown> {
  const minimal = {
    id: channel.id,
    title: channel.title,
    picture: pictures(channel),
    owner: { id: owner.id, username: owner.username, picture: owner.picture },
    locks: locks(channel, hashLock),
  };
  if (detail === 'minimal') return minimal;
  const stream: Record<string, string> = { hls: webAddresses.channelHls(channel.id) };
  if (detail === 'owner' && owner.benefits.includes('dhls')) stream.dhls = webAddresses.channelDirectHls(channel.id);
  const stats: Record<string, number> = { viewer_total: channel.viewerTotal };
  if (channel.status === 'live') stats.viewer = channel.viewers;
  return {
    ...minimal,
    description: channel.description,
    tags: channel.tags,
    url: channel.urlName,
    status: channel.status,
    last_broadcast_at: channel.lastBroadcastAt ?? 0,
    tinyurl: webAddresses.channelShort(channel.id),
    stream,
    stats,
    thumbnail: { live: webAddresses.channelThumbnail(channel.id) },
  };
}

export interface ChannelListOptions {
  readonly broadcastUrls: readonly string[] | null;
  /** The caller's default channel: never a channel they only manage. */
  readonly isDefault: boolean;
}

export function channelListItem(channel: Channel, options: ChannelListOptions): Record<string, unknown> {
  const online = channel.status === 'live';
  return {
    id: channel.id,
    title: channel.title,
    url: webAddresses.channelPage(channel.urlName),
    tiny_url: webAddresses.channelShort(channel.id),
    status: online ? 'online' : 'offline',
    ...(options.broadcastUrls ? { broadcast_urls: options.broadcastUrls } : {}),
    default: options.isDefault,
    ...(online ? { live_thumbnail: webAddresses.channelThumbnail(channel.id) } : {}),
    picture: pictures(channel),
  };
}

export interface VideoViewOptions {
  readonly apiUrl: string;
  readonly detail: DetailLevel;
  /** Single-video answers name the channel's id in links; list answers give only its href. */
  readonly linkChannelId: boolean;
  readonly owner: Account | undefined;
}

export function videoView(video: Video, options: VideoViewOptions): Record<string, unknown> {
  const channelLink: Record<string, string> = { href: `${options.apiUrl}/channels/${video.channelId}.json` };
  if (options.linkChannelId) channelLink.id = video.channelId;
  const links = { channel: channelLink };
  if (options.detail === 'minimal') return { id: video.id, links };
  const view: Record<string, unknown> = {
    id: video.id,
    title: video.title,
    description: video.description,
    url: webAddresses.videoPage(video.id),
    length: video.length,
    created_at: video.createdAt,
    added_at: video.addedAt,
    file_size: String(video.fileSize),
    views: video.views,
    thumbnail: { default: webAddresses.videoThumbnail(video.id) },
    media_urls: { flv: webAddresses.videoFlv(video.id) },
    links,
  };
  if (options.detail === 'owner' && options.owner?.benefits.includes('dhls')) view.stream = { dhls: webAddresses.videoDirectHls(video.id) };
  return view;
}
