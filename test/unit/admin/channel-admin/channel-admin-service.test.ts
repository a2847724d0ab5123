import { describe, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../../preload/contract.js';
import { ChannelAdminService } from '../../../../main/admin/channel-admin/channel-admin-service.js';
import { ChannelChoices } from '../../../../main/admin/channels/channel-choices.js';
import { channelAdminAdvice } from '../../../../main/admin/channel-admin/channel-admin-errors.js';
import { toCompanionError } from '../../../../main/companion-errors.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';

function fakeApi(remove = vi.fn(async () => undefined)): PlatformApi {
  const channels = {
    get: async (id: string) => ({ id, title: 'Main', picture: {}, owner: { id: '1', username: 'demo', picture: '' }, locks: { password: [] }, description: 'd', tags: ['t'], url: 'main', status: 'offair' }),
    list: async function* () {
      yield { id: '5', title: 'Main', status: 'offline', default: true };
      yield { id: '6', title: 'Other', status: 'offline' };
    },
    remove,
  };
  return { channels } as unknown as PlatformApi;
}

const choicesFor = (userName: string | null) => new ChannelChoices({ userName, profileName: 'sandbox' });

describe('channel admin service', () => {
  it('details carry the default marker from the list and the password lock', async () => {
    const service = new ChannelAdminService(async () => fakeApi(), choicesFor('demo'));
    expect(await service.details('5')).toEqual({ id: '5', title: 'Main', description: 'd', tags: ['t'], url: 'main', status: 'offair', isDefault: true, locked: true, managedFor: null });
  });

  it('details name the owner of a channel the user manages for them', async () => {
    const service = new ChannelAdminService(async () => fakeApi(), choicesFor('alex'));
    expect(await service.details('6')).toMatchObject({ id: '6', isDefault: false, managedFor: 'demo' });
  });

  it('deletes only when the confirmation names the channel', async () => {
    const remove = vi.fn(async () => undefined);
    const service = new ChannelAdminService(async () => fakeApi(remove), choicesFor('demo'));
    const refused = await service.remove('5', { confirmTitle: 'Mai' }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(CompanionError);
    expect(refused).toMatchObject({ code: 'confirmation_mismatch', message: expect.stringContaining('"Main"') });
    expect(remove).not.toHaveBeenCalled();
    await service.remove('5', { confirmTitle: ' Main ' });
    expect(remove).toHaveBeenCalledWith('5');
  });
});

describe('channel admin errors', () => {
  it('turn the spec rows\' errors into sentences that say what to do', () => {
    const gone = new PlatformError(404, 'not_found', 'PUT /channels/<channel_id>.<format>', '404 not_found');
    expect(channelAdminAdvice(gone)).toBe('This channel no longer exists. Choose another channel.');
    expect(toCompanionError(gone)).toMatchObject({ code: 'not_found', message: 'This channel no longer exists. Choose another channel.' });
    const bareStatus = new PlatformError(404, null, 'PUT /channels/<channel_id>/custom-metadata/<field_id>.<format>', '404');
    expect(channelAdminAdvice(bareStatus)).toContain('Reload the fields');
    const invalid = new PlatformError(400, 'bad_request', 'POST /custom-metadata-fields.<format>', '400 bad_request');
    expect(channelAdminAdvice(invalid)).toContain('refused this field definition');
  });

  it('leave other rows to the platform\'s own message', () => {
    expect(channelAdminAdvice(new PlatformError(404, 'not_found', 'GET /videos/<video_id>.<format>', 'no video'))).toBeNull();
  });
});
