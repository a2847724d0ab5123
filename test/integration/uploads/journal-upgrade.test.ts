// An app updated in the middle of an upload: the transfer was cut with the journal in version 1 (the FTP
// upload's details and one `transferred` flag, as the app wrote it before upload transports). The new
// queue reads that journal, rewrites it in version 2, and goes on against the sandbox's real FTP server
// with the same platform upload, from the byte the server has, to a byte-identical video.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { UploadJournal } from '../../../main/uploads/upload-journal.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeBigVideo, sha256 } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  rig = await startUploadRig();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

/** Rewrites the journal's items as version 1 wrote them (FTP details, no header line). */
function asVersion1(file: string): void {
  const { journal, opening } = UploadJournal.open(file);
  journal.close();
  const items = opening.items.map(({ upload, ...rest }) => {
    const ticket = upload!.ticket;
    const v1Upload = { videoId: ticket.videoId, path: String(ticket.remoteName).replace(/\.[^.]+$/, ''), host: ticket.host, port: ticket.port, user: ticket.user };
    return { t: 'item', item: { ...rest, upload: v1Upload, transferred: false } };
  });
  writeFileSync(file, items.map((record) => `${JSON.stringify(record)}\n`).join(''));
}

it('resumes a transfer cut under a version 1 journal, with the same platform upload, and completes', { timeout: 60_000 }, async () => {
  const file = join(rig.work, 'before the update.avi');
  const size = await makeBigVideo(file, 6);
  const before = rig.queue({ speedLimit: 2 * 1024 * 1024 });
  await before.queue.add([file], { channelId: rig.channelId });
  before.queue.start();
  await before.events.waitFor('progress', 20_000, (event) => event.bytes > size / 3);
  const videoId = before.queue.rows()[0]!.videoId!;
  await before.queue.close();
  asVersion1(before.journal);
  expect(readFileSync(before.journal, 'utf8')).not.toContain('"t":"journal"');
  expect(readFileSync(before.journal, 'utf8')).toContain('"transferred":false');

  const after = rig.queue({ journal: before.journal });
  expect(readFileSync(before.journal, 'utf8').split('\n')[0]).toBe(JSON.stringify({ t: 'journal', version: 2 }));
  expect(after.queue.rows()[0]).toMatchObject({ state: 'waiting', videoId });
  after.queue.start();
  expect(await after.events.waitFor('done', 30_000)).toMatchObject({ complete: 1, failed: 0 });
  const transferred = after.events.of('transferred')[0]!;
  expect(transferred.resumedFrom).toBeGreaterThan(size / 3);
  expect(after.queue.rows()[0]!.videoId).toBe(videoId);
  expect(rig.sandbox.admin.store.data.uploads.filter((upload) => upload.title === 'before the update')).toHaveLength(1);
  expect(await sha256(rig.sandbox.admin.store.video(videoId)!.filePath!)).toBe(await sha256(file));
  await after.queue.close();
});
