// The signed-in user's channels as every panel offers them: their own, and those they manage for another
// user (part A, "Channel managers"). The channel list does not say whose a channel is: the user's `default`
// channel is their own, and a channel's `owner` (minimal detail, one call) names its owner. Owners never
// change, so each is read once per profile and channel.
import type { ChannelChoice } from '../../../preload/contract.js';
import type { createPlatformApi } from '../../platform/endpoints/index.js';
import type { ChannelListItem } from '../../platform/endpoints/schemas.js';
import { PlatformError } from '../../platform/platform-error.js';

type PlatformApi = ReturnType<typeof createPlatformApi>;

export interface ChannelChoicesSession {
  /** The platform user name, when known (the password grant, or learned from the user's default channel). */
  readonly userName: string | null;
  readonly profileName: string;
}

/** At most this many owner look-ups at once. */
const OWNER_LOOKUPS_AT_ONCE = 4;

export class ChannelChoices {
  readonly #session: ChannelChoicesSession;
  /** `<profile>\n<channel id>` to the owner's user name. */
  readonly #owners = new Map<string, string>();

  constructor(session: ChannelChoicesSession) {
    this.#session = session;
  }

  /** Every channel the user may choose, own ones marked `managedFor: null`. */
  async list(api: PlatformApi): Promise<ChannelChoice[]> {
    const items: ChannelListItem[] = [];
    for await (const item of api.channels.list()) items.push(item);
    const owners = await this.managedOwners(api, items);
    return items.map((item) => ({
      id: item.id,
      title: item.title,
      status: item.status,
      isDefault: item.default === true,
      managedFor: owners.get(item.id) ?? null,
    }));
  }

  /** Channel id to owner name, for the listed channels the user only manages. */
  async managedOwners(api: PlatformApi, items: readonly ChannelListItem[]): Promise<Map<string, string>> {
    const managed = new Map<string, string>();
    const others = items.filter((item) => item.default !== true);
    if (others.length === 0) return managed;
    const defaultChannel = items.find((item) => item.default === true);
    const self = this.#session.userName ?? (defaultChannel ? await this.#ownerOf(api, defaultChannel.id) : null);
    // Without a name: a platform that marks defaults and marks none lists no channel of the user's own;
    // one that does not mark them at all leaves it unknown, and the channels count as the user's.
    if (self === null && !items.every((item) => item.default === false)) return managed;
    for (let start = 0; start < others.length; start += OWNER_LOOKUPS_AT_ONCE) {
      const batch = others.slice(start, start + OWNER_LOOKUPS_AT_ONCE);
      const owners = await Promise.all(batch.map((item) => this.#ownerOf(api, item.id)));
      batch.forEach((item, index) => {
        const owner = owners[index];
        if (owner !== null && owner !== undefined && owner !== self) managed.set(item.id, owner);
      });
    }
    return managed;
  }

  /** The channel owner's user name; null when the channel is gone or unreadable (it is then shown as the user's). */
  async #ownerOf(api: PlatformApi, channelId: string): Promise<string | null> {
    const key = `${this.#session.profileName}\n${channelId}`;
    const known = this.#owners.get(key);
    if (known !== undefined) return known;
    try {
      const channel = await api.channels.get(channelId, { detailLevel: 'minimal' });
      this.#owners.set(key, channel.owner.username);
      return channel.owner.username;
    } catch (error) {
      // Deleted since it was listed, or not readable: nothing to tell about it; anything else is the caller's.
      if (error instanceof PlatformError && (error.status === 403 || error.status === 404)) return null;
      throw error;
    }
  }
}
