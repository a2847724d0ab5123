// The upload queue against an FTP server nobody here wrote: pure-ftpd (Debian), handed out by the sandbox
// as its FTP server. A mixed batch with a 500 MB file ends complete and byte-identical; a transfer cut by a
// pause resumes with APPE from pure-ftpd's SIZE; a refusal by the server fails the file with its words.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireKeyring } from '../../support/keyring.js';
import { startPureFtpd, type PureFtpd } from '../../support/pure-ftpd.js';
import { makeBigVideo, makeClip, sha256 } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;
let ftpd: PureFtpd;

let ftpdDir: string | undefined;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  ftpdDir = await mkdtemp(join(tmpdir(), 'companion-pure-ftpd-'));
  ftpd = await startPureFtpd(ftpdDir, { passivePorts: '30400:30499' });
  rig = await startUploadRig({ externalFtp: { url: ftpd.url, root: ftpd.root } });
}, 60_000);

afterAll(async () => {
  await rig?.close();
  await ftpd?.stop();
  if (ftpdDir) await rm(ftpdDir, { recursive: true, force: true });
});

const uploadsOf = (title: string) => rig.sandbox.admin.store.data.uploads.filter((upload) => upload.title === title);

describe('uploads to pure-ftpd', () => {
  it('end with every supported file complete and byte-identical, the 500 MB one included; the unsupported file is rejected before any platform call', { timeout: 240_000 }, async () => {
    const media = await mkdtemp(join(rig.work, 'batch-'));
    await makeBigVideo(join(media, 'keynote.avi'), 500);
    await makeClip(join(media, 'trailer.mp4'));
    await makeClip(join(media, 'backstage.mov'));
    await writeFile(join(media, 'poster.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const uploadsBefore = rig.sandbox.admin.store.data.uploads.length;
    const { queue, events } = rig.queue();
    const added = await queue.add([media], { channelId: rig.channelId });
    expect(added.rejected).toEqual([{ file: join(media, 'poster.png'), reason: expect.stringMatching(/^\.png files are not taken by the platform/) }]);
    expect(rig.sandbox.admin.store.data.uploads.length).toBe(uploadsBefore);
    queue.start();
    expect(await events.waitFor('done', 200_000)).toEqual({ event: 'done', complete: 3, failed: 0, cancelled: 0, rejected: 1 });
    expect(rig.sandbox.admin.store.data.uploads.length - uploadsBefore).toBe(3);
    for (const row of queue.rows()) {
      expect(uploadsOf(row.title)).toHaveLength(1);
      const video = rig.sandbox.admin.store.video(row.videoId!)!;
      expect(video.filePath!.startsWith(ftpd.root)).toBe(true);
      expect(await sha256(video.filePath!)).toBe(await sha256(row.file));
    }
    await queue.close();
  });

  it('resumes a cut transfer with APPE from the size pure-ftpd reports', { timeout: 60_000 }, async () => {
    const file = join(rig.work, 'resumed on pure-ftpd.avi');
    const size = await makeBigVideo(file, 8);
    const { queue, events } = rig.queue({ speedLimit: 4 * 1024 * 1024 });
    await queue.add([file], { channelId: rig.channelId });
    queue.start();
    await events.waitFor('progress', 20_000, (event) => event.bytes > size / 4);
    queue.pause();
    await expect.poll(() => queue.rows()[0]!.state).toBe('waiting');
    queue.setSpeedLimit(null);
    queue.resume();
    const transferred = await events.waitFor('transferred', 20_000);
    expect(transferred.resumedFrom).toBeGreaterThan(size / 4);
    expect((await events.waitFor('done', 20_000)).complete).toBe(1);
    const video = rig.sandbox.admin.store.video(queue.rows()[0]!.videoId!)!;
    expect(await sha256(video.filePath!)).toBe(await sha256(file));
    await queue.close();
  });

  it('fails a file the server refuses with the server\'s own words, without retrying it', { timeout: 60_000 }, async () => {
    const folder = join(rig.work, 'refused');
    await mkdir(folder);
    await makeClip(join(folder, 'refused.mp4'));
    // The virtual user may no longer write in its root.
    await chmod(ftpd.root, 0o555);
    try {
      const { queue, events } = rig.queue();
      await queue.add([folder], { channelId: rig.channelId });
      queue.start();
      const failed = await events.waitFor('failed', 20_000);
      expect(failed.reason).toMatch(/^The FTP server refused the file: 553 /);
      expect(rig.logLines.filter((line) => line.includes('trying again') && line.includes('553'))).toEqual([]);
      await queue.close();
    } finally {
      await chmod(ftpd.root, 0o755);
    }
  });
});
