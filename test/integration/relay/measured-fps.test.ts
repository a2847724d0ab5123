// The frame rate the Go live panel shows (issue 22, item 7: 31.6–41.6 fps were shown for an encoder sending
// 30): ffmpeg's test pattern at 30 fps through the local ingest and the relay to nginx-rtmp, the relay's
// stats read every 2 s as the app reads them, each one past the first seconds within one frame of 30.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig, staticTargets } from './relay-harness.js';

const encoders = new Encoders();
const cleanup = new Cleanup();
let nginx: NginxRtmp;

beforeAll(async () => {
  nginx = await startNginxRtmp();
});

afterEach(async () => {
  encoders.killAll();
  await cleanup.close();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await nginx?.close();
});

it('measures a 30 fps encoder at 29 to 31 fps in every stats sample after its first 2 s', async () => {
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const rig = await startRig(cleanup, 'key_fps', { targets: staticTargets([{ id: 'nginx', label: 'nginx', url: `${nginx.url}/fps` }]) });
  const encoder = encoders.publish(rig.publishUrl, 12);
  const connected = await rig.ingestEvents.waitFor('encoder-connected', 10_000);
  expect(await encoder.exited).toBe(0);

  const samples = rig.events
    .of('stats')
    .filter((event) => event.stats.encoder.connected && event.at >= connected.at + 2000)
    .map((event) => ({ afterSeconds: (event.at - connected.at) / 1000, fps: event.stats.encoder.measuredFps }));
  // ≥ 5 s of samples: the 12 s run gives about five, every 2 s.
  expect(samples.length).toBeGreaterThanOrEqual(4);
  expect(samples.at(-1)!.afterSeconds - samples[0]!.afterSeconds).toBeGreaterThanOrEqual(5);
  for (const sample of samples) expect(sample, JSON.stringify(samples)).toMatchObject({ fps: expect.toSatisfy((fps: number) => fps >= 29 && fps <= 31) });
}, 40_000);
