// The relay against the sandbox's TLS ingest, as a client of today's platform meets it: ingest.json gives
// `rtmps_url` beside `rtmp_url`, the app orders TLS first, ffmpeg publishes to the local ingest and the relay
// carries the stream over RTMPS (trusting the sandbox's own authority, handed to the sandbox profile only);
// the cloud recording reads in ffprobe. A certificate from another authority, or the sandbox's without its
// authority, is refused in words as `untrusted` and the failover moves to RTMP. When the TLS ingest goes
// down mid-stream, the relay moves to RTMP and the encoder never notices.
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { createServer } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestTargets } from '../../../main/live/ingest-targets.js';
import { ingestSettingsSchema } from '../../../main/platform/endpoints/schemas.js';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher } from '../../../main/relay/rtmp-publisher.js';
import type { TargetSpec } from '../../../main/relay/relay-types.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { issueToken } from '../../../sandbox/auth/token-issuer.js';
import { issueTlsCertificates } from '../../../sandbox/live/tls-certificates.js';
import type { Channel } from '../../../sandbox/state/model.js';
import { api } from '../../support/sandbox-client.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig, staticTargets } from './relay-harness.js';

const cleanup = new Cleanup();
const perTest = new Cleanup();
const encoders = new Encoders();
let sandbox: Sandbox;
/** A user token of the native client of today's platform: its calls meet the current dialect. */
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  cleanup.add(() => sandbox.close());
  const demo = sandbox.admin.store.accountByUsername(sandbox.demo.username)!;
  token = issueToken(sandbox.admin.store, { clientId: sandbox.nativeClient.id, userId: demo.id, type: 'bearer', scopes: [], deviceName: null }).accessToken;
});

afterEach(async () => {
  encoders.killAll();
  await perTest.close();
});

afterAll(() => cleanup.close());

function channelTitled(title: string): Channel {
  return sandbox.admin.store.data.channels.find((channel) => channel.title === title)!;
}

/** The channel's targets as the live service orders them in the current dialect (TLS first). */
async function currentTargets(channel: Channel): Promise<TargetSpec[]> {
  const answer = await api(sandbox, token, 'GET', `/channels/${channel.id}/ingest.json`);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ ingest: { rtmp_url: sandbox.rtmpUrl, rtmps_url: sandbox.rtmpsUrl, channel_key: expect.any(String), streaming_key: expect.any(String) } });
  return ingestTargets(ingestSettingsSchema.parse(answer.body), [], { preferTls: true });
}

