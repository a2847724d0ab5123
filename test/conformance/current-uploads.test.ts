// Part C, "Upload: HTTP in 1 MB parts": create the upload, send its 1 MiB parts as multipart forms, say
// completed, read {status, progress}. Real HTTP against the real sandbox; parts are built with FormData and
// Blob. Where the platform's docs are silent the sandbox's documented choices are checked (docs/sandbox.md,
// "Upload in parts"): a repeated part replaces its bytes (200), parts come in any order, 400s carry a `hint`.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forceUploadServerError, inspectUpload, partForm, PART_SIZE, type PartFields } from '../support/part-upload-client.js';
import { makeNoiseVideo } from '../support/noise-video.js';
import { covers } from './coverage.js';
import { describeResult, expectError, expectRouteAnswers, expectStatus, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { bearer, revokeRequest, signInNative } from './current-oauth-client.js';
import { channelId, eventually, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { bodyOf, UPLOAD_STATUSES, videoShape } from './spec-shapes.js';

const CREATE = 'POST /v2/channels/{channel_id}/uploads.json';
const PART = 'POST /v2/channels/{channel_id}/uploads/{video_id}/part.json';
const COMPLETED = 'POST /v2/channels/{channel_id}/uploads/{video_id}/completed.json';
const STATUS = 'GET /channels/{channel_id}/uploads/{video_id}.json';
const TEN_GIB = 10 * 1024 ** 3;


const createdShape = z.object({ videoId: z.number().int().positive(), uploadId: z.string().min(1) });
const statusShape = z.object({ status: z.enum(UPLOAD_STATUSES), progress: z.number().int().min(0).max(100) });
const hintShape = z.object({ error: z.string(), error_description: z.string().min(10), hint: z.string().min(10) });
type Created = z.infer<typeof createdShape>;

describe('upload in 1 MiB parts', () => {
  const handle = useSandbox({ uploadStepMs: 60 });
  let demo: AccessToken;
  let rival: AccessToken;
  let workDir = '';
  /** A real video of 2.5 MiB and a bit: three parts, the last one short. */
  let video: { data: Buffer; sha256: string };
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
    rival = await bearerToken(handle.sandbox, handle.sandbox.rival);
    workDir = await mkdtemp(join(tmpdir(), 'conformance-parts-'));
    video = await makeNoiseVideo(join(workDir, 'noise.mkv'), 2.5 * PART_SIZE);
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  const createUrl = (channel = live()) => handle.api(`/v2/channels/${channel}/uploads.json`);
  const partUrl = (upload: Created, channel = live(), action = 'part') => handle.api(`/v2/channels/${channel}/uploads/${upload.videoId}/${action}.json`);
  const statusUrl = (upload: Created, channel = live()) => handle.api(`/channels/${channel}/uploads/${upload.videoId}.json`);
  const partCount = () => Math.ceil(video.data.length / PART_SIZE);

  async function create(form: Record<string, string> = {}, channel = live()): Promise<Created> {
    const result = await request('POST', createUrl(channel), { token: demo, form });
    expectStatus(result, 201);
    return bodyOf(result, createdShape);
  }

  function fieldsOf(upload: Created, index: number, overrides: Partial<PartFields> = {}): PartFields {
    const bytes = video.data.subarray(index * PART_SIZE, Math.min(video.data.length, (index + 1) * PART_SIZE));
    return { uploadId: upload.uploadId, partIndex: index, totalPartCount: partCount(), totalFileSize: video.data.length, file: bytes, ...overrides };
  }

  function part(upload: Created, index: number, overrides: Partial<PartFields> = {}, token: AccessToken | null = demo, channel = live()): Promise<HttpResult> {
    return request('POST', partUrl(upload, channel), { token, body: partForm(fieldsOf(upload, index, overrides)) });
  }

  function completed(upload: Created, uploadId = upload.uploadId, token: AccessToken | null = demo, channel = live()): Promise<HttpResult> {
    return request('POST', partUrl(upload, channel, 'completed'), { token, form: { uploadId } });
  }

  async function statusOf(upload: Created): Promise<z.infer<typeof statusShape>> {
    const result = await request('GET', statusUrl(upload), { token: demo });
    expectStatus(result, 200);
    return bodyOf(result, statusShape);
  }

  /** A 400 whose `hint` says what is wrong (matched by `pattern`). */
  function expectHint(result: HttpResult, pattern: RegExp, status = 400, error?: string): void {
    expectError(result, status, error);
    expect(bodyOf(result, hintShape).hint, describeResult(result)).toMatch(pattern);
  }

  it('create, parts out of order with one repeated, completed: the status rises to complete with progress, the video holds the same bytes', { timeout: 60_000 }, async () => {
    covers(CREATE, 'success');
    covers(PART, 'success');
    covers(COMPLETED, 'success');
    covers(STATUS, 'success');
    const title = unique('Parts upload');
    const upload = await create({ title, description: 'sent in parts by the conformance suite', protect: 'private' });
    expect(await statusOf(upload)).toEqual({ status: 'initiated', progress: 0 });

    // Part 0 first with wrong bytes of the right size, then the rest out of order, then part 0 again: it replaces.
    const first = await part(upload, 0, { file: Buffer.alloc(PART_SIZE, 7) });
    expectStatus(first, 200);
    for (const index of [2, 1]) expectStatus(await part(upload, index), 200);
    const again = await part(upload, 0);
    expectStatus(again, 200);
    expect(again.json, describeResult(again)).toMatchObject({ partIndex: 0, partsHeld: 3, replaced: true });
    expect((await inspectUpload(handle.sandbox, upload.videoId)).sha256, 'the bytes at the sandbox').toBe(video.sha256);

    expectStatus(await completed(upload), 200);
    const seen: z.infer<typeof statusShape>[] = [];
    const final = await eventually(
      async () => {
        const now = await statusOf(upload);
        seen.push(now);
        return now.status === 'complete' || now.status === 'error' ? now : undefined;
      },
      `upload ${upload.videoId} to finish`,
      30_000,
      15,
    );
    expect(final).toEqual({ status: 'complete', progress: 100 });
    const progresses = seen.map((entry) => entry.progress);
    expect(progresses, 'progress never falls').toEqual([...progresses].sort((a, b) => a - b));
    expect(seen.some((entry) => entry.status === 'transcoding' && entry.progress > 0 && entry.progress < 100), `progress rises during transcoding: ${JSON.stringify(seen)}`).toBe(true);

    const read = await request('GET', handle.api(`/videos/${upload.videoId}.json`), { token: demo });
    expectStatus(read, 200);
    const body = bodyOf(read, z.object({ video: videoShape })).video;
    expect([body.title, body.file_size]).toEqual([title, String(video.data.length)]);
    expect(handle.sandbox.admin.store.video(String(upload.videoId))?.protect, 'protect as created').toBe('private');
    // A repeated completed changes nothing.
    expectStatus(await completed(upload), 200);
    expect(await statusOf(upload)).toEqual({ status: 'complete', progress: 100 });
    expect(createHash('sha256').update(video.data).digest('hex')).toBe((await inspectUpload(handle.sandbox, upload.videoId)).sha256);
  });

  it("today's native client (code + PKCE bearer token) uploads in parts like the spec's client; once revoked, 401 invalid_token", async () => {
    covers(CREATE, 'success');
    covers(COMPLETED, 'success');
    covers(CREATE, '401 invalid_token');
    const native = await signInNative(handle.sandbox);
    const token = bearer(native.accessToken);
    const made = await request('POST', createUrl(), { token, form: { title: unique('Native client') } });
    expectStatus(made, 201);
    const upload = bodyOf(made, createdShape);
    for (const index of [1, 2, 0]) expectStatus(await part(upload, index, {}, token), 200);
    expectStatus(await completed(upload, upload.uploadId, token), 200);
    expectStatus(await revokeRequest(handle.sandbox, native.accessToken), 200);
    expectError(await request('POST', createUrl(), { token, form: { title: 'x' } }), 401, 'invalid_token');
  });

  it('create: every field is optional, and a multipart form is read as well as an urlencoded one', async () => {
    covers(CREATE, 'success');
    bodyOf(await request('POST', createUrl(), { token: demo }), createdShape);
    const form = new FormData();
    form.append('title', unique('Multipart create'));
    form.append('protect', 'public');
    const result = await request('POST', createUrl(), { token: demo, body: form });
    expectStatus(result, 201);
    bodyOf(result, createdShape);
  });

  it('GET status: an FTP upload answers {status, progress} too (part B clients read status as before)', async () => {
    covers(STATUS, 'success');
    const result = await request('POST', handle.api(`/channels/${live()}/uploads.json`), { token: demo, query: { type: 'videoupload-ftp' }, form: { title: 'ftp' } });
    const ftp = bodyOf(result, z.object({ videoId: z.string() }));
    const read = await request('GET', handle.api(`/channels/${live()}/uploads/${ftp.videoId}.json`), { token: demo });
    expect(bodyOf(read, statusShape)).toEqual({ status: 'initiated', progress: 0 });
  });

  it('create: 400 protect_level_invalid for a protect that is neither public nor private', async () => {
    covers(CREATE, '400 protect_level_invalid');
    for (const protect of ['secret', '1', 'PUBLIC']) {
      expectHint(await request('POST', createUrl(), { token: demo, form: { protect } }), /public or private/, 400, 'protect_level_invalid');
    }
  });

  it('create: 401 invalid_token without a token or with one the sandbox never issued', async () => {
    covers(CREATE, '401 invalid_token');
    expectError(await request('POST', createUrl(), { form: { title: 'x' } }), 401, 'invalid_token');
    expectError(await request('POST', createUrl(), { token: { kind: 'bearer', accessToken: 'f'.repeat(40) }, form: { title: 'x' } }), 401, 'invalid_token');
  });

  it('create: 403 lack_of_ownership on a channel the caller neither owns nor manages', async () => {
    covers(CREATE, '403 lack_of_ownership');
    expectError(await request('POST', createUrl(channelId(handle.sandbox, 'Rival Channel')), { token: demo, form: { title: 'x' } }), 403, 'lack_of_ownership');
    expectError(await request('POST', createUrl(), { token: rival, form: { title: 'x' } }), 403, 'lack_of_ownership');
  });

  it('create: 404 not_found for a channel that does not exist', async () => {
    covers(CREATE, '404 not_found');
    expectRouteAnswers(await request('POST', createUrl(), { token: demo, form: { title: 'control' } }));
    expectError(await request('POST', createUrl(MISSING_ID), { token: demo, form: { title: 'x' } }), 404, 'not_found');
  });

  it('503 server_error from create, part and completed while the operator switch is on; normal again once off', async () => {
    covers(CREATE, '503');
    covers(PART, '503');
    covers(COMPLETED, '503');
    const upload = await create();
    await forceUploadServerError(handle.sandbox, true);
    try {
      expectError(await request('POST', createUrl(), { token: demo }), 503, 'server_error');
      expectError(await part(upload, 0), 503, 'server_error');
      expectError(await completed(upload), 503, 'server_error');
    } finally {
      await forceUploadServerError(handle.sandbox, false);
    }
    expectStatus(await part(upload, 0), 200);
  });

  describe('part: 400 with a hint saying what is wrong', () => {
    const cases: [string, (upload: Created) => Partial<PartFields>, RegExp][] = [
      ['another uploadId', () => ({ uploadId: 'not-the-upload-id' }), /uploadId .* is not the uploadId/],
      ['no uploadId', () => ({ uploadId: null }), /uploadId is missing/],
      ['partIndex past the last part', () => ({ partIndex: 3 }), /partIndex 3 is out of range: .* 0 to 2/],
      ['a negative partIndex', () => ({ partIndex: -1 }), /partIndex must be a whole number/],
      ['partIndex not a number', () => ({ partIndex: 'one' }), /partIndex must be a whole number/],
      ['no totalPartCount', () => ({ totalPartCount: null }), /totalPartCount is missing/],
      ['a totalPartCount that does not fit totalFileSize', () => ({ totalPartCount: 4 }), /totalPartCount is 4, but a file of \d+ bytes .* has 3/],
      ['a part that is not 1 MiB (not the last)', () => ({ file: Buffer.alloc(1000) }), /has 1000 bytes, expected 1048576: every part but the last/],
      ['no file', () => ({ file: null }), /field file is missing/],
    ];
    it.each(cases)('%s', async (_what, overrides, hint) => {
      covers(PART, '400');
      const upload = await create();
      expectHint(await part(upload, 0, overrides(upload)), hint);
    });

    it('a last part of the wrong size', async () => {
      covers(PART, '400');
      const upload = await create();
      expectHint(await part(upload, 2, { file: Buffer.alloc(PART_SIZE) }), /the last part \(2\) holds the rest of the file/);
    });

    it('totals changed between parts', async () => {
      covers(PART, '400');
      const upload = await create();
      expectStatus(await part(upload, 0), 200);
      const bigger = video.data.length + PART_SIZE;
      expectHint(await part(upload, 1, { totalFileSize: bigger, totalPartCount: Math.ceil(bigger / PART_SIZE) }), /totalFileSize changed between parts/);
    });

    it('a body that is not multipart, and a part after completed', async () => {
      covers(PART, '400');
      const upload = await create();
      const urlencoded = await request('POST', partUrl(upload), { token: demo, form: { uploadId: upload.uploadId, partIndex: 0 } });
      expectHint(urlencoded, /multipart\/form-data/);
      for (const index of [0, 1, 2]) expectStatus(await part(upload, index), 200);
      expectStatus(await completed(upload), 200);
      expectHint(await part(upload, 1), /is completed .* no more parts/);
    });
  });

  it('part: 401 without a valid token', async () => {
    covers(PART, '401');
    const upload = await create();
    expectError(await part(upload, 0, {}, null), 401, 'invalid_token');
  });

  it("part: 403 lack_of_ownership for another user's channel", async () => {
    covers(PART, '403 lack_of_ownership');
    const upload = await create();
    expectError(await part(upload, 0, {}, rival), 403, 'lack_of_ownership');
  });

  it('part: 404 not_found for an unknown video, an unknown channel, or a video of another channel', async () => {
    covers(PART, '404 not_found');
    const upload = await create();
    expectRouteAnswers(await part(upload, 0));
    expectError(await part({ ...upload, videoId: Number(MISSING_ID) }, 0), 404, 'not_found');
    expectError(await part(upload, 0, {}, demo, MISSING_ID), 404, 'not_found');
    expectError(await part(upload, 0, {}, demo, channelId(handle.sandbox, 'Backstage')), 404, 'not_found');
  });

  it('part, completed, status: 404 not_found once the upload\'s channel is deleted', async () => {
    covers(PART, '404 not_found');
    covers(COMPLETED, '404');
    const made = await request('POST', handle.api('/users/self/channels.json'), { token: demo, form: { title: unique('Short-lived') } });
    expectStatus(made, 201);
    const channel = bodyOf(made, z.object({ channel: z.object({ id: z.string() }) })).channel.id;
    const upload = await create({}, channel);
    expectStatus(await part(upload, 0, {}, demo, channel), 200);
    expectStatus(await request('DELETE', handle.api(`/channels/${channel}.json`), { token: demo }), 200);
    expectError(await part(upload, 1, {}, demo, channel), 404, 'not_found');
    expectError(await completed(upload, upload.uploadId, demo, channel), 404, 'not_found');
    expectError(await request('GET', statusUrl(upload, channel), { token: demo }), 404, 'not_found');
  });

  it('part: 413 file_too_large over 10 GiB; a file of exactly 10 GiB is taken', async () => {
    covers(PART, '413 file_too_large');
    const upload = await create();
    const over = TEN_GIB + 1;
    const refused = await part(upload, 0, { totalFileSize: over, totalPartCount: Math.ceil(over / PART_SIZE), file: Buffer.alloc(PART_SIZE) });
    expectHint(refused, /largest file accepted is 10 GiB \(10737418240 bytes\)/, 413, 'file_too_large');
    const atLimit = await part(upload, 0, { totalFileSize: TEN_GIB, totalPartCount: TEN_GIB / PART_SIZE, file: Buffer.alloc(PART_SIZE) });
    expectStatus(atLimit, 200);
  });

  it('completed: 400 with a hint for no part yet, parts missing (naming the first) or another uploadId', async () => {
    covers(COMPLETED, '400');
    const upload = await create();
    expectHint(await completed(upload), /has no part yet/);
    expectStatus(await part(upload, 0), 200);
    expectStatus(await part(upload, 2), 200);
    expectHint(await completed(upload), /1 of 3 parts are missing, the first is partIndex 1/);
    expectHint(await completed(upload, 'wrong'), /is not the uploadId/);
    expect(await statusOf(upload)).toEqual({ status: 'initiated', progress: 0 });
  });

  it('completed: 401 without a valid token', async () => {
    covers(COMPLETED, '401');
    const upload = await create();
    expectError(await completed(upload, upload.uploadId, null), 401, 'invalid_token');
  });

  it('completed: 404 not_found for an unknown video or channel', async () => {
    covers(COMPLETED, '404');
    const upload = await create();
    expectRouteAnswers(await completed(upload));
    expectError(await completed({ ...upload, videoId: Number(MISSING_ID) }), 404, 'not_found');
    expectError(await completed(upload, upload.uploadId, demo, MISSING_ID), 404, 'not_found');
  });
});

describe('upload in parts under a spent rate budget', () => {
  // Two calls per endpoint a minute: the third call to each answers 429, whatever the first two answered.
  const handle = useSandbox({ rateLimit: { limit: 2, windowSeconds: 60 } });
  let demo: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });
  const live = () => channelId(handle.sandbox, 'Demo Live');
  const one = Buffer.alloc(1000, 7);
  const fields = (upload: Created, index: number): PartFields => ({ uploadId: upload.uploadId, partIndex: index, totalPartCount: 1, totalFileSize: one.length, file: one });

  async function thirdCall(call: () => Promise<HttpResult>): Promise<HttpResult> {
    await call();
    await call();
    return call();
  }

  it('each of the three calls answers 429 too_many_requests past its budget, with the rate headers', async () => {
    covers(CREATE, '429 too_many_requests');
    covers(PART, '429');
    covers(COMPLETED, '429');
    const createUrl = handle.api(`/v2/channels/${live()}/uploads.json`);
    const first = await request('POST', createUrl, { token: demo, form: { title: unique('Budget') } });
    expectStatus(first, 201);
    const upload = bodyOf(first, createdShape);
    const refusedCreate = await request('POST', createUrl, { token: demo, form: {} }).then(() => request('POST', createUrl, { token: demo, form: {} }));
    const partUrl = handle.api(`/v2/channels/${live()}/uploads/${upload.videoId}/part.json`);
    const refusedPart = await thirdCall(() => request('POST', partUrl, { token: demo, body: partForm(fields(upload, 0)) }));
    const completedUrl = handle.api(`/v2/channels/${live()}/uploads/${upload.videoId}/completed.json`);
    const refusedCompleted = await thirdCall(() => request('POST', completedUrl, { token: demo, form: { uploadId: upload.uploadId } }));
    for (const refused of [refusedCreate, refusedPart, refusedCompleted]) {
      expectError(refused, 429, 'too_many_requests');
      expect(refused.headers.get('x-ratelimit-remaining'), describeResult(refused)).toBe('0');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
