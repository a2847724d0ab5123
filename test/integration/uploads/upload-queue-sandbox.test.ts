// The upload queue against the sandbox's own FTP server and API: a mixed batch with a 500 MB file ends
// with every supported file complete and byte-identical on the server while the unsupported one is never
// announced to the platform; a pause mid-transfer resumes from the server's byte; an expired token
// pauses the queue until the next sign-in; a file that cannot be read, or that the platform cannot
// process, fails alone.
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireKeyring, secretTool } from '../../support/keyring.js';
import { makeBigVideo, makeClip, sha256 } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';
import { fakeVideo } from '../../support/fake-video.js';

let rig: UploadRig;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  rig = await startUploadRig();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

const uploadsOf = (title: string) => rig.sandbox.admin.store.data.uploads.filter((upload) => upload.title === title);

describe('a mixed batch through the sandbox', () => {
  it('ends with every supported file complete and byte-identical on the server, the 500 MB one included; the unsupported file never reaches the platform', { timeout: 240_000 }, async () => {
    const media = join(rig.work, 'show');
    await mkdir(join(media, 'day 2'), { recursive: true });
    const bigSize = await makeBigVideo(join(media, 'main stage.avi'), 500);
    expect(bigSize).toBeGreaterThanOrEqual(500 * 1024 * 1024);
    await makeClip(join(media, 'intro.mp4'));
    await makeClip(join(media, 'day 2', 'interview.mov'));
    await makeClip(join(media, 'day 2', 'closing.mkv'));
    await writeFile(join(media, 'setlist.txt'), 'songs\n');
    const uploadsBefore = rig.sandbox.admin.store.data.uploads.length;

    const { queue, events, journal } = rig.queue();
    const added = await queue.add([media], { channelId: rig.channelId, description: 'Festival 2026', protect: 'private' });
    expect(added.rejected).toEqual([{ file: join(media, 'setlist.txt'), reason: '.txt files are not taken by the platform; it takes mkv, mp4, mov, flv, avi, wmv, ogm, mpeg2.' }]);
    expect(added.queued.map((row) => row.title)).toEqual(['closing', 'interview', 'intro', 'main stage']);
    queue.start();
    const done = await events.waitFor('done', 200_000);
    expect(done).toEqual({ event: 'done', complete: 4, failed: 0, cancelled: 0, rejected: 1 });

    // One platform upload per supported file, none for the text file.
    expect(rig.sandbox.admin.store.data.uploads.length - uploadsBefore).toBe(4);
    expect(uploadsOf('setlist')).toEqual([]);
    for (const row of queue.rows()) {
      expect(row.state).toBe('complete');
      const uploads = uploadsOf(row.title);
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).toMatchObject({ status: 'complete', description: 'Festival 2026', protect: 'private' });
      const video = rig.sandbox.admin.store.video(row.videoId!);
      expect(video?.fileSize).toBe(row.size);
      expect(await sha256(video!.filePath!)).toBe(await sha256(row.file));
    }
    // The platform's steps were each seen, in order, for a file.
    const big = queue.rows().find((row) => row.title === 'main stage')!;
    const statuses = events.of('status').filter((event) => event.id === big.id).map((event) => event.status);
    expect(statuses[0]).toBe('initiated');
    expect(statuses.at(-1)).toBe('complete');
    expect(events.of('progress').filter((event) => event.id === big.id).length).toBeGreaterThan(2);

    // No FTP password is written anywhere but the keychain, and none is left there once `ready` was sent.
    const journalText = await readFile(journal, 'utf8');
    for (const row of queue.rows()) expect(journalText).not.toContain(rig.sandbox.admin.store.upload(row.videoId!)!.ftpPassword);
    expect(journalText).not.toContain(rig.token);
    expect(secretTool(['search', '--all', 'service', rig.vault.profile]).stdout).not.toContain('upload-password');
    await queue.close();
    await rm(media, { recursive: true, force: true });
  });
});