describe('RTMPS to the sandbox', () => {
  it('publishes over TLS with the sandbox authority trusted; the cloud recording reads in ffprobe', async () => {
    const channel = channelTitled('Demo Live');
    const targets = await currentTargets(channel);
    expect(targets.map((target) => target.id)).toEqual(['ingest-tls', 'ingest-1']);
    expect(targets[0]!.url.startsWith(sandbox.rtmpsUrl)).toBe(true);
    const rig = await startRig(perTest, 'local_rtmps_key', { targets: staticTargets(targets), publisher: { extraCaCerts: [sandbox.rtmpsCaCertificate] } });
    const encoder = encoders.publish(rig.publishUrl, 8);
    expect(await rig.events.waitFor('target-connected', 15_000)).toMatchObject({ target: { id: 'ingest-tls' } });
    await expect.poll(() => channel.status, { timeout: 5000 }).toBe('live');

    const recorder = `/channels/${channel.id}/recorder.json`;
    expect((await api(sandbox, token, 'POST', recorder, { command: 'start' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const stop = await api<{ video: { id: string } }>(sandbox, token, 'POST', recorder, { command: 'stop' });
    expect(stop.status).toBe(202);
    const file = sandbox.admin.store.video(stop.body.video.id)!.filePath!;
    expect((await probe(file, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
    expect(Number(await probe(file, '-show_entries', 'format=duration'))).toBeGreaterThan(2);

    expect(await encoder.exited).toBe(0);
    expect(rig.events.of('target-failed')).toEqual([]);
    expect(rig.logger.lines.join('\n')).not.toContain(targets[0]!.url.split('/').at(-1));
  }, 40_000);

  it('refuses the sandbox certificate without its authority, in words, and fails over to RTMP', async () => {
    const channel = channelTitled('Backstage');
    const targets = await currentTargets(channel);
    // The system's authorities alone: the sandbox's own is not among them.
    const rig = await startRig(perTest, 'local_untrusted', { targets: staticTargets(targets) });
    const encoder = encoders.publish(rig.publishUrl, 5);
    const failed = await rig.events.waitFor('target-failed', 15_000);
    expect(failed).toMatchObject({ target: { id: 'ingest-tls' }, kind: 'untrusted', fatal: false });
    expect(failed.reason).toMatch(/^the ingest's certificate is not trusted: it is signed by an authority this computer does not trust \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)\. If the ingest is your own server/);
    expect(await rig.events.waitFor('target-connected', 15_000)).toMatchObject({ target: { id: 'ingest-1' } });
    expect(rig.relay.stats().targets.find((target) => target.id === 'ingest-tls')).toMatchObject({ state: 'failed', lastFailure: 'untrusted' });
    expect(await encoder.exited).toBe(0);
  }, 40_000);

  it('refuses a TLS ingest whose certificate comes from another authority, or names another host', async () => {
    const other = issueTlsCertificates({ names: ['ingest.example.test'], authorityName: 'Someone else' });
    const impostor = createServer({ key: other.key, cert: other.certificate }, (client) => {
      const upstream = connect(Number(new URL(sandbox.rtmpUrl).port), '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    impostor.listen(0, '127.0.0.1');
    await once(impostor, 'listening');
    perTest.add(() => new Promise((resolve) => impostor.close(resolve)));
    const url = `rtmps://127.0.0.1:${(impostor.address() as AddressInfo).port}/live/some-key`;
    const open = rtmpPublisher({ ...DEFAULT_PUBLISHER_OPTIONS, extraCaCerts: [sandbox.rtmpsCaCertificate] });
    await expect(open(url)).rejects.toMatchObject({ kind: 'untrusted', message: expect.stringMatching(/^the ingest's certificate is not trusted: it is signed by an authority this computer does not trust/) });
    // Its authority trusted, but the certificate is for another host than the one dialled.
    const trusting = rtmpPublisher({ ...DEFAULT_PUBLISHER_OPTIONS, extraCaCerts: [other.caCertificate] });
    await expect(trusting(url)).rejects.toMatchObject({
      kind: 'untrusted',
      message: expect.stringMatching(/^the ingest's certificate is not trusted: it was issued for other names \(.*127\.0\.0\.1.*\) \(ERR_TLS_CERT_ALTNAME_INVALID\)\. Check the ingest address/),
    });
  }, 20_000);

  it('moves from the TLS ingest to RTMP when the TLS ingest goes down mid-stream; the encoder never notices', async () => {
    const channel = channelTitled('Locked Room');
    const targets = await currentTargets(channel);
    const rig = await startRig(perTest, 'local_failover', { targets: staticTargets(targets), publisher: { extraCaCerts: [sandbox.rtmpsCaCertificate] } });
    const encoder = encoders.publish(rig.publishUrl, 12);
    expect(await rig.events.waitFor('target-connected', 15_000)).toMatchObject({ target: { id: 'ingest-tls' } });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await sandbox.admin.stopTlsIngest()).toBe(true);
    const switched = await rig.events.waitFor('switched', 15_000);
    expect(switched).toMatchObject({ from: { id: 'ingest-tls' }, to: { id: 'ingest-1' } });
    await expect.poll(() => channel.status, { timeout: 5000 }).toBe('live');
    expect(await encoder.exited).toBe(0);
    // One encoder connection, no disconnect until it ended by itself.
    expect(rig.ingestEvents.of('encoder-connected')).toHaveLength(1);
    const disconnected = rig.ingestEvents.of('encoder-disconnected');
    expect(disconnected.length).toBeLessThanOrEqual(1);
    if (disconnected[0]) expect(disconnected[0].at).toBeGreaterThan(switched.at);
  }, 40_000);
});
