// An upload cut mid-file whose FTP server has gone away (the platform moved it; an embedded sandbox that came
// back elsewhere) finishes: the queue asks the platform for a new upload of the file once, instead of retrying
// a dead address forever. A real sandbox is stopped mid-transfer and started again from its state on new
// ports; the queue is reopened on the same journal, as after a crash.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBigVideo, sha256 } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;
beforeAll(async () => {
  rig = await startUploadRig();
});
afterAll(async () => {
  await rig?.close();
});

it('a resumed upload whose FTP server is gone starts again as a new upload, once, and completes', { timeout: 60_000 }, async () => {
  const file = join(rig.work, 'cut.avi');
  const size = await makeBigVideo(file, 4);
  const before = rig.queue({ speedLimit: 1024 * 1024 });
  await before.queue.add([file], { channelId: rig.channelId });
  before.queue.start();
  await before.events.waitFor('progress', 20_000, (event) => event.bytes > size / 4);
  const firstVideo = before.queue.rows()[0]!.videoId!;
  await before.queue.close();

  // The platform comes back from its state, but its FTP server listens elsewhere now.
  const oldFtp = rig.sandbox.ftpUrl;
  await rig.restartPlatform();
  expect(rig.sandbox.ftpUrl).not.toBe(oldFtp);

  const after = rig.queue({ journal: before.journal });
  // While the dead address is tried again, the row says so: when, which attempt, and why in words.
  const retriesShown: unknown[] = [];
  after.events.onEvent = (event) => {
    if (event.event === 'retrying') retriesShown.push(after.queue.rows()[0]!.retry);
  };
  after.queue.start();
  const done = await after.events.waitFor('done', 30_000);
  expect(done).toMatchObject({ complete: 1, failed: 0 });
  const oldAddress = new URL(oldFtp).host;
  expect(after.events.of('retrying')[0]).toMatchObject({ attempt: 2, reason: `The upload server ${oldAddress} refused the connection: nothing answers at that address now.` });
  expect(retriesShown[0]).toMatchObject({ attempt: 2, reason: expect.stringContaining(oldAddress), at: expect.any(Number) });
  expect(after.queue.rows()[0]!.retry).toBeNull();
  const row = after.queue.rows()[0]!;
  expect(row.videoId).not.toBe(firstVideo);
  expect(rig.logLines.filter((line) => line.includes('asking the platform for a new upload of the file'))).toHaveLength(1);
  const video = rig.sandbox.admin.store.video(row.videoId!);
  expect(await sha256(video!.filePath!)).toBe(await sha256(file));
  await after.queue.close();
});
