// The typed client's video calls of part B against the sandbox over real HTTP: the asynchronous flows
// (a download from pending to available, then its bytes; a copy from unfinished to a new video) on a
// real uploaded file, and edit, expiration, metadata values, thumbnail and trim as the app will call them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadFormat } from '../../../../main/platform/endpoints/index.js';
import type { Downloadable } from '../../../../main/platform/endpoints/schemas.js';
import type { Video as SandboxVideo } from '../../../../sandbox/state/model.js';
import { testImage } from '../../../support/test-images.js';
import { platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';
import { until } from '../../../support/until.js';

let apis: SandboxApis;
let work: string;
let clip: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'endpoint-video-media-'));
  clip = join(work, 'clip.mp4');
  // 12 seconds: long enough for a copy of at least 10.
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '12', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', clip]);
  apis = await startSandboxApis({ uploadStepMs: 20, downloadGenerationMs: 300, copyMs: 1000 });
});

afterAll(async () => {
  await apis?.sandbox.close();
  await rm(work, { recursive: true, force: true });
});

async function uploadClip(title: string): Promise<string> {
  const { api, demoChannelId } = apis;
  const details = await api.uploads.init(demoChannelId, { title, protect: 0 });
  const ftp = new Client(10_000);
  try {
    await ftp.access({ host: details.host, port: details.port, user: details.user, password: details.password });
    await ftp.uploadFrom(clip, `${details.path}.mp4`);
  } finally {
    ftp.close();
  }
  await api.uploads.markReady(demoChannelId, details.videoId);
  await until(async () => ((await api.uploads.status(demoChannelId, details.videoId)) === 'complete' ? true : undefined), 'the upload to complete');
  return details.videoId;
}

/** As the app will: request, then poll until `download_url` is there; the states seen, in order. */
async function download(videoId: string, format: DownloadFormat): Promise<{ seen: Downloadable['status'][]; file: Downloadable }> {
  const { api } = apis;
  const seen: Downloadable['status'][] = [(await api.downloads.get(videoId, format)).status];
  let state = await api.downloads.request(videoId, format);
  seen.push(state.status);
  state = await until(async () => {
    const current = await api.downloads.get(videoId, format);
    if (seen.at(-1) !== current.status) seen.push(current.status);
    return current.download_url !== null ? current : undefined;
  }, `the ${format} download`, 15_000, 50);
  return { seen, file: state };
}

