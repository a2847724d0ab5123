// The keys an external encoder broadcasts with (spec part A, "Ingest settings"): the channel's permanent
// channel key, and a streaming key that lives 10 minutes and is extended by asking again within them.
import type { Channel } from '../state/model.js';
import { randomToken } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';

const STREAMING_KEY_LIFETIME_SECONDS = 10 * 60;

/** The channel's streaming key: the current one with a fresh 10 minutes, or a new one once it expired. */
export function issueStreamingKey(store: SandboxStore, channel: Channel, now: number): string {
  const current = channel.streamingKey;
  if (current && current.expiresAt > now) {
    current.expiresAt = now + STREAMING_KEY_LIFETIME_SECONDS;
  } else {
    // base64url: the characters node-media-server accepts in a stream name.
    channel.streamingKey = { key: randomToken(18), expiresAt: now + STREAMING_KEY_LIFETIME_SECONDS };
  }
  store.changed();
  return channel.streamingKey!.key;
}

export type KeyMatch =
  | { readonly channel: Channel; readonly kind: 'channel key' | 'streaming key' }
  | { readonly problem: string };

/** Which channel a publish to /live/<key> is for, or why the key is refused. */
export function channelForStreamKey(store: SandboxStore, key: string, now: number): KeyMatch {
  for (const channel of store.data.channels) {
    if (channel.channelKey === key) return { channel, kind: 'channel key' };
    if (channel.streamingKey?.key === key) {
      if (channel.streamingKey.expiresAt > now) return { channel, kind: 'streaming key' };
      return { problem: `the streaming key of channel ${channel.id} expired ${now - channel.streamingKey.expiresAt} s ago` };
    }
  }
  return { problem: 'no channel has this key' };
}
