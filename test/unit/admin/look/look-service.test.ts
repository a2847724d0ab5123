import { describe, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../../preload/contract.js';
import { LookService, normalizeColor, PLAN_LACKS_BRANDING } from '../../../../main/admin/look/look-service.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';
import { testImage } from '../../../support/test-images.js';

function fakeApi(parts: { branding?: Partial<PlatformApi['branding']>; channelDesign?: Partial<PlatformApi['channelDesign']> }): PlatformApi {
  return { branding: parts.branding ?? {}, channelDesign: parts.channelDesign ?? {} } as unknown as PlatformApi;
}

const refused = (status: number, error: string) => new PlatformError(status, error, 'PUT /channels/<channel_id>/branding.<format>', `${status} ${error}`);
const upload = (bytes: Buffer, contentType: 'image/png' | 'image/gif' | 'image/jpeg' = 'image/png') => ({ contentType, base64: bytes.toString('base64') });

describe('look service', () => {
  it('sends a logo of at most 170 x 170 as its bytes with its type', async () => {
    const uploadLogo = vi.fn(async () => undefined);
    const service = new LookService(async () => fakeApi({ branding: { uploadLogo } }));
    const bytes = testImage('gif', 170, 120);
    expect(await service.uploadLogo('5', upload(bytes, 'image/gif'))).toEqual({ width: 170, height: 120, bytes: bytes.length });
    expect(uploadLogo).toHaveBeenCalledWith('5', { data: new Uint8Array(bytes), contentType: 'image/gif' });
  });

  it('refuses before the platform: a logo too large, a file that is not what it says, a picture not square or too heavy', async () => {
    const calls = vi.fn();
    const service = new LookService(async () => fakeApi({ branding: { uploadLogo: calls }, channelDesign: { uploadPicture: calls } }));
    await expect(service.uploadLogo('5', upload(testImage('png', 300, 300)))).rejects.toMatchObject({ code: 'invalid_image', message: expect.stringContaining('300 x 300 px') });
    await expect(service.uploadLogo('5', upload(testImage('png', 10, 10), 'image/jpeg'))).rejects.toMatchObject({ code: 'invalid_file' });
    await expect(service.uploadLogo('5', upload(Buffer.from('plain words')))).rejects.toMatchObject({ code: 'invalid_file' });
    await expect(service.uploadPicture('5', upload(testImage('png', 200, 100)))).rejects.toMatchObject({ message: expect.stringContaining('must be square') });
    const heavy = Buffer.concat([testImage('png', 64, 64), Buffer.alloc(1_000_000)]);
    await expect(service.uploadPicture('5', upload(heavy))).rejects.toMatchObject({ message: expect.stringContaining('under 1 MB') });
    expect(calls).not.toHaveBeenCalled();
  });

  it('402 is the plan note; listed errors are sentences', async () => {
    const service = new LookService(async () =>
      fakeApi({
        branding: { setType: async () => Promise.reject(refused(402, 'payment_required')), setLogoSettings: async () => Promise.reject(refused(400, 'invalid_link')) },
        channelDesign: { setBackground: async () => Promise.reject(refused(404, 'not_found')) },
      }),
    );
    await expect(service.setBrandingType('5', 'full')).rejects.toMatchObject({ code: 'plan_lacks_feature', message: PLAN_LACKS_BRANDING });
    await expect(service.setLogoSettings('5', { position: 'top-left', margin: 0, link: '' })).rejects.toMatchObject({ code: 'invalid_link', message: expect.stringContaining('full web address') });
    const error = await service.setBackground('5', 'ABC').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompanionError);
    expect(error).toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') });
  });

  it('no background colour (404 on read) is null; colours are sent as #rrggbb', async () => {
    const setBackground = vi.fn(async () => undefined);
    const service = new LookService(async () => fakeApi({ channelDesign: { getBackground: async () => Promise.reject(refused(404, 'not_found')), setBackground } }));
    expect(await service.background('5')).toEqual({ color: null });
    expect(await service.setBackground('5', 'AbC')).toEqual({ color: '#aabbcc' });
    expect(setBackground).toHaveBeenCalledWith('5', '#aabbcc');
    expect(normalizeColor(' #1A2B3C ')).toBe('#1a2b3c');
  });
});
