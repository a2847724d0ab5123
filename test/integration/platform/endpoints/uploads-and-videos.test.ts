// The FTP upload flow and the videos it makes, through the typed client against the sandbox over real
// HTTP and FTP: init, store the file (basic-ftp, binary, passive), ready, status until complete, then the
// video in the lists, read with and without a token, and deleted.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformApi } from '../../../../main/platform/endpoints/index.js';
import type { FtpUploadDetails, UploadStatus } from '../../../../main/platform/endpoints/schemas.js';
import { SignInNeededError } from '../../../../main/platform/platform-error.js';
import { collect, platformError, startSandboxApis, type SandboxApis } from './sandbox-api.js';

let apis: SandboxApis;
let work: string;
let clip: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'endpoint-uploads-'));
  clip = join(work, 'clip.mp4');
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', clip]);
  apis = await startSandboxApis({ uploadStepMs: 20 });
});

afterAll(async () => {
  await apis?.sandbox.close();
  await rm(work, { recursive: true, force: true });
});

async function store(details: FtpUploadDetails, file: string): Promise<void> {
  const ftp = new Client(10_000);
  try {
    await ftp.access({ host: details.host, port: details.port, user: details.user, password: details.password });
    await ftp.uploadFrom(file, `${details.path}.mp4`);
  } finally {
    ftp.close();
  }
}

/** Polls the upload's status as the app does; the statuses seen, each once, in order. */
async function finish(api: PlatformApi, channelId: string, videoId: string): Promise<UploadStatus[]> {
  const seen: UploadStatus[] = [];
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = await api.uploads.status(channelId, videoId);
    if (seen.at(-1) !== status) seen.push(status);
    if (status === 'complete' || status === 'error') return seen;
    if (Date.now() > deadline) throw new Error(`upload ${videoId} still ${status}; seen ${seen.join(' > ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function upload(title: string, protect: number): Promise<string> {
  const { api, demoChannelId } = apis;
  const details = await api.uploads.init(demoChannelId, { title, description: `${title}, uploaded by the endpoint tests`, protect });
  expect(details.protocol).toBe('ftp');
  expect(await api.uploads.status(demoChannelId, details.videoId)).toBe('initiated');
  await store(details, clip);
  await api.uploads.markReady(demoChannelId, details.videoId);
  expect((await finish(api, demoChannelId, details.videoId)).at(-1)).toBe('complete');
  return details.videoId;
}

describe('uploads and videos over HTTP', () => {
  it('uploads a public video that the lists and a tokenless read then show, and deletes it', async () => {
    const { api, demoChannelId } = apis;
    const videoId = await upload('Public Clip', 0);

    const video = await api.videos.get(videoId);
    expect(video).toMatchObject({ id: videoId, title: 'Public Clip', description: 'Public Clip, uploaded by the endpoint tests' });
    expect(Number(video.length)).toBeGreaterThan(0);
    expect(await api.videos.get(videoId, { anonymous: true })).toMatchObject({ id: videoId, title: 'Public Clip' });
    expect(await api.videos.get(videoId, { detailLevel: 'minimal' })).toEqual({ id: videoId, links: video.links });

    expect((await collect(api.videos.listForChannel(demoChannelId, { anonymous: true }))).map((item) => item.id)).toContain(videoId);
    expect((await collect(api.videos.listForUser({ protect: ['public'] }))).map((item) => item.id)).toContain(videoId);
    const searched = await collect(api.videos.listForChannel(demoChannelId, { q: 'public clip' }));
    expect(searched.map((item) => item.id)).toEqual([videoId]);

    expect(await platformError(apis.rival.videos.remove(videoId))).toMatchObject({ status: 403, error: 'lack_of_ownership', endpoint: 'DELETE /videos/<video_id>.<format>' });
    await api.videos.remove(videoId);
    expect(await platformError(api.videos.get(videoId))).toMatchObject({ status: 404, error: 'not_found', endpoint: 'GET /videos/<video_id>.<format>' });
  }, 30_000);

  it('keeps a private upload from tokenless reads and lists', async () => {
    const { api, demoChannelId } = apis;
    const videoId = await upload('Private Clip', 1);
    expect(await api.videos.get(videoId)).toMatchObject({ id: videoId, title: 'Private Clip' });
    expect(await platformError(api.videos.get(videoId, { anonymous: true }))).toBeInstanceOf(SignInNeededError);
    expect((await collect(api.videos.listForChannel(demoChannelId, { anonymous: true }))).map((item) => item.id)).not.toContain(videoId);
    expect((await collect(api.videos.listForUser({ protect: ['private'] }))).map((item) => item.id)).toContain(videoId);
  }, 30_000);

  it('names the spec errors of the upload calls', async () => {
    const { api, demoChannelId } = apis;
    expect(await platformError(api.uploads.init(demoChannelId, { protect: 7 }))).toMatchObject({ status: 400, error: 'protect_level_invalid' });
    expect(await platformError(api.uploads.status(demoChannelId, 'no-such-upload'))).toMatchObject({
      status: 404,
      error: 'not_found',
      endpoint: 'GET /channels/<channel_id>/uploads/<video_id>.<format>',
    });
  });
});