describe('interruptions', () => {
  it('resumes a paused transfer from the byte the server has, and honours the speed limit', { timeout: 60_000 }, async () => {
    const file = join(rig.work, 'paused.avi');
    const size = await makeBigVideo(file, 6);
    const limit = 2 * 1024 * 1024;
    const { queue, events } = rig.queue({ speedLimit: limit });
    await queue.add([file], { channelId: rig.channelId });
    const started = performance.now();
    queue.start();
    const crossed = await events.waitFor('progress', 20_000, (event) => event.bytes > size / 3);
    const elapsedSeconds = (performance.now() - started) / 1000;
    queue.pause();
    const paused = await events.waitFor('paused', 5000, () => true, true);
    expect(paused.reason).toBe('user');
    await expect.poll(() => queue.rows()[0]!.state).toBe('waiting');
    queue.setSpeedLimit(null);
    queue.resume();
    const transferred = await events.waitFor('transferred', 20_000);
    expect(transferred.resumedFrom).toBeGreaterThan(size / 3);
    expect((await events.waitFor('done', 20_000)).complete).toBe(1);
    expect(uploadsOf('paused')).toHaveLength(1);
    // Under the limit, measured on the test's own clock over the whole limited stretch: at most the limit,
    // plus the quarter second the bucket may hold and one 64 KiB slice. (Single progress steps are not
    // compared: on a loaded machine the meter's short window sees bursts of bytes that waited in the socket.)
    expect(crossed.bytes).toBeLessThanOrEqual(limit * (elapsedSeconds + 0.25) + 64 * 1024);
    expect(events.of('progress').some((event) => event.bytes < transferred.resumedFrom && event.speed > 0)).toBe(true);
    const video = rig.sandbox.admin.store.video(queue.rows()[0]!.videoId!);
    expect(await sha256(video!.filePath!)).toBe(await sha256(file));
    await queue.close();
  });

  it('pauses for a sign-in when the token expires, and goes on after the next sign-in', { timeout: 60_000 }, async () => {
    const first = join(rig.work, 'before expiry.mp4');
    const second = join(rig.work, 'after expiry.mp4');
    await makeClip(first);
    await makeClip(second);
    const { queue, events } = rig.queue({ concurrency: 1 });
    await queue.add([first], { channelId: rig.channelId });
    queue.start();
    await events.waitFor('complete', 20_000);
    rig.sandbox.admin.expireToken(rig.token);
    await queue.add([second], { channelId: rig.channelId });
    const paused = await events.waitFor('paused', 10_000);
    expect(paused).toMatchObject({ reason: 'sign-in', message: expect.stringMatching(/Sign in again/) });
    expect(queue.totals().paused).toBe('sign-in');
    expect(uploadsOf('after expiry')).toEqual([]);
    await rig.signInAgain();
    queue.signedIn();
    expect((await events.waitFor('complete', 20_000)).title).toBe('after expiry');
    expect(uploadsOf('after expiry')).toHaveLength(1);
    await queue.close();
  });

  it('fails only the file that cannot be read, and a file the platform cannot process; a retry of that one starts a new upload', { timeout: 60_000 }, async () => {
    const folder = join(rig.work, 'mixed');
    await mkdir(folder);
    await makeClip(join(folder, 'a good.mp4'));
    await makeClip(join(folder, 'c vanished.mp4'));
    // Starts like an mp4, so the app takes it; the platform cannot process it.
    await writeFile(join(folder, 'b not a video.mp4'), Buffer.concat([fakeVideo('mp4', 12), Buffer.from('this is text, not video\n'.repeat(100))]));
    const { queue, events } = rig.queue({ concurrency: 1 });
    await queue.add([folder], { channelId: rig.channelId });
    await rm(join(folder, 'c vanished.mp4'));
    queue.start();
    const done = await events.waitFor('done', 30_000);
    expect(done).toMatchObject({ complete: 1, failed: 2 });
    const byTitle = Object.fromEntries(queue.rows().map((row) => [row.title, row]));
    expect(byTitle['a good']!.state).toBe('complete');
    expect(byTitle['c vanished']).toMatchObject({ state: 'failed', failure: expect.stringMatching(/^The file could not be read: it is no longer there/) });
    expect(byTitle['b not a video']).toMatchObject({ state: 'failed', platformStatus: 'error', failure: expect.stringMatching(/could not process the file/) });

    queue.retry(byTitle['b not a video']!.id);
    await events.waitFor('done', 30_000);
    // Retried as a new platform upload (the old one ended in error), which fails the same way.
    expect(uploadsOf('b not a video').map((upload) => upload.status)).toEqual(['error', 'error']);
    expect(uploadsOf('a good')).toHaveLength(1);
    await queue.close();
  });
});
