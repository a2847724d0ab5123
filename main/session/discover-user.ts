// The platform has no "who am I" call; a channel's owner is in the channel, and the user's own channel
// is the one the list marks `default` (the list also holds channels the user manages for others).
import { z } from 'zod';
import type { PlatformCaller } from '../platform/platform-request.js';

const ChannelIds = z.object({ channels: z.array(z.looseObject({ id: z.union([z.string(), z.number()]), default: z.boolean().optional() })) });
const ChannelOwner = z.object({ channel: z.looseObject({ owner: z.looseObject({ username: z.string() }) }) });

/**
 * The user's name from their default channel. A platform that does not mark defaults at all gives the
 * first channel's owner; one that marks them and marks none lists only channels the user manages: no name.
 */
export async function discoverUser(caller: PlatformCaller): Promise<string | null> {
  const list = await caller.call({ method: 'GET', path: '/users/self/channels.json', endpoint: 'GET /users/self/channels.<format>' }, ChannelIds);
  const channels = list.body.channels;
  const own = channels.find((channel) => channel.default === true) ?? (channels.every((channel) => channel.default === undefined) ? channels[0] : undefined);
  if (!own) return null;
  const channel = await caller.call(
    { method: 'GET', path: `/channels/${encodeURIComponent(String(own.id))}.json`, query: { detail_level: 'minimal' }, endpoint: 'GET /channels/<channel_id>.<format>' },
    ChannelOwner,
  );
  return channel.body.channel.owner.username;
}
