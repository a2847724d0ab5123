// A status poll that meets the platform's rate limit (spec: 429 with Retry-After and the X-RateLimit
// headers) is waited out by the platform client (retrying-fetch.ts, rate-limit-gate.ts), not tried again by
// the status follower at its own pace: with polls asked every 5 ms and a budget of 2 calls a second, the
// sandbox answers few 429s, the follower never sees one, and the file completes.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { requireKeyring } from '../../support/keyring.js';
import { makeClip } from './upload-media.js';
import { startUploadRig, type UploadRig } from './upload-rig.js';

let rig: UploadRig;
const realFetch = globalThis.fetch;

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  rig = await startUploadRig({ uploadStepMs: 200 });
}, 60_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await rig?.close();
});

it('waits out the rate limit on status polls through the platform client; the follower does not hammer', { timeout: 60_000 }, async () => {
  const clip = join(rig.work, 'clip.mp4');
  await makeClip(clip);
  const polls: number[] = [];
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if ((init?.method ?? 'GET') === 'GET' && /\/uploads\/[^/]+\.json/.test(url)) polls.push(response.status);
    return response;
  };
  const { queue, events } = rig.queue({ pollDelaysMs: [5] });
  await queue.add([clip], { channelId: rig.channelId });
  rig.sandbox.admin.setRateLimit({ limit: 2, windowSeconds: 1 });
  const started = performance.now();
  queue.start();
  expect(await events.waitFor('done', 50_000)).toMatchObject({ complete: 1, failed: 0 });
  const seconds = (performance.now() - started) / 1000;
  expect(rig.logLines.filter((line) => line.includes('status poll failed'))).toEqual([]);
  // Asked every 5 ms by the follower, the polls went at the budget's pace: the 429s are the client's own
  // few (one per window at most), not one every 5 ms.
  const refused = polls.filter((status) => status === 429).length;
  // The budget was met (the sandbox answered 429 at least once), and the client then waited for the reset.
  expect(polls, JSON.stringify(polls)).toContain(429);
  expect(refused, JSON.stringify(polls)).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  expect(polls.length - refused).toBeLessThanOrEqual(2 * (Math.ceil(seconds) + 1));
});
