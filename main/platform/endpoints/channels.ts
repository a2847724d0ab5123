// Channel operations (spec part A, "Channel operations"): get at a detail level, create, edit, delete,
// and the user's channel list.
import type { PlatformCaller } from '../platform-request.js';
import { pagedItems, pageOf } from '../paging.js';
import { readAuth, segment, send, type ReadOptions } from './request-parts.js';
import { channelBody, channelListBody, createdChannelBody, type Channel, type ChannelListItem, type CreatedChannel } from './schemas.js';

export interface ChannelGetOptions extends ReadOptions {
  /** `minimal`: id, title, picture, owner and locks only. `owner`: adds sensitive data; always needs the owner's token. */
  readonly detailLevel?: 'minimal' | 'owner';
}

export interface ChannelFields {
  readonly title: string;
  readonly description?: string;
  /** Sent comma separated, as the edit call takes them (the creation call only says tags "may be sent"). */
  readonly tags?: readonly string[];
}

export interface ChannelListOptions {
  /** Text search. */
  readonly q?: string;
  /** Channels per request (default 100); the iterator asks for every page. */
  readonly pageSize?: number;
  /** `broadcaster` adds each channel's `broadcast_urls`. */
  readonly detailLevel?: 'broadcaster';
}

export function channelsApi(caller: PlatformCaller) {
  return {
    /** A channel; a protected one comes at the minimal level without a token, whatever level was asked. */
    async get(channelId: string, options: ChannelGetOptions = {}): Promise<Channel> {
      const { body } = await caller.call(
        {
          method: 'GET',
          path: `/channels/${segment(channelId)}.json`,
          query: { detail_level: options.detailLevel },
          endpoint: 'GET /channels/<channel_id>.<format>',
          auth: readAuth(options),
        },
        channelBody,
      );
      return body.channel;
    },

    async create(fields: ChannelFields): Promise<CreatedChannel> {
      const { body } = await caller.call(
        { method: 'POST', path: '/users/self/channels.json', form: channelForm(fields), endpoint: 'POST /users/self/channels.json' },
        createdChannelBody,
      );
      return body.channel;
    },

    /** The title is REQUIRED on every edit, even when only the description changes. */
    async edit(channelId: string, fields: ChannelFields): Promise<void> {
      await send(caller, { method: 'PUT', path: `/channels/${segment(channelId)}.json`, form: channelForm(fields), endpoint: 'PUT /channels/<channel_id>.<format>' });
    },

    async remove(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `/channels/${segment(channelId)}.json`, endpoint: 'DELETE /channels/<channel_id>.<format>' });
    },

    /** The signed-in user's channels. */
    list(options: ChannelListOptions = {}): AsyncIterable<ChannelListItem> {
      const endpoint = 'GET /users/self/channels.<format>';
      return pagedItems(endpoint, async (p) => {
        const { body } = await caller.call(
          { method: 'GET', path: '/users/self/channels.json', query: { q: options.q, p, pagesize: options.pageSize, detail_level: options.detailLevel }, endpoint },
          channelListBody,
        );
        return pageOf(body.channels, body.paging);
      });
    },
  };
}

function channelForm(fields: ChannelFields) {
  return { title: fields.title, description: fields.description, tags: fields.tags?.join(',') };
}
