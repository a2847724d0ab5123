// The library service with a faked platform client: pages mapped for the panel, a search that drops the
// protection filter (and says so), details at a level, and the platform's refusals as sentences (403
// `forbidden` on expiration with its own code, 402 left to the plan note).
import { describe, expect, it, vi } from 'vitest';
import { CompanionError } from '../../../../preload/contract.js';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import type { Video } from '../../../../main/platform/endpoints/schemas.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';
import { EXPIRATION_FORBIDDEN } from '../../../../main/admin/video-library/video-library-errors.js';
import { SEARCH_DROPS_FILTER, VideoLibraryService } from '../../../../main/admin/video-library/video-library-service.js';

const video: Video = {
  id: '42',
  links: { channel: { href: 'https://api.example/channels/7.json' } },
  title: 'Q&A night',
  description: 'Questions',
  url: 'https://video.example/recorded/42',
  length: '3600.500',
  created_at: 1000,
  added_at: 900,
  file_size: '734003200',
  views: 12,
  thumbnail: { default: 'https://img.example/42.jpg' },
  caption_matches: [{ start_sec: 12.5, end_sec: 17, caption: 'which microphone' }],
};

function serviceWith(api: Record<string, unknown>) {
  return new VideoLibraryService(async () => api as unknown as PlatformApi);
}

const refusal = (status: number, error: string, endpoint: string) => new PlatformError(status, error, endpoint, `${endpoint} said ${error}`);

