// The upload queue with the HTTP part transport (today's platform) against the sandbox's /v2 endpoints over
// HTTP: a file of tens of MiB arrives byte-identical (the operator's SHA-256) as one video, the platform's
// transcoding progress reaching the row on the way; the platform answering 503 for a while mid-file costs
// nothing but time; a pause resumes from the acknowledged parts; a file over 10 GiB is refused before the
// platform hears of it.
import { open as openFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partUploadsApi } from '../../../main/platform/endpoints/part-uploads.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { HttpPartUploadTransport, MAX_FILE_BYTES, PART_SIZE } from '../../../main/uploads/http-part-upload-transport.js';
import type { UploadQueueOptions } from '../../../main/uploads/upload-queue.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeNoiseVideo } from '../../support/noise-video.js';
import { forceUploadServerError, inspectUpload, titled } from '../../support/part-upload-client.js';
import { RecordingLogger } from '../../unit/uploads/fake-upload-server.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;
const logger = new RecordingLogger();

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  rig = await startUploadRig();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

/** A queue of the rig (journal, events) whose transport is the HTTP part transport, signed in as the demo user. */
function partQueue(options: Partial<UploadQueueOptions> = {}, partsInFlight = 3) {
  const caller = () => createPlatformCaller({ apiUrl: rig.sandbox.apiUrl, tokens: { token: async () => ({ type: 'bearer', accessToken: rig.token, expiresAt: null, scopes: [] }) }, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
  const transport = new HttpPartUploadTransport({ platform: async () => partUploadsApi(caller()), logger, partsInFlight, partRetryDelaysMs: [100, 200, 400, 800, 1600] });
  return rig.queue({ transport, ...options });
}

describe('the upload queue with the HTTP part transport, against the sandbox', () => {
  it('sends a file of tens of MiB in parts; the sandbox has it byte for byte as one video, its transcoding progress shown on the way', { timeout: 90_000 }, async () => {
    const file = join(rig.work, 'Parts Keynote.mkv');
    const source = await makeNoiseVideo(file, 40 * PART_SIZE + 777);
    const progressSeen = new Set<number>();
    const { queue, events } = partQueue({
      // About 2.5 s of transfer, so progress is reported on the way however fast the machine is.
      speedLimit: 16 * PART_SIZE,
      onRowChange: (id) => {
        const progress = queue.row(id)?.processingProgress;
        if (progress !== null && progress !== undefined) progressSeen.add(progress);
      },
    });
    await queue.add([file], { channelId: rig.channelId, description: 'in parts', protect: 'private' });
    queue.start();
    expect(await events.waitFor('done', 80_000)).toEqual({ event: 'done', complete: 1, failed: 0, cancelled: 0, rejected: 0 });
    const row = queue.rows()[0]!;
    expect(row).toMatchObject({ state: 'complete', platformStatus: 'complete', bytes: source.data.length, processingProgress: null });

    const inspection = await inspectUpload(rig.sandbox, row.videoId!);
    expect(inspection).toMatchObject({ status: 'complete', partsHeld: 41, firstMissingPart: null, fileSize: source.data.length, sha256: source.sha256 });
    const count = await titled(rig.sandbox, 'Parts Keynote');
    expect(count.uploads).toHaveLength(1);
    expect(count.videos).toHaveLength(1);
    expect(events.of('status').map((event) => event.status)).toEqual(expect.arrayContaining(['initiated', 'transcoding', 'complete']));
    expect(events.of('progress').length).toBeGreaterThan(2);
    // The sandbox's transcoding goes 0, 25, 50, 75: at least one step of it reached the row.
    expect([...progressSeen].some((progress) => progress < 100)).toBe(true);
    await queue.close();
  });

  it('rides out the platform answering 503 for a while mid-file, and resumes a pause from the acknowledged parts', { timeout: 90_000 }, async () => {
    const file = join(rig.work, 'Parts Flaky.mkv');
    const source = await makeNoiseVideo(file, 24 * PART_SIZE);
    const { queue, events } = partQueue({ speedLimit: 12 * PART_SIZE }, 2);
    await queue.add([file], { channelId: rig.channelId });
    queue.start();
    await events.waitFor('progress', 20_000, (event) => event.bytes >= 4 * PART_SIZE);
    await forceUploadServerError(rig.sandbox, true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await forceUploadServerError(rig.sandbox, false);
    await events.waitFor('progress', 20_000, (event) => event.bytes >= 12 * PART_SIZE);
    queue.pause();
    await expect.poll(() => queue.rows()[0]!.state).toBe('waiting');
    const before = queue.rows()[0]!.bytes;
    queue.setSpeedLimit(null);
    queue.resume();
    const transferred = await events.waitFor('transferred', 30_000);
    expect(transferred.resumedFrom).toBeGreaterThanOrEqual(12 * PART_SIZE);
    expect(transferred.resumedFrom).toBe(before);
    expect((await events.waitFor('done', 60_000)).complete).toBe(1);
    expect(logger.lines.some((line) => line.message === 'a part of an upload failed; sending it again')).toBe(true);
    expect(await inspectUpload(rig.sandbox, queue.rows()[0]!.videoId!)).toMatchObject({ fileSize: source.data.length, sha256: source.sha256 });
    expect((await titled(rig.sandbox, 'Parts Flaky')).uploads).toHaveLength(1);
    await queue.close();
  });

  it('refuses a file over 10 GiB in words, and the platform never hears of it', { timeout: 30_000 }, async () => {
    const file = join(rig.work, 'Parts Whole Festival.mkv');
    // Sparse: 10 GiB and one byte of size, next to nothing on disk.
    const handle = await openFile(file, 'w');
    await handle.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 0, 4, 0);
    await handle.truncate(MAX_FILE_BYTES + 1);
    await handle.close();
    const { queue, events } = partQueue();
    await queue.add([file], { channelId: rig.channelId });
    queue.start();
    expect(await events.waitFor('done', 20_000)).toMatchObject({ complete: 0, failed: 1 });
    expect(queue.rows()[0]!.failure).toBe('Parts Whole Festival.mkv is 10.0 GB (10,737,418,241 bytes); the platform takes files of up to 10 GB (10,737,418,240 bytes). Cut it into shorter files (or export it at a lower bitrate), then add those.');
    expect(await titled(rig.sandbox, 'Parts Whole Festival')).toEqual({ uploads: [], videos: [] });
    await queue.close();
  });
});
