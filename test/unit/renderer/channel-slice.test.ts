import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ChannelChoice, type ChannelDetails } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({ live: { channels: vi.fn() }, channel: { details: vi.fn(), edit: vi.fn(), remove: vi.fn() } });

const { initialChannelState, useChannelStore } = await import('../../../renderer/src/state/channel-slice');

const choices: ChannelChoice[] = [
  { id: '1', title: 'Main', status: 'offline', isDefault: false, managedFor: null },
  { id: '2', title: 'Default', status: 'offline', isDefault: true, managedFor: null },
];

function details(id: string, title: string): ChannelDetails {
  return { id, title, description: '', tags: [], url: title.toLowerCase(), status: 'offair', isDefault: id === '2', locked: false, managedFor: null };
}

beforeEach(async () => {
  vi.clearAllMocks();
  useChannelStore.setState({ ...initialChannelState });
  bridge.companion.live.channels.mockResolvedValue(choices);
  bridge.companion.channel.details.mockImplementation((id: string) => Promise.resolve(details(id, choices.find((choice) => choice.id === id)!.title)));
  await useChannelStore.getState().load();
});

describe('channel slice', () => {
  it('starts on the default channel', () => {
    expect(useChannelStore.getState()).toMatchObject({ channelId: '2', details: { title: 'Default' }, busy: null });
  });

  it('shows an edit at once and keeps the platform\'s answer', async () => {
    let answer!: (value: ChannelDetails) => void;
    bridge.companion.channel.edit.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const running = useChannelStore.getState().save({ title: 'Renamed', description: 'd', tags: ['t'] });
    expect(useChannelStore.getState()).toMatchObject({ busy: 'save', details: { title: 'Renamed', tags: ['t'] } });
    expect(useChannelStore.getState().channels?.find((choice) => choice.id === '2')?.title).toBe('Renamed');
    answer({ ...details('2', 'Renamed'), description: 'd', tags: ['t'] });
    await running;
    expect(useChannelStore.getState()).toMatchObject({ busy: null, done: 'Saved.', error: null });
  });

  it('rolls a refused edit back and says why', async () => {
    bridge.companion.channel.edit.mockRejectedValue(new CompanionError('not_found', 'This channel no longer exists. Choose another channel.'));
    await useChannelStore.getState().save({ title: 'Renamed', description: '', tags: [] });
    expect(useChannelStore.getState()).toMatchObject({ busy: null, details: { title: 'Default' }, error: { message: 'This channel no longer exists. Choose another channel.' } });
    expect(useChannelStore.getState().channels?.find((choice) => choice.id === '2')?.title).toBe('Default');
  });

  it('after a delete, moves to a channel that is left', async () => {
    bridge.companion.channel.remove.mockResolvedValue([choices[0]]);
    await useChannelStore.getState().remove('Default');
    expect(bridge.companion.channel.remove).toHaveBeenCalledWith('2', { confirmTitle: 'Default' });
    expect(useChannelStore.getState()).toMatchObject({ channelId: '1', details: { title: 'Main' }, done: 'Deleted the channel "Default".' });
  });
});