describe('video library service', () => {
  it('reads one page of the user\'s or a channel\'s videos, 50 at a time, as rows', async () => {
    const pageForUser = vi.fn(async () => ({ items: [video], hasPrevious: false, hasNext: true }));
    const pageForChannel = vi.fn(async () => ({ items: [], hasPrevious: true, hasNext: false }));
    const service = serviceWith({ videos: { pageForUser, pageForChannel } });
    const mine = await service.page({ channelId: null, page: 1, sort: 'popular', protect: ['private'] });
    expect(pageForUser).toHaveBeenCalledWith(1, { pageSize: 50, q: undefined, sort: 'popular', protect: ['private'] });
    expect(mine).toEqual({
      request: { channelId: null, page: 1, sort: 'popular', protect: ['private'], q: undefined },
      items: [
        {
          id: '42',
          channelId: '7',
          title: 'Q&A night',
          description: 'Questions',
          url: 'https://video.example/recorded/42',
          lengthSeconds: 3600.5,
          createdAt: 1000,
          views: 12,
          thumbnailUrl: 'https://img.example/42.jpg',
          // Listed under the "private only" filter: that says who may watch it.
          protect: 'private',
          captionMatches: [{ startSec: 12.5, endSec: 17, caption: 'which microphone' }],
        },
      ],
      hasPrevious: false,
      hasNext: true,
      note: null,
    });
    const channel = await service.page({ channelId: '7', page: 2, sort: 'recent', protect: [] });
    expect(pageForChannel).toHaveBeenCalledWith('7', 2, { pageSize: 50, q: undefined, sort: 'recent', protect: [] });
    expect(channel).toMatchObject({ items: [], hasPrevious: true, hasNext: false });
  });

  it('tells public from private in a mixed list with one more request, for the private ones', async () => {
    const other = { ...video, id: '43' };
    const pageForUser = vi.fn(async (_page: number, options: { protect: string[] }) =>
      options.protect.includes('private') ? { items: [other], hasPrevious: false, hasNext: false } : { items: [video, other], hasPrevious: false, hasNext: false },
    );
    const page = await serviceWith({ videos: { pageForUser } }).page({ channelId: null, page: 1, sort: 'recent', protect: [] });
    expect(pageForUser).toHaveBeenCalledTimes(2);
    expect(page.items.map((row) => [row.id, row.protect])).toEqual([
      ['42', 'public'],
      ['43', 'private'],
    ]);
  });

  it('a search goes without the protection filter, which the platform would let win, and says so', async () => {
    const pageForUser = vi.fn(async () => ({ items: [], hasPrevious: false, hasNext: false }));
    const page = await serviceWith({ videos: { pageForUser } }).page({ channelId: null, page: 1, q: 'microphone', sort: 'recent', protect: ['public'] });
    expect(pageForUser).toHaveBeenCalledWith(1, { pageSize: 50, q: 'microphone', sort: 'recent', protect: [] });
    expect(page.note).toBe(SEARCH_DROPS_FILTER);
    expect(page.request.protect).toEqual([]);
  });

  it('reads details at a level; a minimal video has only its id and channel', async () => {
    const get = vi.fn(async (_id: string, options: { detailLevel?: string }) =>
      options.detailLevel === 'minimal' ? { id: '42', links: { channel: { href: 'x', id: '7' } } } : { ...video, stream: { dhls: 'https://hls.example/42.m3u8' } },
    );
    const service = serviceWith({ videos: { get } });
    expect(await service.details('42', 'owner')).toMatchObject({ detailLevel: 'owner', hlsUrl: 'https://hls.example/42.m3u8', fileSize: 734003200, addedAt: 900 });
    expect(get).toHaveBeenLastCalledWith('42', { detailLevel: 'owner' });
    expect(await service.details('42', 'minimal')).toMatchObject({ id: '42', channelId: '7', title: '', lengthSeconds: null, hlsUrl: null });
    await service.details('42', 'default');
    expect(get).toHaveBeenLastCalledWith('42', { detailLevel: undefined });
  });

  it('explains refusals: a video gone, someone else\'s, expiration turned off (its own code)', async () => {
    const service = serviceWith({
      videos: {
        edit: async () => {
          throw refusal(404, 'not_found', 'PUT /videos/<video_id>.<format>');
        },
        remove: async () => {
          throw refusal(403, 'lack_of_ownership', 'DELETE /videos/<video_id>.<format>');
        },
      },
      expiration: {
        get: async () => {
          throw refusal(403, 'forbidden', 'GET /videos/<video_id>/expiration.<format>');
        },
      },
    });
    await expect(service.edit('42', { title: 'x' })).rejects.toMatchObject({ code: 'not_found', message: 'This video no longer exists (perhaps it was deleted elsewhere). Reload the list.' });
    await expect(service.remove('42')).rejects.toMatchObject({ code: 'lack_of_ownership', message: expect.stringContaining('cannot delete it') });
    const forbidden = await service.expiration('42').catch((error: unknown) => error);
    expect(forbidden).toBeInstanceOf(CompanionError);
    expect(forbidden).toMatchObject({ code: EXPIRATION_FORBIDDEN, message: expect.stringContaining('Expiration is turned off') });
  });

  it('leaves a plan limit (402) and unknown errors to the common wording', async () => {
    const planLimit = refusal(402, 'payment_required', 'GET /videos/<video_id>/expiration.<format>');
    const odd = refusal(500, 'server_error', 'GET /videos/<video_id>/expiration.<format>');
    const get = vi.fn().mockRejectedValueOnce(planLimit).mockRejectedValueOnce(odd);
    const service = serviceWith({ expiration: { get } });
    await expect(service.expiration('42')).rejects.toBe(planLimit);
    await expect(service.expiration('42')).rejects.toBe(odd);
  });

  it('sets the rule to never and reads the expiration back; the end time only with at_given_time', async () => {
    const get = vi.fn().mockResolvedValueOnce({ rule: 'at_given_time', expires_at: 5000 }).mockResolvedValueOnce({ rule: 'never' });
    const setRule = vi.fn(async () => undefined);
    const service = serviceWith({ expiration: { get, setRule } });
    expect(await service.expiration('42')).toEqual({ videoId: '42', rule: 'at_given_time', expiresAt: 5000 });
    expect(await service.neverExpire('42')).toEqual({ videoId: '42', rule: 'never', expiresAt: null });
    expect(setRule).toHaveBeenCalledWith('42', 'never');
  });

  it('reads the account\'s video fields with the video\'s values, and writes values', async () => {
    const list = vi.fn(async () => [{ id: '3', name: 'episode', display_name: 'Episode', content_type: 'video', type: 'number', is_required: false }]);
    const values = vi.fn(async () => [{ field_id: '3', value: '12' }]);
    const set = vi.fn(async () => undefined);
    const service = serviceWith({ metadataFields: { list }, videoMetadata: { list: values, set } });
    const metadata = await service.setValue('42', '3', '12');
    expect(set).toHaveBeenCalledWith('42', '3', '12');
    expect(list).toHaveBeenCalledWith('video');
    expect(metadata).toEqual({
      videoId: '42',
      fields: [{ id: '3', name: 'episode', displayName: 'Episode', contentType: 'video', type: 'number', description: '', isRequired: false, enumItems: [] }],
      values: [{ fieldId: '3', value: '12' }],
    });
  });
});
