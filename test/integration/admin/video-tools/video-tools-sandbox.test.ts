// The video tools' services against the sandbox over real HTTP: a thumbnail image and frame; a trim set,
// read and removed; a copy followed to the end; labels created, renamed, attached, detached and deleted;
// chapters added, edited and deleted; a caption uploaded, flagged and read back, and a bad file refused
// with the platform's sentence naming the line; each refusal as a sentence that says what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessToken } from '../../../../main/platform/access-token.js';
import { createPlatformApi } from '../../../../main/platform/endpoints/index.js';
import { createPlatformCaller } from '../../../../main/platform/platform-caller.js';
import { VIDEO_GONE } from '../../../../main/admin/video-tools/video-tool-errors.js';
import { createVideoTools, type VideoTools } from '../../../../main/admin/video-tools/video-tools.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/index.js';
import { passwordToken } from '../../../support/sandbox-client.js';
import { testImage } from '../../../support/test-images.js';

let sandbox: Sandbox;
let tools: VideoTools;
let launch: string;
let qa: string;

beforeAll(async () => {
  sandbox = await startSandbox({ copyMs: 300, captionProcessingMs: 200 });
  const user: AccessToken = { type: 'bearer', accessToken: await passwordToken(sandbox), expiresAt: null, scopes: [] };
  const caller = createPlatformCaller({ apiUrl: sandbox.apiUrl, tokens: { token: async () => user }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  tools = createVideoTools(async () => createPlatformApi(caller));
  const videoId = (title: string) => sandbox.admin.store.data.videos.find((video) => video.title === title)!.id;
  launch = videoId('Launch stream');
  qa = videoId('Q&A night');
});

afterAll(async () => {
  await sandbox?.close();
});

describe('the video tools against the sandbox', () => {
  it('uploads a thumbnail image and sets a frame; refuses an image too large before sending and a frame past the end', async () => {
    const png = testImage('png', 320, 180);
    expect(await tools.thumbnail.upload(launch, { contentType: 'image/png', base64: png.toString('base64') })).toEqual({ width: 320, height: 180, bytes: png.length });
    await expect(tools.thumbnail.upload(launch, { contentType: 'image/png', base64: testImage('png', 4000, 10).toString('base64') })).rejects.toMatchObject({
      message: expect.stringContaining('smaller than 4000 x 4000 px'),
    });
    expect(await tools.thumbnail.setFrame(launch, 12.5)).toBeNull();
    await expect(tools.thumbnail.setFrame(launch, 99_999)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('no frame at 99999 seconds') });
    await expect(tools.thumbnail.setFrame('999999', 1)).rejects.toMatchObject({ code: 'not_found', message: VIDEO_GONE });
  });

  it('sets, reads and removes a trim; a trim under 10 seconds is refused with what to choose', async () => {
    expect(await tools.trim.state(launch)).toEqual({ start: 0, end: 3600 });
    expect(await tools.trim.set(launch, { start: 30, end: 600 })).toEqual({ start: 30, end: 600 });
    // Past the end of the video: the platform's 400.
    await expect(tools.trim.set(launch, { start: 30, end: 3700 })).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('at least 10 seconds after the start') });
    expect(await tools.trim.state(launch)).toEqual({ start: 30, end: 600 });
    expect(await tools.trim.remove(launch)).toEqual({ start: 0, end: 3600 });
  });

  it('copies a part into a new video, followed until the platform has made it', async () => {
    const started = await tools.trim.copy(launch, { start: 60, end: 120, title: 'Launch highlight' });
    expect(started).toMatchObject({ finished: false, videoId: null });
    let progress = started;
    const deadline = Date.now() + 10_000;
    while (!progress.finished && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await tools.trim.copyStatus(started.requestId);
    }
    expect(progress).toMatchObject({ requestId: started.requestId, finished: true, videoId: expect.stringMatching(/^\d+$/), videoUrl: expect.stringContaining(progress.videoId!) });
    expect(sandbox.admin.store.data.videos.find((video) => video.id === progress.videoId)).toMatchObject({ title: 'Launch highlight', protect: 'private' });
    await expect(tools.trim.copyStatus('no-such-request')).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer knows this copy') });
  });

  it('creates, renames, attaches, detaches and deletes a label; a name in use is refused', async () => {
    const before = await tools.labels.forVideo(launch);
    const highlights = before.labels.find((label) => label.name === 'Highlights')!;
    expect(before.attached).toEqual([highlights.id]);
    const created = await tools.labels.create('Post-show');
    expect(created).toMatchObject({ name: 'Post-show', color: expect.stringMatching(/^color-\d+$/) });
    await expect(tools.labels.create('post-SHOW')).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('no other label of yours has') });
    await tools.labels.rename(created.id, 'After the show');
    await tools.labels.setOnVideo(launch, created.id, true);
    expect(await tools.labels.forVideo(launch)).toMatchObject({ attached: expect.arrayContaining([highlights.id, created.id]) });
    await tools.labels.setOnVideo(launch, highlights.id, false);
    const after = await tools.labels.forVideo(launch);
    expect(after.attached).toEqual([created.id]);
    expect(after.labels.find((label) => label.id === created.id)?.name).toBe('After the show');
    await tools.labels.remove(created.id);
    await expect(tools.labels.rename(created.id, 'Again')).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') });
    expect((await tools.labels.forVideo(launch)).attached).toEqual([]);
  });

  it('adds, edits and deletes chapters, and deletes them all; a position taken is refused', async () => {
    const seeded = await tools.chapters.list(launch);
    expect(seeded).toHaveLength(3);
    const added = await tools.chapters.add(launch, { title: 'Encore', position: 3000 });
    const encore = added.find((chapter) => chapter.title === 'Encore')!;
    expect(added.map((chapter) => chapter.position)).toEqual([...added.map((chapter) => chapter.position)].sort((a, b) => a - b));
    await expect(tools.chapters.add(launch, { title: 'Twin', position: 3000 })).rejects.toMatchObject({ code: 'invalid_value', message: expect.stringContaining('no other chapter has') });
    const edited = await tools.chapters.edit(launch, encore.id, { title: 'Encore!', position: 3100 });
    expect(edited.find((chapter) => chapter.id === encore.id)).toMatchObject({ title: 'Encore!', position: 3100 });
    expect(await tools.chapters.remove(launch, encore.id)).toHaveLength(3);
    await expect(tools.chapters.remove(launch, encore.id)).rejects.toMatchObject({ message: expect.stringContaining('Reload the chapters') });
    expect(await tools.chapters.removeAll(launch)).toEqual([]);
  });

  it('uploads a caption, sets its flags, reads it back; a bad file is refused with the line it goes wrong on', async () => {
    const languages = await tools.captions.languages();
    expect(languages).toContainEqual({ code: 'de', name: 'German' });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:04.000\nHallo zusammen\n';
    const uploaded = await tools.captions.upload(qa, 'de', vtt);
    expect(uploaded.map((caption) => caption.language)).toEqual(['de', 'en']);
    // The seeded English caption stays the default; a new one is visible.
    expect(uploaded.find((caption) => caption.language === 'de')).toMatchObject({ isDefault: false, isVisible: true, status: 'processing' });
    const flagged = await tools.captions.setFlags(qa, 'de', { isDefault: true });
    expect(flagged.map((caption) => [caption.language, caption.isDefault])).toEqual([
      ['de', true],
      ['en', false],
    ]);
    expect(await tools.captions.vtt(qa, 'de')).toBe(vtt);

    const bad = 'WEBVTT\n\n00:00.000 -> 00:04.000\nBroken arrow\n';
    const refusal = await tools.captions.upload(qa, 'fr', bad).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'not_valid_vtt' });
    const message = (refusal as Error).message;
    expect(message).toMatch(/^The caption is not valid WebVTT: line 3: .*"00:00\.000 -> 00:04\.000".* Fix the file and upload it again\.$/);
    // Only the platform's sentence and the advice: not the endpoint and status around it.
    expect(message).not.toContain('answered 400');
    expect((await tools.captions.list(qa)).map((caption) => caption.language)).toEqual(['de', 'en']);
    await expect(tools.captions.vtt(qa, 'fr')).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('Reload the captions') });
  });
});
