// RTMPS: the relay publishes over TLS (node:tls) to a TLS front of nginx-rtmp, checking the certificate.
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher } from '../../../main/relay/rtmp-publisher.js';
import { startNginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig, staticTargets, tempDir } from './relay-harness.js';
import { startTlsTerminator } from './tls-terminator.js';

const cleanup = new Cleanup();
const encoders = new Encoders();

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
});

it('publishes to an rtmps:// target over TLS, and refuses a certificate it does not trust', async () => {
  const nginx = await startNginxRtmp();
  cleanup.add(() => nginx.close());
  const front = await startTlsTerminator(await tempDir(cleanup, 'rtmps-'), nginx.port);
  cleanup.add(() => front.close());
  const url = `rtmps://127.0.0.1:${front.port}/live/secure`;

  await expect(rtmpPublisher(DEFAULT_PUBLISHER_OPTIONS)(url)).rejects.toMatchObject({
    kind: 'untrusted',
    message: expect.stringMatching(/^the ingest's certificate is not trusted: it is self-signed, by an authority this computer does not trust \(DEPTH_ZERO_SELF_SIGNED_CERT\)\./),
  });

  const rig = await startRig(cleanup, 'local_rtmps', {
    targets: staticTargets([{ id: 'tls', label: 'nginx behind TLS', url }]),
    publisher: { extraCaCerts: [front.certificate] },
  });
  const encoder = encoders.publish(rig.publishUrl, 3);
  await rig.events.waitFor('target-connected', 10_000);
  expect(await encoder.exited).toBe(0);
  await rig.relay.stop('test over');
  const files = await nginx.recordings();
  expect(files).toHaveLength(1);
  expect(await probe(files[0]!.path, '-show_entries', 'stream=codec_name')).toBe('h264\naac');
  expect(Number(await probe(files[0]!.path, '-show_entries', 'format=duration'))).toBeGreaterThan(2);
  expect((await nginx.log()).match(/publish: name='secure'/g)).toHaveLength(1);
}, 30_000);
