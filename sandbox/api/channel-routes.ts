// Channel operations (spec part A, "Channel operations"): get with detail levels, create, edit, delete,
// and the user's channel list with search, paging and broadcast URLs.
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Channel } from '../state/model.js';
import { forgetChannelMetadata } from '../state/custom-metadata.js';
import { forgetChannelLook } from '../state/channel-look.js';
import { forgetChannelCollections } from '../state/collections.js';
import { forgetVideoAnnotations } from '../state/video-annotations.js';
import { newChannel, urlNameFor } from '../state/new-channel.js';
import { forgetChannelPartUploads } from '../state/part-uploads.js';
import { randomToken } from '../state/random.js';
import { hashLockTypeOf } from '../state/security.js';
import { canManageChannel, channelRole, findChannel, ownedChannel, ownersOnlyChannel, requireToken } from './access.js';
import { pageHref, pageOf, pageRequest } from './paging.js';
import { channelListItem, channelView, type DetailLevel } from './representations.js';
import { webAddresses } from './web-addresses.js';

/** Where a channel can be broadcast to: the sandbox's RTMP ingest. */
export interface BroadcastAddresses {
  rtmpUrls(): string[];
}

const MAX_TITLE_LENGTH = 100;

export function registerChannelRoutes(router: Router, ingest: BroadcastAddresses): void {
  router.get('/channels/:channel_id.:format', getChannel);
  router.put('/channels/:channel_id.:format', editChannel);
  router.delete('/channels/:channel_id.:format', deleteChannel);
  router.post('/users/self/channels.json', createChannel);
  router.get('/users/self/channels.:format', (context) => listChannels(context, ingest));
}

function getChannel(context: RequestContext) {
  const channel = findChannel(context);
  const owner = context.store.account(channel.ownerId)!;
  const level = context.query.get('detail_level');
  if (level !== null && level !== 'minimal' && level !== 'owner') {
    throw new ApiError(400, 'bad_request', `detail_level must be minimal or owner (got ${JSON.stringify(level)}).`);
  }
  const principal = context.principal();
  if (level === 'owner') {
    // "owner always needs a valid token"
    if (!principal || !canManageChannel(context.store.data, principal.account, channel)) {
      throw new ApiError(401, 'unauthorized', principal ? 'detail_level=owner needs a token of the channel owner.' : (context.authProblem() ?? 'detail_level=owner needs a valid token of the channel owner.'));
    }
    return ok({ channel: channelView(channel, owner, 'owner', hashLockTypeOf(context.store.data, channel.id)) });
  }
  // A password-protected channel gives only minimal data without a valid token.
  const detail: DetailLevel = level === 'minimal' || (channel.password !== null && !principal) ? 'minimal' : 'default';
  return ok({ channel: channelView(channel, owner, detail, hashLockTypeOf(context.store.data, channel.id)) });
}

function parseTags(value: string | null, ...more: string[]): string[] {
  const all = [...(value ?? '').split(','), ...more.flatMap((tag) => tag.split(','))];
  return [...new Set(all.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

function validTitle(title: string | null): title is string {
  return title !== null && title.trim() !== '' && title.length <= MAX_TITLE_LENGTH && ![...title].some((character) => character.charCodeAt(0) < 0x20);
}

function createChannel(context: RequestContext) {
  const principal = requireToken(context);
  const form = context.form();
  const title = form.get('title');
  if (!validTitle(title)) {
    throw new ApiError(400, 'bad_request', `title is required: 1 to ${MAX_TITLE_LENGTH} characters, no control characters.`);
  }
  const urlName = urlNameFor(title) || `channel-${randomToken(4).toLowerCase()}`;
  const taken = context.store.data.channels.some((channel) => channel.title.toLowerCase() === title.toLowerCase() || channel.urlName === urlName);
  if (taken) throw new ApiError(409, 'conflict', `The title "${title}" or its URL name "${urlName}" is already in use.`);
  const channel = newChannel(
    { id: context.store.nextId('channel'), ownerId: principal.account.id, title, urlName },
    {
      description: form.get('description') ?? '',
      tags: parseTags(form.get('tags'), ...form.getAll('tags[]')),
      isDefault: !context.store.data.channels.some((other) => other.ownerId === principal.account.id),
    },
  );
  context.store.data.channels.push(channel);
  context.store.changed();
  return ok({ channel: { id: channel.id, title: channel.title, url: channel.urlName, tiny_url: webAddresses.channelShort(channel.id) } }, 201);
}

function editChannel(context: RequestContext) {
  const { channel } = ownedChannel(context);
  const form = context.form();
  const title = form.get('title');
  if (title === null || title === '') throw new ApiError(400, 'input_validation_error', 'title is required.');
  if (!validTitle(title)) throw new ApiError(400, 'input_validation_error', `title must be 1 to ${MAX_TITLE_LENGTH} characters without control characters.`);
  channel.title = title;
  const description = form.get('description');
  if (description !== null) channel.description = description;
  if (form.has('tags')) channel.tags = parseTags(form.get('tags'));
  context.store.changed();
  return empty(204);
}

function deleteChannel(context: RequestContext) {
  const { channel } = ownersOnlyChannel(context, 'delete it');
  const store = context.store;
  store.data.channels = store.data.channels.filter((candidate) => candidate !== channel);
  for (const manager of store.data.managers) manager.channels = manager.channels.filter((id) => id !== channel.id);
  for (const video of store.data.videos) if (video.channelId === channel.id) forgetVideoAnnotations(store.data, video.id);
  store.data.videos = store.data.videos.filter((video) => video.channelId !== channel.id);
  store.data.uploads = store.data.uploads.filter((upload) => upload.channelId !== channel.id);
  forgetChannelPartUploads(store.data, channel.id);
  forgetChannelMetadata(store.data, channel.id);
  delete store.data.security?.[channel.id];
  forgetChannelLook(store.data, channel.id);
  forgetChannelCollections(store.data, channel.id);
  store.changed();
  return empty(200);
}

function listChannels(context: RequestContext, ingest: BroadcastAddresses) {
  const principal = requireToken(context);
  const q = context.query.get('q')?.trim().toLowerCase() ?? '';
  const level = context.query.get('detail_level');
  const data = context.store.data;
  const matches = (channel: Channel) => q === '' || `${channel.title} ${channel.description} ${channel.tags.join(' ')}`.toLowerCase().includes(q);
  // The user's own channels, then the channels they actively manage for others (their `default` is false).
  const own = data.channels.filter((channel) => channel.ownerId === principal.account.id);
  const managed = data.channels.filter((channel) => channelRole(data, principal.account, channel) === 'manager');
  const listed = [...own, ...managed].filter(matches);
  const request = pageRequest(context, { pageParam: 'p', defaultSize: 100 });
  const page = pageOf(listed, request);
  const href = (p: number) => ({ href: pageHref(context, 'p', p, request.pageSize) });
  return ok({
    channels: page.items.map((channel) =>
      channelListItem(channel, {
        broadcastUrls: level === 'broadcaster' ? ingest.rtmpUrls().map((url) => `${url}/${channel.channelKey}`) : null,
        isDefault: channel.isDefault && channel.ownerId === principal.account.id,
      }),
    ),
    paging: {
      ...(page.hasPrevious ? { previous: href(request.page - 1) } : {}),
      actual: href(request.page),
      ...(page.hasNext ? { next: href(request.page + 1) } : {}),
    },
  });
}
