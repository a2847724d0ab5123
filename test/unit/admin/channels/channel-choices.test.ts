import { describe, expect, it } from 'vitest';
import { ChannelChoices } from '../../../../main/admin/channels/channel-choices.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';

interface Listed {
  readonly id: string;
  readonly owner: string;
  readonly default?: boolean;
}

/** A platform whose channel list holds `listed`; counts the owner look-ups. */
function platform(listed: readonly Listed[], missing: readonly string[] = []) {
  const lookups: string[] = [];
  const channels = {
    list: async function* () {
      for (const channel of listed) yield { id: channel.id, title: `Channel ${channel.id}`, status: 'offline', ...(channel.default === undefined ? {} : { default: channel.default }) };
    },
    get: async (id: string) => {
      lookups.push(id);
      if (missing.includes(id)) throw new PlatformError(404, 'not_found', 'GET /channels/<channel_id>.<format>', '404 not_found');
      const channel = listed.find((candidate) => candidate.id === id)!;
      return { id, title: `Channel ${id}`, picture: {}, owner: { id: channel.owner, username: channel.owner, picture: '' }, locks: [] };
    },
  };
  return { api: { channels } as unknown as PlatformApi, lookups };
}

const managedFor = async (choices: ChannelChoices, api: PlatformApi) => Object.fromEntries((await choices.list(api)).map((choice) => [choice.id, choice.managedFor]));

describe('channel choices', () => {
  it("mark the channels another user's own as managed for them, the user's own as null", async () => {
    const { api, lookups } = platform([
      { id: '1', owner: 'sam', default: true },
      { id: '2', owner: 'sam', default: false },
      { id: '3', owner: 'demo', default: false },
    ]);
    expect(await managedFor(new ChannelChoices({ userName: 'sam', profileName: 'p' }), api)).toEqual({ 1: null, 2: null, 3: 'demo' });
    // The default channel is the user's without asking.
    expect(lookups.sort()).toEqual(['2', '3']);
  });

  it('learn the user from their default channel when the session does not know the name', async () => {
    const { api } = platform([
      { id: '1', owner: 'sam', default: true },
      { id: '3', owner: 'demo', default: false },
    ]);
    expect(await managedFor(new ChannelChoices({ userName: null, profileName: 'p' }), api)).toEqual({ 1: null, 3: 'demo' });
  });

  it('a list that marks defaults and marks none holds only managed channels', async () => {
    const { api } = platform([
      { id: '3', owner: 'demo', default: false },
      { id: '4', owner: 'kim', default: false },
    ]);
    expect(await managedFor(new ChannelChoices({ userName: null, profileName: 'p' }), api)).toEqual({ 3: 'demo', 4: 'kim' });
  });

  it('a platform that does not mark defaults leaves an unnamed user with their channels as their own', async () => {
    const { api, lookups } = platform([{ id: '3', owner: 'demo' }]);
    expect(await managedFor(new ChannelChoices({ userName: null, profileName: 'p' }), api)).toEqual({ 3: null });
    expect(lookups).toEqual([]);
  });

  it('read each owner once per profile, and show a channel gone since the list as the user’s', async () => {
    const { api, lookups } = platform(
      [
        { id: '1', owner: 'sam', default: true },
        { id: '3', owner: 'demo', default: false },
        { id: '9', owner: 'demo', default: false },
      ],
      ['9'],
    );
    const choices = new ChannelChoices({ userName: 'sam', profileName: 'p' });
    expect(await managedFor(choices, api)).toEqual({ 1: null, 3: 'demo', 9: null });
    await choices.list(api);
    expect(lookups.filter((id) => id === '3')).toHaveLength(1);
  });

  it('pass on a failure that is not about the channel', async () => {
    const { api } = platform([{ id: '1', owner: 'sam', default: false }]);
    const failing = { channels: { list: api.channels.list, get: async () => Promise.reject(new Error('connect ECONNREFUSED')) } } as unknown as PlatformApi;
    await expect(new ChannelChoices({ userName: 'sam', profileName: 'p' }).list(failing)).rejects.toThrow('ECONNREFUSED');
  });
});
