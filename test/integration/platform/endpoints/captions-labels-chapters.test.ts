// The typed client for captions, labels and chapters against the sandbox over real HTTP: a WebVTT upload
// with an error comes back as not_valid_vtt naming the line, a good one becomes active and the video
// search then finds its text with the cue's times; labels and chapters round-trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInNeededError } from '../../../../main/platform/platform-error.js';
import { collect, platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

let apis: SandboxApis;

beforeAll(async () => {
  apis = await startSandboxApis({ captionProcessingMs: 50 });
});

afterAll(async () => {
  await apis?.sandbox.close();
});

/** A seeded video of the demo user, by title. */
function seededVideo(title: string): string {
  const video = apis.sandbox.admin.store.data.videos.find((candidate) => candidate.title === title);
  if (!video) throw new Error(`The seed has no video "${title}".`);
  return video.id;
}

async function untilActive(videoId: string, language: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while ((await apis.api.captions.get(videoId, language)).status !== 'active') {
    if (Date.now() > deadline) throw new Error(`the ${language} caption of ${videoId} stayed processing`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('captions through the client', () => {
  it('a bad WebVTT upload fails with not_valid_vtt, and the error names the line and its text', async () => {
    const { api } = apis;
    const videoId = seededVideo('Launch stream');
    const bad = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:07.000 --> 00:00:03.000\nbackwards\n';
    const error = await platformError(api.captions.uploadVtt(videoId, 'fr', bad));
    expect(error).toMatchObject({ status: 400, error: 'not_valid_vtt', endpoint: 'PUT /videos/<video_id>/captions/<language>/vtt' });
    expect(error.message).toContain('line 6');
    expect(error.message).toContain('00:00:07.000 --> 00:00:03.000');
    expect(await platformError(api.captions.get(videoId, 'fr'))).toMatchObject({ status: 404 });
  });

  it('a good upload becomes active; the video search finds its text with the cue times', async () => {
    const { api, demoChannelId } = apis;
    const videoId = seededVideo('Launch stream');
    const vtt = 'WEBVTT\n\n00:00:03.000 --> 00:00:06.000\nWarming up\n\n00:02:05.500 --> 00:02:09.000\nThe <b>quasar</b> lights come on\n';
    await api.captions.uploadVtt(videoId, 'de', vtt);
    await untilActive(videoId, 'de');
    expect(await api.captions.downloadVtt(videoId, 'de', { anonymous: true })).toBe(vtt);
    expect((await api.captions.list(videoId, { anonymous: true })).map((caption) => caption.language)).toContain('de');
    expect((await api.captions.languages({ anonymous: true })).find((language) => language.code === 'de')?.name).toBe('German');

    const found = await collect(api.videos.listForChannel(demoChannelId, { q: 'quasar', anonymous: true }));
    expect(found.map((video) => video.id)).toEqual([videoId]);
    expect(found[0]?.caption_matches).toEqual([{ start_sec: 125.5, end_sec: 129, caption: 'The quasar lights come on' }]);

    // Hidden from the player, hidden from the search.
    expect(await api.captions.edit(videoId, 'de', { isVisible: false })).toMatchObject({ language: 'de', is_visible: false });
    expect(await collect(api.videos.listForChannel(demoChannelId, { q: 'quasar', anonymous: true }))).toEqual([]);
  });

  it('a private video\'s captions need its owner', async () => {
    const videoId = seededVideo('Rehearsal (unlisted)');
    await apis.api.captions.uploadVtt(videoId, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nsecret rehearsal\n');
    expect(await platformError(apis.api.captions.list(videoId, { anonymous: true }))).toBeInstanceOf(SignInNeededError);
    expect(await platformError(apis.rival.captions.list(videoId))).toMatchObject({ status: 403, error: 'lack_of_ownership' });
  });
});

describe('labels and chapters through the client', () => {
  it('labels: create, rename, attach, list, detach, delete', async () => {
    const { api } = apis;
    const videoId = seededVideo('Q&A night');
    const label = await api.labels.create('Client label');
    expect(label).toMatchObject({ label_name: 'Client label', label_color: expect.stringMatching(/^color-\d+$/) as unknown });
    await api.labels.rename(label.label_id, 'Client label (renamed)');
    expect((await api.labels.list()).find((entry) => entry.label_id === label.label_id)?.label_name).toBe('Client label (renamed)');
    await api.labels.addToVideo(videoId, [label.label_id]);
    expect((await api.labels.listForVideo(videoId)).map((entry) => entry.label_id)).toEqual([label.label_id]);
    await api.labels.removeFromVideo(videoId, [label.label_id]);
    expect(await api.labels.listForVideo(videoId)).toEqual([]);
    await api.labels.remove(label.label_id);
    expect((await api.labels.list()).map((entry) => entry.label_id)).not.toContain(label.label_id);
  });

  it('chapters: create, list, edit, get, remove, remove all', async () => {
    const { api } = apis;
    const videoId = seededVideo('Behind the scenes');
    await api.chapters.create(videoId, { title: 'Setup', position: 0 });
    await api.chapters.create(videoId, { title: 'Soundcheck', position: 95 });
    const [setup, soundcheck] = await api.chapters.list(videoId, { anonymous: true });
    expect([setup?.title, soundcheck?.title]).toEqual(['Setup', 'Soundcheck']);
    await api.chapters.edit(videoId, soundcheck!.id, { title: 'Line check', position: 100 });
    expect(await api.chapters.get(videoId, soundcheck!.id)).toEqual({ id: soundcheck!.id, title: 'Line check', position: 100 });
    expect(await platformError(api.chapters.create(videoId, { title: 'Half a second', position: 2.5 }))).toMatchObject({ status: 400, error: 'invalid_value' });
    await api.chapters.remove(videoId, setup!.id);
    expect((await api.chapters.list(videoId)).map((chapter) => chapter.id)).toEqual([soundcheck!.id]);
    await api.chapters.removeAll(videoId);
    expect(await api.chapters.list(videoId)).toEqual([]);
  });
});
