import { describe, expect, it } from 'vitest';
import { CompanionError } from '../../../../preload/contract.js';
import { ChannelChoices } from '../../../../main/admin/channels/channel-choices.js';
import { ManagerService, PLAN_LACKS_MANAGERS } from '../../../../main/admin/managers/manager-service.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';

function fakeApi(managers: Partial<PlatformApi['managers']>): PlatformApi {
  const channels = {
    list: async function* () {
      yield { id: '5', title: 'Main', status: 'offline', default: true };
    },
  };
  return { channels, managers } as unknown as PlatformApi;
}

const choices = new ChannelChoices({ userName: 'demo', profileName: 'sandbox' });

const refused = (status: number, error: string) => new PlatformError(status, error, 'PUT /users/self/managers/<manager_id>.<format>', `${status} ${error}`);

describe('manager service', () => {
  it('a plan without managers (402) is a state, not a failure', async () => {
    const service = new ManagerService(async () => fakeApi({ list: async () => Promise.reject(refused(402, 'invalid_request')) }), choices);
    expect(await service.state()).toMatchObject({ included: false, planNote: PLAN_LACKS_MANAGERS, managers: [], channels: [{ id: '5', title: 'Main' }] });
  });

  it('limit_reached becomes a sentence that says what to do', async () => {
    const service = new ManagerService(async () => fakeApi({ edit: async () => Promise.reject(refused(403, 'limit_reached')) }), choices);
    const error = await service.change('7', { active: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompanionError);
    expect(error).toMatchObject({ code: 'limit_reached', message: expect.stringContaining('Deactivate another manager first') });
  });

  it('a refused invitation names the address to check', async () => {
    const service = new ManagerService(async () => fakeApi({ create: async () => Promise.reject(refused(400, 'bad_request')) }), choices);
    await expect(service.invite({ email: 'who@example.com' })).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('who@example.com') });
  });

  it('a 402 on a change is the plan note too', async () => {
    const service = new ManagerService(async () => fakeApi({ grantChannel: async () => Promise.reject(refused(402, 'invalid_request')) }), choices);
    await expect(service.setChannel('7', '5', true)).rejects.toMatchObject({ code: 'plan_lacks_feature', message: PLAN_LACKS_MANAGERS });
  });
});
