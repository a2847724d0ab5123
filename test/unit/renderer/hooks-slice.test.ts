import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, HOOK_EVENTS, type HookDelivery, type HookRow, type HooksState } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({ live: { channels: vi.fn() }, hooks: { state: vi.fn(), register: vi.fn(), remove: vi.fn(), deliveries: vi.fn() } });

const { initialHooksState, useHooksStore } = await import('../../../renderer/src/state/hooks-slice');

const RECEIVER = 'http://127.0.0.1:4000/hooks';

function stateWith(rows: Partial<Record<HookRow['event'], Partial<HookRow>>> = {}, channelId = '7'): HooksState {
  return { channelId, receiverUrl: RECEIVER, hooks: HOOK_EVENTS.map((event) => ({ event, recipient: null, status: null, atReceiver: false, ...rows[event] })) };
}

const row = (event: HookRow['event']) => useHooksStore.getState().state!.hooks.find((entry) => entry.event === event)!;

function delivery(overrides: Partial<HookDelivery>): HookDelivery {
  return { id: 1, at: 0, kind: 'delivery', event: 'video.create', channelId: null, videoId: '3', accepted: true, note: 'Signature verified.', ...overrides };
}

beforeEach(async () => {
  vi.clearAllMocks();
  useHooksStore.setState({ ...initialHooksState });
  bridge.companion.live.channels.mockResolvedValue([
    { id: '6', title: 'Other', isDefault: false, managedFor: null },
    { id: '7', title: 'Main', isDefault: true, managedFor: null },
  ]);
  bridge.companion.hooks.deliveries.mockResolvedValue([delivery({ id: 1 })]);
  bridge.companion.hooks.state.mockResolvedValue(stateWith());
  await useHooksStore.getState().load();
});

describe('hooks slice', () => {
  it('opens on the default channel with what the receiver got so far', () => {
    expect(bridge.companion.hooks.state).toHaveBeenCalledWith('7');
    expect(useHooksStore.getState()).toMatchObject({ channelId: '7', busy: null, deliveries: [{ id: 1 }] });
  });

  it('shows a registration as pending at once and keeps what main answers', async () => {
    let answer!: (state: HooksState) => void;
    bridge.companion.hooks.register.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const running = useHooksStore.getState().register('video.create', RECEIVER);
    expect(row('video.create')).toMatchObject({ status: 'pending', recipient: RECEIVER, atReceiver: true });
    expect(useHooksStore.getState().busy).toBe('video.create');
    answer(stateWith({ 'video.create': { status: 'active', recipient: RECEIVER, atReceiver: true } }));
    expect(await running).toBe(true);
    expect(row('video.create').status).toBe('active');
  });

  it('puts the row back and says why when the platform refuses', async () => {
    bridge.companion.hooks.register.mockRejectedValue(new CompanionError('not_found', 'This channel no longer exists. Reload the list of channels.'));
    expect(await useHooksStore.getState().register('channel.status.live', 'https://example.com/hooks')).toBe(false);
    expect(row('channel.status.live').status).toBeNull();
    expect(useHooksStore.getState()).toMatchObject({ busy: null, error: { message: 'This channel no longer exists. Reload the list of channels.' } });

    useHooksStore.setState({ state: stateWith({ 'video.deleted': { status: 'active', recipient: RECEIVER } }) });
    bridge.companion.hooks.remove.mockRejectedValue(new CompanionError('platform_error', 'offline'));
    await useHooksStore.getState().remove('video.deleted');
    expect(row('video.deleted').status).toBe('active');
  });

  it('adds what arrives on top, and reads the hooks again when a handshake for this channel came in', async () => {
    bridge.companion.hooks.state.mockResolvedValue(stateWith({ 'video.create': { status: 'active' } }));
    useHooksStore.getState().received(delivery({ id: 2, kind: 'handshake', channelId: '6' }));
    expect(bridge.companion.hooks.state).toHaveBeenCalledTimes(1);
    useHooksStore.getState().received(delivery({ id: 3, kind: 'handshake', channelId: '7' }));
    await vi.waitFor(() => expect(row('video.create').status).toBe('active'));
    expect(useHooksStore.getState().deliveries.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it('says a registered hook is active once its handshake came in, not that it still waits', async () => {
    bridge.companion.hooks.register.mockResolvedValue(stateWith({ 'video.create': { status: 'pending', recipient: RECEIVER, atReceiver: true } }));
    await useHooksStore.getState().register('video.create', RECEIVER);
    expect(useHooksStore.getState().done).toContain('the hook is active once it answers');

    bridge.companion.hooks.state.mockResolvedValue(stateWith({ 'video.create': { status: 'active', recipient: RECEIVER, atReceiver: true } }));
    await useHooksStore.getState().refresh();
    expect(useHooksStore.getState().done).toBe("The video.create hook is active: its recipient answered the platform's handshake.");

    // Already active when the platform answered the registration (the handshake was quicker).
    bridge.companion.hooks.register.mockResolvedValue(stateWith({ 'video.deleted': { status: 'active', recipient: RECEIVER, atReceiver: true } }));
    await useHooksStore.getState().register('video.deleted', RECEIVER);
    expect(useHooksStore.getState().done).toBe("The video.deleted hook is active: its recipient answered the platform's handshake.");
  });

  it('keeps the newest 200 deliveries', () => {
    for (let id = 10; id < 260; id += 1) useHooksStore.getState().received(delivery({ id }));
    expect(useHooksStore.getState().deliveries).toHaveLength(200);
    expect(useHooksStore.getState().deliveries[0]?.id).toBe(259);
  });
});
