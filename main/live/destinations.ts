// A profile's extra destinations (multistream): saved in the live settings (id, label, kind, the other
// channel's id or the address without its key, switched on or off), each address's stream key in the
// keychain, never in live.json. `resolveDestination` makes one a relay destination: another channel's
// targets come from a StreamingKeyKeeper, as the main channel's do; an address gets its key back.
import { randomBytes } from 'node:crypto';
import { CompanionError, type DestinationInput } from '../../preload/contract.js';
import type { Logger } from '../log/redacting-logger.js';
import { fixedTargets } from '../relay/relay.js';
import type { DestinationSpec } from '../relay/relay-types.js';
import type { LiveSettingsStore, SavedDestination } from '../settings/live-settings.js';
import { StreamingKeyKeeper, type KeeperPlatform } from './streaming-key-keeper.js';
import type { KeyedSecrets } from '../vault/vault.js';

/** Where the destinations' stream keys are kept: the profile's vault. */
export interface DestinationKeySlot {
  readonly streamKeys: KeyedSecrets;
}

export interface DestinationListOptions {
  readonly settings: Pick<LiveSettingsStore, 'load' | 'update'>;
  readonly profile: () => string;
  readonly keys: () => DestinationKeySlot;
  readonly logger: Pick<Logger, 'registerSecret'>;
}

/** The keychain item of a destination's key: `<profile>/stream-key/destination-<id>`. */
const keyItem = (id: string): string => `destination-${id}`;

/** The saved list of the current profile, and changes to it. */
export class DestinationList {
  readonly #options: DestinationListOptions;

  constructor(options: DestinationListOptions) {
    this.#options = options;
  }

  async list(): Promise<SavedDestination[]> {
    return (await this.#options.settings.load()).destinations[this.#options.profile()] ?? [];
  }

  /** Saves a destination, switched on; `channelTitle` names another channel (undefined: not one of the user's). */
  async add(input: DestinationInput, channelTitle: (id: string) => Promise<string | undefined>): Promise<SavedDestination> {
    const id = `d-${randomBytes(4).toString('hex')}`;
    let saved: SavedDestination;
    if ('channelId' in input) {
      const title = await channelTitle(input.channelId);
      if (title === undefined) throw new CompanionError('channel_not_found', `There is no channel ${input.channelId} among your channels or the channels you manage.`);
      if ((await this.list()).some((entry) => entry.channelId === input.channelId)) throw new CompanionError('destination_exists', `${title} is already a destination.`);
      saved = { id, label: title, kind: 'channel', channelId: input.channelId, url: null, enabled: true };
    } else {
      if (/^[a-z]+:\/\/[^/]*@/i.test(input.url)) throw new CompanionError('invalid_destination', 'Put the address without a user name or password, and the stream key in its own field.');
      this.#options.logger.registerSecret(input.key);
      // The key first: a destination saved without its key could not go live.
      await this.#options.keys().streamKeys.save(keyItem(id), input.key);
      saved = { id, label: input.label, kind: 'rtmp', channelId: null, url: input.url.replace(/\/+$/, ''), enabled: true };
    }
    await this.#change((list) => [...list, saved]);
    return saved;
  }

  /** Forgets a destination and its key; undefined when there was none. */
  async remove(id: string): Promise<SavedDestination | undefined> {
    const saved = (await this.list()).find((entry) => entry.id === id);
    if (saved === undefined) return undefined;
    await this.#change((list) => list.filter((entry) => entry.id !== id));
    if (saved.kind === 'rtmp') await this.#options.keys().streamKeys.forget(keyItem(id));
    return saved;
  }

  async setEnabled(id: string, enabled: boolean): Promise<SavedDestination> {
    const saved = (await this.list()).find((entry) => entry.id === id);
    if (saved === undefined) throw new CompanionError('destination_not_found', `There is no destination ${id}; it may have been removed.`);
    await this.#change((list) => list.map((entry) => (entry.id === id ? { ...entry, enabled } : entry)));
    return { ...saved, enabled };
  }

  /** The stream key of an address destination, from the keychain. */
  key(id: string): Promise<string | null> {
    return this.#options.keys().streamKeys.read(keyItem(id));
  }

  async #change(change: (list: SavedDestination[]) => SavedDestination[]): Promise<void> {
    const profile = this.#options.profile();
    await this.#options.settings.update((settings) => {
      settings.destinations[profile] = change(settings.destinations[profile] ?? []);
    });
  }
}

/** A destination ready for the relay, and what ends with it (the other channel's key keeper). */
export interface ResolvedDestination {
  readonly spec: DestinationSpec;
  stop(): void;
}

export interface ResolveContext {
  readonly platform: KeeperPlatform;
  readonly preferTls: boolean;
  readonly list: Pick<DestinationList, 'key'>;
  readonly logger: Pick<Logger, 'registerSecret' | 'warn'>;
}

/** Rejects with a sentence for the streamer when its targets cannot be had (ingest not fetched, key missing). */
export async function resolveDestination(saved: SavedDestination, context: ResolveContext): Promise<ResolvedDestination> {
  const ref = { id: saved.id, label: saved.label };
  if (saved.kind === 'channel' && saved.channelId !== null) {
    const keeper = new StreamingKeyKeeper({ platform: context.platform, channelId: saved.channelId, preferTls: context.preferTls, logger: context.logger });
    try {
      await keeper.start();
    } catch (error) {
      throw new Error(`The ingest of ${saved.label} could not be fetched: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return { spec: { ...ref, targets: keeper }, stop: () => keeper.stop() };
  }
  const key = await context.list.key(saved.id);
  if (saved.url === null || key === null) throw new Error(`The stream key of ${saved.label} is not in the keychain any more: remove the destination and add it again with its key.`);
  context.logger.registerSecret(key);
  const target = { id: `${saved.id}-1`, label: `${saved.label} · ${hostOf(saved.url)}`, url: `${saved.url}/${key}` };
  return { spec: { ...ref, targets: fixedTargets([target]) }, stop: () => undefined };
}

function hostOf(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\/([^/?#]+)/i.exec(url)?.[1] ?? 'unknown address';
}
