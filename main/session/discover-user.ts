// The platform has no "who am I" call; a channel's owner is the signed-in user, so one of the user's
// channels tells the name.
import { z } from 'zod';
import type { PlatformCaller } from '../platform/platform-request.js';

const ChannelIds = z.object({ channels: z.array(z.looseObject({ id: z.union([z.string(), z.number()]) })) });
const ChannelOwner = z.object({ channel: z.looseObject({ owner: z.looseObject({ username: z.string() }) }) });

export async function discoverUser(caller: PlatformCaller): Promise<string | null> {
  const list = await caller.call({ method: 'GET', path: '/users/self/channels.json', query: { pagesize: 1 }, endpoint: 'GET /users/self/channels.<format>' }, ChannelIds);
  const first = list.body.channels[0];
  if (!first) return null;
  const channel = await caller.call(
    { method: 'GET', path: `/channels/${encodeURIComponent(String(first.id))}.json`, query: { detail_level: 'minimal' }, endpoint: 'GET /channels/<channel_id>.<format>' },
    ChannelOwner,
  );
  return channel.body.channel.owner.username;
}
