import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ManagerRow, type ManagersState } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  managers: { state: vi.fn(), invite: vi.fn(), change: vi.fn(), remove: vi.fn(), setChannel: vi.fn() },
});

const { initialManagersState, useManagersStore } = await import('../../../renderer/src/state/managers-slice');

function manager(userId: string, change: Partial<ManagerRow> = {}): ManagerRow {
  return { userId, email: `${userId}@example.com`, alias: '', active: false, channels: [], ...change };
}

function state(managers: ManagerRow[]): ManagersState {
  return { included: true, planNote: null, managers, channels: [{ id: '5', title: 'Main' }], maxActive: 3 };
}

const rows = () => useManagersStore.getState().state!.managers;

beforeEach(async () => {
  vi.clearAllMocks();
  useManagersStore.setState({ ...initialManagersState });
  bridge.companion.managers.state.mockResolvedValue(state([manager('a', { active: true }), manager('b')]));
  await useManagersStore.getState().load();
});

describe('managers slice', () => {
  it('shows an activation at once and keeps the platform answer', async () => {
    let answer!: (row: ManagerRow) => void;
    bridge.companion.managers.change.mockReturnValue(new Promise<ManagerRow>((resolve) => (answer = resolve)));
    const running = useManagersStore.getState().change('b', { active: true });
    expect(rows()[1]).toMatchObject({ active: true });
    expect(useManagersStore.getState().pending).toEqual(['b']);
    answer(manager('b', { active: true, alias: 'from platform' }));
    await running;
    expect(rows()[1]).toMatchObject({ active: true, alias: 'from platform' });
    expect(useManagersStore.getState().pending).toEqual([]);
  });

  it('rolls the row back and says why when the platform refuses (limit_reached)', async () => {
    bridge.companion.managers.change.mockRejectedValue(new CompanionError('limit_reached', 'At most 3 managers can be active at once.'));
    await useManagersStore.getState().change('b', { active: true });
    expect(rows()[1]).toMatchObject({ active: false });
    expect(useManagersStore.getState().error).toEqual({ message: 'At most 3 managers can be active at once.' });
  });

  it('rolls a channel grant back on error', async () => {
    bridge.companion.managers.setChannel.mockRejectedValue(new CompanionError('not_found', 'gone'));
    await useManagersStore.getState().setChannel('a', '5', true);
    expect(rows()[0]!.channels).toEqual([]);
  });

  it('a plan without managers is a note, not an error', async () => {
    bridge.companion.managers.invite.mockRejectedValue(new CompanionError('plan_lacks_feature', 'Your plan does not include channel managers.'));
    expect(await useManagersStore.getState().invite({ email: 'c@example.com' })).toBe(false);
    expect(useManagersStore.getState()).toMatchObject({ error: null, planNote: 'Your plan does not include channel managers.', inviting: false });
  });

  it('adds an invited manager to the list; one invite at a time', async () => {
    bridge.companion.managers.invite.mockResolvedValue(manager('c'));
    const first = useManagersStore.getState().invite({ email: 'c@example.com' });
    expect(await useManagersStore.getState().invite({ email: 'd@example.com' })).toBe(false);
    expect(await first).toBe(true);
    expect(rows().map((row) => row.userId)).toEqual(['a', 'b', 'c']);
    expect(bridge.companion.managers.invite).toHaveBeenCalledTimes(1);
  });

  it('removes a manager once the platform agrees, keeps it when it does not', async () => {
    bridge.companion.managers.remove.mockRejectedValueOnce(new Error('offline'));
    await useManagersStore.getState().remove('b');
    expect(rows().map((row) => row.userId)).toEqual(['a', 'b']);
    bridge.companion.managers.remove.mockResolvedValueOnce(null);
    await useManagersStore.getState().remove('b');
    expect(rows().map((row) => row.userId)).toEqual(['a']);
  });
});
