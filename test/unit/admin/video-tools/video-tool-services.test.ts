import { describe, expect, it, vi } from 'vitest';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import { PlatformError, SignInNeededError } from '../../../../main/platform/platform-error.js';
import { VIDEO_NOT_YOURS } from '../../../../main/admin/video-tools/video-tool-errors.js';
import { createVideoTools } from '../../../../main/admin/video-tools/video-tools.js';
import { testImage } from '../../../support/test-images.js';

// The platform client is the boundary: each test fakes only the calls it needs.
function toolsWith(parts: Partial<{ [K in keyof PlatformApi]: Partial<PlatformApi[K]> }>) {
  return createVideoTools(async () => parts as unknown as PlatformApi);
}

const refused = (status: number, error: string, description: string | null = null) =>
  new PlatformError(status, error, 'ENDPOINT', `ENDPOINT answered ${status} (${error}): advice`, { description });
const png = (bytes: Buffer, contentType: 'image/png' | 'image/jpeg' = 'image/png') => ({ contentType, base64: bytes.toString('base64') });

describe('thumbnail service', () => {
  it('sends an image within the limits as its bytes with its type', async () => {
    const uploadThumbnail = vi.fn(async () => undefined);
    const tools = toolsWith({ thumbnailsTrimCopy: { uploadThumbnail } });
    const bytes = testImage('png', 64, 36);
    expect(await tools.thumbnail.upload('9', png(bytes))).toEqual({ width: 64, height: 36, bytes: bytes.length });
    expect(uploadThumbnail).toHaveBeenCalledWith('9', { data: new Uint8Array(bytes), contentType: 'image/png' });
  });

  it('refuses before the platform: not an image, not the type it says, 10 MB or more, 4000 px or more', async () => {
    const uploadThumbnail = vi.fn();
    const tools = toolsWith({ thumbnailsTrimCopy: { uploadThumbnail } });
    await expect(tools.thumbnail.upload('9', png(Buffer.from('plain words')))).rejects.toMatchObject({ code: 'invalid_file' });
    await expect(tools.thumbnail.upload('9', png(testImage('png', 10, 10), 'image/jpeg'))).rejects.toMatchObject({ code: 'invalid_file', message: expect.stringContaining('but it is image/png') });
    const heavy = Buffer.concat([testImage('png', 64, 64), Buffer.alloc(10_000_000)]);
    await expect(tools.thumbnail.upload('9', png(heavy))).rejects.toMatchObject({ message: expect.stringContaining('must be under 10 MB') });
    await expect(tools.thumbnail.upload('9', png(testImage('png', 4000, 8)))).rejects.toMatchObject({ message: expect.stringContaining('4000 x 8 px') });
    expect(uploadThumbnail).not.toHaveBeenCalled();
  });
});

describe('video tool errors', () => {
  it("says whose video it is on 403, lets a sign-in prompt and an unlisted failure through as they are", async () => {
    const signIn = new SignInNeededError(401, 'unauthorized', 'ENDPOINT', 'sign in');
    const failed = refused(500, 'server_error');
    const tools = toolsWith({
      thumbnailsTrimCopy: { setThumbnailFrame: async () => Promise.reject(refused(403, 'lack_of_ownership')), getTrim: async () => Promise.reject(signIn), removeTrim: async () => Promise.reject(failed) },
    });
    await expect(tools.thumbnail.setFrame('9', 1)).rejects.toMatchObject({ code: 'lack_of_ownership', message: VIDEO_NOT_YOURS });
    await expect(tools.trim.state('9')).rejects.toBe(signIn);
    await expect(tools.trim.remove('9')).rejects.toBe(failed);
  });

  it("shows a caption's not_valid_vtt as the platform's own sentence, and says so when it gave none", async () => {
    const uploadVtt = vi
      .fn()
      .mockRejectedValueOnce(refused(400, 'not_valid_vtt', 'The caption is not valid WebVTT: line 3: bad timing: "0 -> 1"'))
      .mockRejectedValueOnce(refused(400, 'not_valid_vtt'));
    const tools = toolsWith({ captions: { uploadVtt } });
    await expect(tools.captions.upload('9', 'en', 'x')).rejects.toMatchObject({
      code: 'not_valid_vtt',
      message: 'The caption is not valid WebVTT: line 3: bad timing: "0 -> 1". Fix the file and upload it again.',
    });
    await expect(tools.captions.upload('9', 'en', 'x')).rejects.toMatchObject({ message: 'The caption file has errors. Fix the file and upload it again.' });
  });
});

describe('trim and copy service', () => {
  it("reports a copy unfinished, then finished with the new video's id as a string", async () => {
    const copyStatus = vi.fn().mockResolvedValueOnce({ is_finished: false }).mockResolvedValueOnce({ is_finished: true, video_id: 77, video_url: 'https://example.com/recorded/77' });
    const tools = toolsWith({ thumbnailsTrimCopy: { copy: async () => ({ request_id: 'r1', status_url: 'x' }), copyStatus } });
    expect(await tools.trim.copy('9', { start: 0, end: 10, title: 'Part' })).toEqual({ requestId: 'r1', finished: false, videoId: null, videoUrl: null });
    expect(await tools.trim.copyStatus('r1')).toEqual({ requestId: 'r1', finished: false, videoId: null, videoUrl: null });
    expect(await tools.trim.copyStatus('r1')).toEqual({ requestId: 'r1', finished: true, videoId: '77', videoUrl: 'https://example.com/recorded/77' });
  });
});

describe('label service', () => {
  it("lists the account's labels by name with the ids the video carries", async () => {
    const label = (id: number, name: string) => ({ label_id: id, label_name: name, label_color: `color-${id}` });
    const tools = toolsWith({ labels: { list: async () => [label(2, 'Zebra'), label(1, 'apple')], listForVideo: async () => [label(2, 'Zebra')] } });
    expect(await tools.labels.forVideo('9')).toEqual({
      videoId: '9',
      labels: [
        { id: 1, name: 'apple', color: 'color-1' },
        { id: 2, name: 'Zebra', color: 'color-2' },
      ],
      attached: [2],
    });
    expect(await tools.labels.list()).toEqual([
      { id: 1, name: 'apple', color: 'color-1' },
      { id: 2, name: 'Zebra', color: 'color-2' },
    ]);
  });
});
