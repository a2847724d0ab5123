// FTP logins kept between files (ftp-sessions.ts), against pure-ftpd handed out by the sandbox with the same
// login for every upload, its control port behind a proxy that counts the logins the server sees
// (test/support/ftp-control-proxy.ts): a batch logs in once per slot, not once per file; a connection the
// server closed between files, or one that went dead unseen, is replaced by a new login and every file
// still completes, byte-identical, with no failed step to retry.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFtpControlProxy, type FtpControlProxy } from '../../support/ftp-control-proxy.js';
import { requireKeyring } from '../../support/keyring.js';
import { startPureFtpd, type PureFtpd } from '../../support/pure-ftpd.js';
import { makeClip, sha256 } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;
let ftpd: PureFtpd;
let proxy: FtpControlProxy;
let clip: string;
let folders = 0;

let ftpdDir: string | undefined;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  ftpdDir = await mkdtemp(join(tmpdir(), 'companion-pure-ftpd-'));
  ftpd = await startPureFtpd(ftpdDir, { passivePorts: '30600:30699' });
  proxy = await startFtpControlProxy(ftpd.port);
  rig = await startUploadRig({ externalFtp: { url: `ftp://${ftpd.user}:${ftpd.password}@127.0.0.1:${proxy.port}`, root: ftpd.root } });
  clip = join(rig.work, 'clip.mp4');
  await makeClip(clip);
}, 60_000);

afterAll(async () => {
  await rig?.close();
  await proxy?.close();
  await ftpd?.stop();
  if (ftpdDir) await rm(ftpdDir, { recursive: true, force: true });
});

/** A folder of `count` copies of the clip, each its own file (and video). */
async function clips(count: number): Promise<string> {
  const folder = join(rig.work, `batch-${++folders}`);
  await mkdir(folder);
  for (let index = 1; index <= count; index += 1) await copyFile(clip, join(folder, `clip ${index}.mp4`));
  return folder;
}

describe('FTP logins kept between files (pure-ftpd, the same login for every upload)', () => {
  it('logs in once per slot for a whole batch, every file byte-identical on the server', { timeout: 90_000 }, async () => {
    const before = proxy.logins();
    const { queue, events } = rig.queue({ concurrency: 3 });
    await queue.add([await clips(9)], { channelId: rig.channelId });
    queue.start();
    expect(await events.waitFor('done', 80_000)).toMatchObject({ complete: 9, failed: 0 });
    expect(proxy.logins() - before).toBe(3);
    for (const row of queue.rows()) {
      const video = rig.sandbox.admin.store.video(row.videoId!)!;
      expect(await sha256(video.filePath!)).toBe(await sha256(clip));
    }
    await queue.close();
  });

  it('logs in again when the server closed the kept connections between files, and the next files complete', { timeout: 90_000 }, async () => {
    const { queue, events } = rig.queue({ concurrency: 1 });
    queue.start();
    await queue.add([await clips(2)], { channelId: rig.channelId });
    expect(await events.waitFor('done', 40_000)).toMatchObject({ complete: 2 });
    const before = proxy.logins();
    proxy.cutAll();
    await queue.add([await clips(2)], { channelId: rig.channelId });
    expect(await events.waitFor('done', 40_000, (done) => done !== events.of('done')[0])).toMatchObject({ complete: 2, failed: 0 });
    expect(proxy.logins() - before).toBe(1);
    expect(events.of('retrying')).toEqual([]);
    await queue.close();
  });

  it('logs in again at once when a kept connection went dead unseen, without a failed step', { timeout: 90_000 }, async () => {
    const { queue, events } = rig.queue({ concurrency: 1 });
    queue.start();
    await queue.add([await clips(1)], { channelId: rig.channelId });
    expect(await events.waitFor('done', 40_000)).toMatchObject({ complete: 1 });
    const before = proxy.logins();
    proxy.deadenAll();
    await queue.add([await clips(2)], { channelId: rig.channelId });
    expect(await events.waitFor('done', 40_000, (done) => done !== events.of('done')[0])).toMatchObject({ complete: 2, failed: 0 });
    expect(proxy.logins() - before).toBe(1);
    expect(events.of('retrying')).toEqual([]);
    await queue.close();
  });
});