describe('video downloads and copies over HTTP', () => {
  it('downloads an uploaded video: unavailable, pending, available, then the very file and a remuxed flv', async () => {
    const videoId = await uploadClip('Download me');
    const mp4 = await download(videoId, 'mp4');
    expect(mp4.seen).toEqual(['unavailable', 'pending', 'available']);
    expect(mp4.file.expires_at! - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);
    const response = await fetch(mp4.file.download_url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(clip))).toBe(true);

    const flv = await download(videoId, 'flv');
    const flvBytes = Buffer.from(await (await fetch(flv.file.download_url!)).arrayBuffer());
    expect(flvBytes.subarray(0, 3).toString('latin1')).toBe('FLV');

    // A resumed download asks for the rest.
    const rest = await fetch(mp4.file.download_url!, { headers: { range: 'bytes=100-' } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals((await readFile(clip)).subarray(100))).toBe(true);

    expect(await platformError(apis.rival.downloads.request(videoId, 'mp4'))).toMatchObject({ status: 403, error: 'lack_of_ownership' });
  }, 30_000);

  it('copies a part into a new unpublished video on the same channel, which the video.create event announces', async () => {
    const { api, sandbox, demoChannelId } = apis;
    const videoId = await uploadClip('Copy me');
    const created: SandboxVideo[] = [];
    const onCreated = (video: SandboxVideo) => created.push(video);
    sandbox.admin.store.on('video-created', onCreated);
    try {
      const order = await api.thumbnailsTrimCopy.copy(videoId, { start: 1, end: 11, title: 'The part', description: 'Ten seconds' });
      expect(order.status_url).toContain(order.request_id);
      expect(await api.thumbnailsTrimCopy.copyStatus(order.request_id)).toEqual({ is_finished: false });
      const done = await until(async () => {
        const status = await api.thumbnailsTrimCopy.copyStatus(order.request_id);
        return status.is_finished ? status : undefined;
      }, 'the copy', 15_000, 50);
      const copyId = String(done.video_id);
      const copy = await api.videos.get(copyId);
      expect(copy).toMatchObject({ title: 'The part', description: 'Ten seconds', links: { channel: { id: demoChannelId } } });
      expect(Number(copy.length)).toBeCloseTo(10, 0);
      expect((await platformError(api.videos.get(copyId, { anonymous: true }))).status).toBe(401);
      expect(created.map((video) => video.id)).toEqual([copyId]);
      // The copy has media of its own, so it downloads too.
      const file = (await download(copyId, 'mp4')).file;
      expect((await fetch(file.download_url!)).status).toBe(200);
      // Deleting the copy removes the media the sandbox cut for it; the link goes with the video.
      const cut = sandbox.admin.store.video(copyId)?.filePath;
      expect(cut).toContain(join(sandbox.dataDir, 'copies'));
      await api.videos.remove(copyId);
      await expect.poll(() => stat(cut!).then(() => true, () => false)).toBe(false);
      expect((await fetch(file.download_url!)).status).toBe(404);
    } finally {
      sandbox.admin.store.off('video-created', onCreated);
    }
    expect(await platformError(api.thumbnailsTrimCopy.copy(videoId, { start: 0, end: 5, title: 'Too short' }))).toMatchObject({ status: 400, error: 'bad_request' });
  }, 30_000);

  it('edits, expiration, metadata values, thumbnail and trim through the client', async () => {
    const { api, rival } = apis;
    const videoId = await uploadClip('Edit me');
    await api.videos.edit(videoId, { title: 'Edited', protect: 'private' });
    expect(await api.videos.get(videoId)).toMatchObject({ title: 'Edited' });
    expect(await platformError(api.videos.edit(videoId, { protect: 'friends' as 'public' }))).toMatchObject({ status: 400, error: 'invalid_value' });

    expect(await api.expiration.get(videoId)).toEqual({ rule: 'never' });
    await api.expiration.setRule(videoId, 'never');
    expect(await platformError(rival.expiration.get(videoId))).toMatchObject({ status: 403, error: 'lack_of_ownership' });

    const field = await api.metadataFields.create({ name: 'venue', displayName: 'Venue', contentType: 'video', type: 'string', isRequired: false });
    await api.videoMetadata.set(videoId, field.id, 'Berlin');
    expect(await api.videoMetadata.list(videoId)).toEqual([{ field_id: field.id, value: 'Berlin' }]);
    await api.videoMetadata.remove(videoId, field.id);
    expect(await api.videoMetadata.list(videoId)).toEqual([]);

    await api.thumbnailsTrimCopy.uploadThumbnail(videoId, { data: testImage('jpeg', 320, 180), contentType: 'image/jpeg' });
    await api.thumbnailsTrimCopy.setThumbnailFrame(videoId, 2.5);
    expect(await api.thumbnailsTrimCopy.getTrim(videoId)).toEqual({ start: 0, end: 12 });
    await api.thumbnailsTrimCopy.setTrim(videoId, { start: 1, end: 11 });
    expect(await api.thumbnailsTrimCopy.getTrim(videoId)).toEqual({ start: 1, end: 11 });
    await api.thumbnailsTrimCopy.removeTrim(videoId);
    expect(await platformError(api.thumbnailsTrimCopy.setTrim(videoId, { start: 0, end: 9 }))).toMatchObject({ status: 400, error: 'bad_request' });
  }, 30_000);
});
