// A target that freezes mid-stream (its connection open, reading nothing, like a hung server) is noticed by its
// missing RTMP acknowledgements within the stall timeout, not when the kernel's send buffers are full half a
// minute later, and the relay moves to the next ingest while the encoder never notices.
import { afterAll, expect, it } from 'vitest';
import { startNginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig, staticTargets } from './relay-harness.js';

const cleanup = new Cleanup();
const encoders = new Encoders();

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
});

it('a frozen ingest is given up for its silence within the stall timeout, and the stream moves on', async () => {
  const first = await startNginxRtmp();
  cleanup.add(() => first.close());
  const second = await startNginxRtmp();
  cleanup.add(() => second.close());
  const rig = await startRig(cleanup, 'local_frozen', {
    targets: staticTargets([
      { id: 'primary', label: 'nginx #1', url: `${first.url}/show` },
      { id: 'backup', label: 'nginx #2', url: `${second.url}/show` },
    ]),
  });
  const encoder = encoders.publish(rig.publishUrl, 14);
  await rig.events.waitFor('target-connected', 10_000, (event) => event.target.id === 'primary');
  // Long enough for acknowledgements to have come (nginx sends one per window the relay asked for).
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const frozenAt = Date.now();
  first.freeze();
  const failed = await rig.events.waitFor('target-failed', 15_000, (event) => event.target.id === 'primary');
  const noticedMs = Date.now() - frozenAt;
  console.info(`frozen target: given up ${noticedMs} ms after nginx #1 froze (${failed.reason})`);
  expect(failed.reason).toMatch(/acknowledged none of the last \d+ KB for 5 s/);
  // The stall timeout (5 s) and the once-a-second check; the kernel's buffers would have taken far longer.
  expect(noticedMs).toBeLessThan(9000);
  await rig.events.waitFor('switched', 5000);
  first.thaw();
  expect(await encoder.exited).toBe(0);
}, 60_000);
