// Part B, "Upload by FTP": POST initialises (type=videoupload-ftp) and returns the FTP details; the file
// goes to the FTP root as `<path>.<ext>` in binary mode; PUT status=ready (202); GET reports {status}.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covers } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, expectSuccess, request, type AccessToken } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { makeTestVideo } from './rtmp-publisher.js';
import { channelId, eventually, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf, ftpDetailsShape, UPLOAD_STATUSES, uploadStatusShape, videoListShape, videoShape } from './spec-shapes.js';
import { z } from 'zod';

const INIT = 'POST /channels/<channel_id>/uploads.<format>?type=videoupload-ftp';
const READY = 'PUT /channels/<channel_id>/uploads/<video_id>.<format>';
const STATUS = 'GET /channels/<channel_id>/uploads/<video_id>.<format>';

type FtpDetails = z.infer<typeof ftpDetailsShape>;

describe('upload by FTP', () => {
  const handle = useSandbox({ uploadStepMs: 50 });
  let demo: AccessToken;
  let workDir = '';
  let videoFile = '';
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    workDir = await mkdtemp(join(tmpdir(), 'conformance-upload-'));
    videoFile = join(workDir, 'clip.mp4');
    await makeTestVideo(videoFile);
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const uploadUrl = (channel: string, video: string) => handle.api(`/channels/${channel}/uploads/${video}.json`);

  async function initialise(form: Record<string, string>, channel = live()): Promise<FtpDetails> {
    const result = await request('POST', handle.api(`/channels/${channel}/uploads.json`), { token: demo, query: { type: 'videoupload-ftp' }, form });
    expectSuccess(result);
    return bodyOf(result, ftpDetailsShape);
  }

  async function ftpPut(details: FtpDetails, localFile: string, remoteName: string): Promise<void> {
    const client = new Client(10_000);
    try {
      await client.access({ host: details.host, port: details.port, user: details.user, password: details.password, secure: false });
      await client.uploadFrom(localFile, remoteName);
    } finally {
      client.close();
    }
  }

  async function statusOf(video: string): Promise<string> {
    const result = await request('GET', uploadUrl(live(), video), { token: demo });
    expectSuccess(result);
    return bodyOf(result, uploadStatusShape).status;
  }

  async function finalStatus(video: string, seen: Set<string>): Promise<string> {
    return eventually(
      async () => {
        const status = await statusOf(video);
        seen.add(status);
        return status === 'complete' || status === 'error' ? status : undefined;
      },
      `upload ${video} to finish`,
      30_000,
      100,
    );
  }

  it('POST returns the FTP details; the file by FTP, PUT ready (202) and GET status reach complete; the video has the file size', { timeout: 60_000 }, async () => {
    covers(INIT, 'success');
    covers(READY, 'success');
    covers(STATUS, 'success');
    const title = unique('Conformance upload');
    const details = await initialise({ title, description: 'uploaded by the conformance suite' });
    expect(details.protocol.toLowerCase()).toBe('ftp');
    const url = new URL(details.url);
    expect(url.protocol).toBe('ftp:');
    expect(decodeURIComponent(url.username)).toBe(details.user);
    expect(decodeURIComponent(url.password)).toBe(details.password);
    expect(url.pathname, 'the url carries the path').toContain(details.path);
    expect(details.path, 'path is the base name without extension').not.toMatch(/\.[a-z0-9]+$/i);

    const seen = new Set<string>([await statusOf(details.videoId)]);
    await ftpPut(details, videoFile, `${details.path}.mp4`);
    const ready = await request('PUT', uploadUrl(live(), details.videoId), { token: demo, form: { status: 'ready' } });
    expectStatus(ready, 202);
    expect(await finalStatus(details.videoId, seen)).toBe('complete');
    for (const status of seen) expect(UPLOAD_STATUSES).toContain(status);

    const video = await request('GET', handle.api(`/videos/${details.videoId}.json`), { token: demo });
    expectStatus(video, 200);
    const body = bodyOf(video, z.object({ video: videoShape })).video;
    expect(body.title).toBe(title);
    const size = String((await stat(videoFile)).size);
    expect(body.file_size, describeResult(video)).toBe(size);
    // ... and it lists among the channel's videos with that size.
    const list = await request('GET', handle.api(`/channels/${live()}/videos.json`), { token: demo });
    expect(bodyOf(list, videoListShape).videos.find((item) => item.id === details.videoId)?.file_size, describeResult(list)).toBe(size);
  });

  it('a file with an unsupported extension ends in error', { timeout: 60_000 }, async () => {
    covers(STATUS, 'success');
    const details = await initialise({ title: unique('Unsupported') });
    const text = join(workDir, 'notes.txt');
    await writeFile(text, 'not a video');
    await ftpPut(details, text, `${details.path}.txt`);
    expectStatus(await request('PUT', uploadUrl(live(), details.videoId), { token: demo, form: { status: 'ready' } }), 202);
    expect(await finalStatus(details.videoId, new Set())).toBe('error');
  });

  it('POST: 404 not_found for a channel that does not exist', async () => {
    covers(INIT, '404 not_found');
    expectRouteAnswers(await request('POST', handle.api(`/channels/${live()}/uploads.json`), { token: demo, query: { type: 'videoupload-ftp' }, form: { title: 'control' } }));
    const result = await request('POST', handle.api(`/channels/${MISSING_ID}/uploads.json`), { token: demo, query: { type: 'videoupload-ftp' }, form: { title: 'x' } });
    expectError(result, 404, 'not_found');
  });

  it('POST: 400 protect_level_invalid for a protect level that is not one', async () => {
    covers(INIT, '400 protect_level_invalid');
    const result = await request('POST', handle.api(`/channels/${live()}/uploads.json`), { token: demo, query: { type: 'videoupload-ftp' }, form: { title: 'x', protect: 'abc' } });
    expectError(result, 400, 'protect_level_invalid');
  });

  it('PUT: 404 not_found for an upload or channel that does not exist', async () => {
    covers(READY, '404 not_found');
    const details = await initialise({ title: unique('Wrong channel') });
    expectRouteAnswers(await request('GET', uploadUrl(live(), details.videoId), { token: demo }));
    expectError(await request('PUT', uploadUrl(live(), MISSING_ID), { token: demo, form: { status: 'ready' } }), 404, 'not_found');
    expectError(await request('PUT', uploadUrl(MISSING_ID, details.videoId), { token: demo, form: { status: 'ready' } }), 404, 'not_found');
  });

  it('GET: 404 not_found for an upload or channel that does not exist', async () => {
    covers(STATUS, '404 not_found');
    const details = await initialise({ title: unique('Wrong channel') });
    expectRouteAnswers(await request('GET', uploadUrl(live(), details.videoId), { token: demo }));
    expectError(await request('GET', uploadUrl(live(), MISSING_ID), { token: demo }), 404, 'not_found');
    expectError(await request('GET', uploadUrl(MISSING_ID, details.videoId), { token: demo }), 404, 'not_found');
  });
});
