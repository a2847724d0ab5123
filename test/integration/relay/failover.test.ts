// Mid-stream failover between two independent ingests: ffmpeg publishes a synthetic stream to the local
// ingest, the relay publishes it to nginx-rtmp #1, #1 is SIGKILLed mid-stream, and #2 must receive the
// stream within 3 s, starting at a keyframe, as H.264 + AAC that ffprobe reads, while the encoder never
// notices (it finishes its run and exits 0).
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig, staticTargets } from './relay-harness.js';

const cleanup = new Cleanup();
const encoders = new Encoders();

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
});

/** Polls until `nginx` holds a recording of at least `bytes`; returns when it saw it (ms since the epoch). */
async function receivedAt(nginx: NginxRtmp, bytes: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await nginx.recordings();
    if (files.some((file) => file.size >= bytes)) return Date.now();
    await delay(25);
  }
  throw new Error(`nginx on port ${nginx.port} received less than ${bytes} bytes within ${timeoutMs} ms`);
}

it('moves to the next ingest within 3 s of a kill, starting at a keyframe, and the encoder never notices', async () => {
  const first = await startNginxRtmp();
  cleanup.add(() => first.close());
  const second = await startNginxRtmp();
  cleanup.add(() => second.close());
  const rig = await startRig(cleanup, 'local_failover', {
    targets: staticTargets([
      { id: 'primary', label: 'nginx #1', url: `${first.url}/show` },
      { id: 'backup', label: 'nginx #2', url: `${second.url}/show` },
    ]),
  });

  const encoder = encoders.publish(rig.publishUrl, 10);
  await rig.events.waitFor('target-connected', 10_000, (event) => event.target.id === 'primary');
  await receivedAt(first, 100_000, 5000);
  expect(await second.recordings()).toEqual([]);

  const killedAt = Date.now();
  first.kill();
  // Any growth past the FLV header and the codec configurations is media.
  const arrivedAt = await receivedAt(second, 20_000, 3000);
  const failoverMs = arrivedAt - killedAt;
  console.info(`failover: nginx #2 received the stream ${failoverMs} ms after nginx #1 was killed`);
  expect(failoverMs).toBeLessThan(3000);

  const failed = await rig.events.waitFor('target-failed', 3000, (event) => event.target.id === 'primary');
  expect(failed.fatal).toBe(false);
  const switched = await rig.events.waitFor('switched', 5000);
  expect(switched).toMatchObject({ from: { id: 'primary', label: 'nginx #1' }, to: { id: 'backup', label: 'nginx #2' } });
  expect(switched.at - killedAt).toBeLessThan(3000);
  expect(rig.relay.stats()).toMatchObject({ activeTargetId: 'backup', targets: [{ id: 'primary', state: 'failed', active: false }, { id: 'backup', state: 'live', active: true, lastSwitchAt: switched.at }] });

  expect(await encoder.exited).toBe(0);
  // The encoder's last frames reach nginx #2 before the relay ends its publish.
  await delay(500);
  await rig.relay.stop('test over');
  const [recording] = await second.recordings();
  expect(await probe(recording!.path, '-show_entries', 'stream=codec_name')).toBe('h264\naac');
  // `1,` when the frame carries side data (x264 puts its settings in the encode's very first keyframe), `1` otherwise.
  expect(await probe(recording!.path, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1')).toMatch(/^1,?$/);
  // The encoder ran 10 s; nginx #2 got the rest of it, from the keyframe before the kill on.
  expect(Number(await probe(recording!.path, '-show_entries', 'format=duration'))).toBeGreaterThan(3);
  expect(rig.logger.lines.join('\n')).not.toContain('local_failover');
  expect(rig.logger.lines.join('\n')).not.toMatch(/\/live\/show/);
}, 40_000);
