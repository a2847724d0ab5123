// Today's upload in 1 MiB parts end to end, over real HTTP against a real sandbox, as the app's part
// transport will drive it: a 50 MiB video sent out of order with several parts in flight and parts sent
// twice (a wrong version replaced by the right one, and a plain resend), then a 1 GiB video read from disk
// part by part, with the sandbox's memory watched. The operator's calls prove the bytes at the sandbox are
// the source's and that one file made one upload and one video.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { makeLargeNoiseVideo, makeNoiseVideo } from '../../support/noise-video.js';
import { createUpload, inspectUpload, partForm, PART_SIZE, post, sendCompleted, sendPart, titled, uploadPath, type CreatedUpload, type PartAnswer } from '../../support/part-upload-client.js';
import { passwordToken } from '../../support/sandbox-client.js';

const STEP_MS = 40;
const IN_FLIGHT = 4;

let work: string;
let sandbox: Sandbox;
let token: string;
let channelId: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'part-upload-test-'));
  sandbox = await startSandbox({ uploadStepMs: STEP_MS, dataDir: await mkdtemp(join(work, 'sandbox-')) });
  token = await passwordToken(sandbox);
  channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;
});

afterAll(async () => {
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
});

/** Runs `send` for every index, at most IN_FLIGHT at once; every answer must be 200. */
async function sendAll(indexes: readonly number[], send: (index: number) => Promise<PartAnswer>): Promise<void> {
  const queue = [...indexes];
  const worker = async (): Promise<void> => {
    // Bounded by the queue: each pass takes one index.
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const answer = await send(index);
      expect(answer.status, `part ${index}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** The same permutation every run (a small linear congruential generator), so a failure can be replayed. */
function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  let seed = 20_261_126;
  for (let index = count - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = seed % (index + 1);
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

async function finalStatus(upload: CreatedUpload): Promise<{ status: string; progress: number }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${sandbox.apiUrl}/channels/${channelId}/uploads/${upload.videoId}.json`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { status: string; progress: number };
    if (body.status === 'complete' || body.status === 'error') return body;
    if (Date.now() > deadline) throw new Error(`upload ${upload.videoId} still ${body.status} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('upload in parts', () => {
  it('50 MiB out of order, 4 in flight, a wrong part replaced and a part resent: same bytes, one upload, one video', { timeout: 120_000 }, async () => {
    const { data, sha256 } = await makeNoiseVideo(join(work, 'fifty.mkv'), 50 * PART_SIZE);
    const count = Math.ceil(data.length / PART_SIZE);
    expect(count).toBeGreaterThanOrEqual(50);
    const title = `Fifty MiB ${Date.now()}`;
    const upload = await createUpload(sandbox, token, channelId, { title });

    // Part 7 first with wrong bytes of the right size; the right ones come later, in the shuffle.
    const wrong = Buffer.from(data);
    wrong.fill(0, 7 * PART_SIZE, 8 * PART_SIZE);
    expect((await sendPart(sandbox, token, channelId, upload, wrong, 7)).status).toBe(200);
    const order = shuffled(count);
    expect(order.slice(0, 10), 'out of order').not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await sendAll(order, (index) => sendPart(sandbox, token, channelId, upload, data, index));
    // A client resending after a crash: the same part again is fine.
    const resent = await sendPart(sandbox, token, channelId, upload, data, count - 1);
    expect([resent.status, resent.body.replaced, resent.body.partsHeld]).toEqual([200, true, count]);

    const held = await inspectUpload(sandbox, upload.videoId);
    expect([held.partsHeld, held.firstMissingPart, held.fileSize, held.sha256]).toEqual([count, null, data.length, sha256]);
    expect((await sendCompleted(sandbox, token, channelId, upload)).status).toBe(200);
    expect(await finalStatus(upload)).toEqual({ status: 'complete', progress: 100 });

    const done = await inspectUpload(sandbox, upload.videoId);
    expect(done.sha256, 'the bytes of the video at the sandbox').toBe(sha256);
    expect(done.file.endsWith('.mkv'), `the file is named for its container: ${done.file}`).toBe(true);
    const carrying = await titled(sandbox, title);
    expect(carrying.uploads.map((entry) => entry.videoId)).toEqual([String(upload.videoId)]);
    expect(carrying.videos).toEqual([expect.objectContaining({ id: String(upload.videoId), fileSize: data.length })]);
  });

  it('parts survive a sandbox restart with --state and the same data dir: the rest is sent, the bytes are whole', { timeout: 60_000 }, async () => {
    const { data, sha256 } = await makeNoiseVideo(join(work, 'restart.mkv'), 5.5 * PART_SIZE);
    const count = Math.ceil(data.length / PART_SIZE);
    const options = { uploadStepMs: STEP_MS, stateFile: join(work, 'restart-state.json'), dataDir: await mkdtemp(join(work, 'restart-')) };
    const first = await startSandbox(options);
    let upload: CreatedUpload;
    let bearer: string;
    let channel: string;
    try {
      bearer = await passwordToken(first);
      channel = first.admin.store.data.channels.find((entry) => entry.title === 'Demo Live')!.id;
      upload = await createUpload(first, bearer, channel, { title: `Restart ${Date.now()}` });
      await sendAll([0, 2, 4], (index) => sendPart(first, bearer, channel, upload, data, index));
    } finally {
      await first.close();
    }
    const second = await startSandbox(options);
    try {
      expect((await inspectUpload(second, upload.videoId)).partsHeld, 'parts held across the restart').toBe(3);
      await sendAll([1, 3, 5, 2], (index) => sendPart(second, bearer, channel, upload, data, index));
      expect(count).toBe(6);
      expect((await sendCompleted(second, bearer, channel, upload)).status).toBe(200);
      expect((await inspectUpload(second, upload.videoId)).sha256).toBe(sha256);
    } finally {
      await second.close();
    }
  });

  it('1 GiB read from disk part by part: the bytes arrive whole and the sandbox does not hold the file in memory', { timeout: 300_000 }, async () => {
    const file = join(work, 'one-gib.mkv');
    const { size, sha256 } = await makeLargeNoiseVideo(file, 1024 * PART_SIZE);
    const handle = await open(file, 'r');
    try {
      const count = Math.ceil(size / PART_SIZE);
      const upload = await createUpload(sandbox, token, channelId, { title: `One GiB ${Date.now()}` });
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = Date.now();
      try {
        await sendAll(Array.from({ length: count }, (_, index) => index), async (index) => {
          const bytes = Buffer.alloc(Math.min(PART_SIZE, size - index * PART_SIZE));
          await handle.read(bytes, 0, bytes.length, index * PART_SIZE);
          const form = partForm({ uploadId: upload.uploadId, partIndex: index, totalPartCount: count, totalFileSize: size, file: bytes });
          return post(sandbox, token, uploadPath(channelId, upload.videoId, 'part'), form);
        });
      } finally {
        clearInterval(sampler);
      }
      const seconds = (Date.now() - started) / 1000;
      // Client and sandbox share this process; both hold a few parts at a time, never the file.
      const grownMiB = (peak - baseline) / PART_SIZE;
      console.info(`1 GiB in ${count} parts: ${seconds.toFixed(1)} s, ${(size / PART_SIZE / seconds).toFixed(0)} MiB/s, RSS grew at most ${grownMiB.toFixed(0)} MiB`);
      expect(grownMiB, 'memory growth while 1 GiB went through').toBeLessThan(512);
      expect((await inspectUpload(sandbox, upload.videoId)).sha256).toBe(sha256);
      expect((await sendCompleted(sandbox, token, channelId, upload)).status).toBe(200);
      expect(await finalStatus(upload)).toEqual({ status: 'complete', progress: 100 });
    } finally {
      await handle.close();
    }
  });
});
