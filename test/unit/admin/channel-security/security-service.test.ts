import { describe, expect, it } from 'vitest';
import { PLAN_NOTES, SecurityService } from '../../../../main/admin/channel-security/security-service.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';

const refused = (status: number, error: string) => new PlatformError(status, error, 'GET /channels/<channel_id>/locks/embed.<format>', `${status} ${error}`);

function fakeApi(channelSecurity: Partial<PlatformApi['channelSecurity']>, hashLock: Partial<PlatformApi['hashLock']> = {}): PlatformApi {
  const reads: Partial<PlatformApi['channelSecurity']> = {
    getPasswordLock: async () => true,
    getEmbedLock: async () => true,
    listEmbedAllowedUrls: async () => ['https://example.com/'],
    getPageLock: async () => false,
  };
  return { channelSecurity: { ...reads, ...channelSecurity }, hashLock } as unknown as PlatformApi;
}

describe('security service', () => {
  it('reads the locks into one state', async () => {
    const service = new SecurityService(async () => fakeApi({}));
    expect(await service.state('5')).toEqual({
      channelId: '5',
      passwordEnabled: true,
      embed: { included: true, planNote: null, locked: true, allowedUrls: ['https://example.com/'] },
      page: { included: true, planNote: null, locked: false },
    });
  });

  it('a plan without a lock (402) is a note in the state, not a failure', async () => {
    const service = new SecurityService(async () => fakeApi({ getEmbedLock: async () => Promise.reject(refused(402, 'invalid_request')), getPageLock: async () => Promise.reject(refused(402, 'invalid_request')) }));
    expect(await service.state('5')).toMatchObject({ embed: { included: false, planNote: PLAN_NOTES.embed }, page: { included: false, planNote: PLAN_NOTES.page } });
  });

  it('a 402 on a change is the plan note of that setting', async () => {
    const service = new SecurityService(async () => fakeApi({ setMultiQuality: async () => Promise.reject(refused(402, 'payment_required')) }));
    await expect(service.setViewerSetting('5', 'multiQuality', true)).rejects.toMatchObject({ code: 'plan_lacks_feature', message: PLAN_NOTES.multiQuality });
  });

  it('a refused password and a refused hash lock say what to fix', async () => {
    const service = new SecurityService(async () =>
      fakeApi({ setPassword: async () => Promise.reject(refused(400, 'input_validation_error')) }, { setAdvanced: async () => Promise.reject(refused(400, 'invalid_type')) }),
    );
    await expect(service.setPassword('5', ' ')).rejects.toMatchObject({ code: 'input_validation_error', message: expect.stringContaining('1 to 100 characters') });
    await expect(service.setHashLock('5', { type: 'advanced', url: 'https://x.example/', secret: 'k' })).rejects.toMatchObject({
      code: 'invalid_type',
      message: expect.stringContaining('https://x.example/'),
    });
  });

  it('another user\'s channel (403) and a missing one (404) are sentences', async () => {
    const service = new SecurityService(async () => fakeApi({ setHideViewers: async () => Promise.reject(refused(403, 'lack_of_ownership')), removePassword: async () => Promise.reject(refused(404, 'not_found')) }));
    await expect(service.setViewerSetting('5', 'hideViewers', true)).rejects.toMatchObject({ code: 'lack_of_ownership', message: expect.stringContaining('not yours') });
    await expect(service.removePassword('5')).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') });
  });

  it('a hash lock set reports whether it was new (201) or replaced (204), read back without the secret', async () => {
    const lock = { type: 'basic' as const, url: 'https://auth.example/', message: null, button_caption: null, popup_width: '600', popup_height: '400' };
    const service = new SecurityService(async () => fakeApi({}, { setBasic: async () => ({ created: false }), get: async () => lock }));
    expect(await service.setHashLock('5', { type: 'basic', url: 'https://auth.example/', secret: 'k' })).toEqual({
      created: false,
      lock: { type: 'basic', url: 'https://auth.example/', message: null, buttonCaption: null, popupWidth: '600', popupHeight: '400' },
    });
  });
});
