import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type DevicePasswordPage, type DevicePasswordRow } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({ devicePasswords: { page: vi.fn(), create: vi.fn(), remove: vi.fn() } });

const { initialDevicePasswordsState, useDevicePasswordsStore } = await import('../../../renderer/src/state/device-passwords-slice');

function item(userName: string): DevicePasswordRow {
  return { deviceName: userName, userName, createdAt: 1, validFrom: 1, validUntil: null };
}

function page(number: number, names: string[], more = false): DevicePasswordPage {
  return { items: names.map(item), page: number, pageSize: 2, hasPrevious: number > 1, hasNext: more };
}

const names = () => useDevicePasswordsStore.getState().page!.items.map((entry) => entry.userName);

beforeEach(async () => {
  vi.clearAllMocks();
  useDevicePasswordsStore.setState({ ...initialDevicePasswordsState });
  bridge.companion.devicePasswords.page.mockImplementation(({ page: number }: { page: number }) => Promise.resolve(number === 1 ? page(1, ['a', 'b'], true) : page(2, ['c'])));
  await useDevicePasswordsStore.getState().load();
});

describe('device passwords slice', () => {
  it('pages through the list and reloads the page it is on', async () => {
    await useDevicePasswordsStore.getState().load(2);
    expect(names()).toEqual(['c']);
    await useDevicePasswordsStore.getState().load();
    expect(bridge.companion.devicePasswords.page).toHaveBeenLastCalledWith({ page: 2 });
  });

  it('holds the created password until it is forgotten', async () => {
    bridge.companion.devicePasswords.create.mockResolvedValue({ ...item('n'), password: 'secret' });
    expect(await useDevicePasswordsStore.getState().create({ deviceName: 'n' })).toBe(true);
    expect(useDevicePasswordsStore.getState().created?.password).toBe('secret');
    useDevicePasswordsStore.getState().forgetCreated();
    expect(useDevicePasswordsStore.getState().created).toBeNull();
  });

  it('a refused creation leaves no password and says why', async () => {
    bridge.companion.devicePasswords.create.mockRejectedValue(new CompanionError('input_validation_error', 'Give the device a name.'));
    expect(await useDevicePasswordsStore.getState().create({ deviceName: 'x' })).toBe(false);
    expect(useDevicePasswordsStore.getState()).toMatchObject({ created: null, creating: false, error: { message: 'Give the device a name.' } });
  });

  it('removes a row at once and puts it back when the deletion fails', async () => {
    let fail!: (error: Error) => void;
    bridge.companion.devicePasswords.remove.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const running = useDevicePasswordsStore.getState().remove('a');
    expect(names()).toEqual(['b']);
    fail(new CompanionError('platform_error', 'offline'));
    await running;
    expect(names()).toEqual(['a', 'b']);
    expect(useDevicePasswordsStore.getState().error).toEqual({ message: 'offline' });
  });

  it('keeps a row away that the platform says is gone already', async () => {
    bridge.companion.devicePasswords.remove.mockRejectedValue(new CompanionError('not_found', 'no longer exists'));
    await useDevicePasswordsStore.getState().remove('a');
    expect(names()).toEqual(['b']);
  });
});
